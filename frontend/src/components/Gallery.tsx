// A row of captioned drawings (or the volunteer's photos over them). On phones it
// shows fewer and smaller ones, so the facts a visitor came for are not pushed down.
import type { ArtKind } from '../content/art';
import { Art } from './Art';

export function Gallery({
  items,
  phone = 2,
  columns = 'sm:grid-cols-3',
  ratio,
}: {
  items: readonly { kind: ArtKind; alt: string }[];
  /** How many are shown below 640 px, two to a row. */
  phone?: number;
  /** The columns from 640 px up. */
  columns?: string;
  ratio?: string;
}) {
  return (
    <ul class={`grid grid-cols-2 gap-3 sm:gap-4 ${columns}`}>
      {items.map((item, i) => (
        <li key={item.alt} class={i >= phone ? 'hidden sm:block' : undefined}>
          <figure>
            <Art kind={item.kind} alt={item.alt} ratio={ratio} layout={columns.includes('grid-cols-4') ? 'gallery4' : 'gallery'} />
            {/* The drawing already carries these words as its name: screen readers hear them once. */}
            <figcaption aria-hidden="true" class="mt-2 text-sm text-slate-700">
              {item.alt}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
