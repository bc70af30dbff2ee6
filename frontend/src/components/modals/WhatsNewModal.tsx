// What's New: the events not yet ended (from the volunteer's content files, each in
// its zone and the visitor's) and the latest sermon, whose button closes this window
// and opens the sermon. With no event coming it says so plainly.
import { whatsNew as copy } from '../../content/modals';
import { content, eventVisitorTime, eventWhen, upcoming } from '../../lib/content';
import { InOrder } from '../../lib/figures';
import { englishIn } from '../../lib/words';
import { Art } from '../Art';
import { ContentBlocks } from '../ContentBlocks';
import { Modal } from '../Modal';
import { useModals } from './context';
import type { ModalProps } from './ModalProps';

const card = 'rounded-xl border border-slate-200 p-4';
const label = 'text-xs font-semibold uppercase tracking-wider text-amber-800';

export default function WhatsNewModal({ onClose }: ModalProps) {
  const modals = useModals();
  const events = upcoming(content.events, new Date());
  const sermon = content.sermon;
  return (
    <Modal title={copy.title} onClose={onClose} wide testId="whats-new-modal">
      <div class={`grid gap-4 ${sermon ? 'sm:grid-cols-2' : ''}`}>
        <div class="grid content-start gap-4" data-testid="whats-new-events">
          <Art kind="people" alt={copy.eventsArt} ratio="aspect-[16/9]" layout="wideDialog" first />
          {events.length === 0 ? (
            <article class={card}>
              <p class={label}>{copy.noEvents.tag}</p>
              <p class="mt-2 text-slate-700" data-testid="whats-new-no-events">
                {copy.noEvents.text}
              </p>
            </article>
          ) : (
            events.map((e) => (
              <article key={e.startsAt + e.title} class={card} data-testid="whats-new-event">
                <p class={label} lang={englishIn(e, 'tag')}>
                  {e.tag || copy.eventTag}
                </p>
                <h3 class="mt-1 font-serif text-lg font-semibold" lang={englishIn(e, 'title')}>
                  {e.title}
                </h3>
                <p class="mt-1 text-sm font-medium text-slate-800">
                  {eventWhen(e)} <span class="whitespace-nowrap font-normal text-slate-600">{eventVisitorTime(e)}</span> · <span lang={englishIn(e, 'place')}>{e.place}</span>
                </p>
                <div class="mt-2 text-sm">
                  <ContentBlocks blocks={e.text} lang={englishIn(e, 'text')} />
                </div>
                {e.link && (
                  <a href={e.link} rel="noopener" class="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-sky-800 underline underline-offset-2">
                    {copy.more}
                  </a>
                )}
              </article>
            ))
          )}
        </div>
        {sermon && (
          <article class={card}>
            <Art kind="bible" alt={copy.sermon.picture} ratio="aspect-[16/9]" layout="wideDialog" first />
            <p class={`mt-3 ${label}`}>{copy.sermon.tag}</p>
            <h3 class="mt-1 font-serif text-lg font-semibold" lang={englishIn(sermon, 'title')}>
              {sermon.title}
            </h3>
            <p class="mt-1 text-sm text-slate-700" lang={englishIn(sermon, 'passage')}>
              <InOrder text={sermon.passage} />
            </p>
            <button type="button" class="mt-3 min-h-11 rounded-full bg-sky-900 px-5 py-2 text-sm font-semibold text-white hover:bg-sky-800" onClick={() => modals.open('sermon')}>
              {copy.sermon.watch}
            </button>
          </article>
        )}
      </div>
      <div class="mt-5 flex justify-end">
        <button type="button" class="rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400" onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </Modal>
  );
}
