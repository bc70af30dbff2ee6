// One person: a drawn portrait placeholder (or their photo in slot `photo`), their
// name and their title.
import { Art } from './Art';

export function PersonCard({ name, title, photo }: { name: string; title: string; photo: string }) {
  return (
    <li class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Art kind="portrait" alt={`Photo of the ${title}`} photo={photo} ratio="aspect-square" class="rounded-none" />
      <div class="p-4">
        <p class="font-semibold text-slate-900">{name}</p>
        <p class="text-sm text-slate-700">{title}</p>
      </div>
    </li>
  );
}
