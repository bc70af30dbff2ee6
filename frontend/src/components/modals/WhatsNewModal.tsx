// What's New: the community outreach card and the latest sermon, whose button
// closes this window and opens the sermon.
import { sermon, whatsNew as copy } from '../../content/modals';
import { Art } from '../Art';
import { Modal } from '../Modal';
import { useModals } from './context';
import type { ModalProps } from './ModalProps';

export default function WhatsNewModal({ onClose }: ModalProps) {
  const modals = useModals();
  return (
    <Modal title={copy.title} onClose={onClose} wide testId="whats-new-modal">
      <div class="grid gap-4 sm:grid-cols-2">
        <article class="rounded-xl border border-slate-200 p-4">
          <Art kind="people" alt="Volunteers serving meals in Plantation" ratio="aspect-[16/9]" />
          <p class="mt-3 text-xs font-semibold uppercase tracking-wider text-amber-800">{copy.event.tag}</p>
          <h3 class="mt-1 font-serif text-lg font-semibold">{copy.event.title}</h3>
          <p class="mt-1 text-sm font-medium text-slate-800">
            {copy.event.when} · {copy.event.where}
          </p>
          <p class="mt-2 text-sm text-slate-700">{copy.event.text}</p>
        </article>
        <article class="rounded-xl border border-slate-200 p-4">
          <Art kind="bible" alt="The latest sermon" ratio="aspect-[16/9]" />
          <p class="mt-3 text-xs font-semibold uppercase tracking-wider text-amber-800">{copy.sermon.tag}</p>
          <h3 class="mt-1 font-serif text-lg font-semibold">{sermon.title}</h3>
          <p class="mt-1 text-sm text-slate-700">{sermon.passage}</p>
          <button type="button" class="mt-3 min-h-11 rounded-full bg-sky-900 px-5 py-2 text-sm font-semibold text-white hover:bg-sky-800" onClick={() => modals.open('sermon')}>
            {copy.sermon.watch}
          </button>
        </article>
      </div>
      <div class="mt-5 flex justify-end">
        <button type="button" class="rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400" onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </Modal>
  );
}
