// The launch-event RSVP: intro, then the form after 'I'll Be There!', then the
// thank-you view. Closing resets it (it is unmounted). With content/launch.md set,
// its words, day, time and place; without, the built-in words of content/modals.ts.
import { useState } from 'react';
import { launch as copy } from '../../content/modals';
import { content, eventVisitorTime, eventWhen } from '../../lib/content';
import { ContentBlocks } from '../ContentBlocks';
import { Art } from '../Art';
import { LaunchForm } from '../forms/LaunchForm';
import { GatheringTime } from '../GatheringTime';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';
import { Words } from '../../lib/words';

export default function LaunchModal({ onClose }: ModalProps) {
  const launch = content.launch;
  const [view, setView] = useState<'intro' | 'form' | 'thanks'>('intro');
  const title = view === 'form' ? copy.formTitle : view === 'thanks' ? copy.thanks.title : copy.title;
  return (
    <Modal title={title} onClose={onClose} testId="launch-modal">
      {view === 'intro' && (
        <div>
          <Art kind="sunrise" alt={copy.picture} ratio="aspect-[16/9]" layout="dialog" first />
          {launch ? (
            <>
              <div class="mt-4">
                <ContentBlocks blocks={launch.intro} />
              </div>
              <p class="mt-2 font-semibold text-sky-900" data-testid="launch-when">
                {eventWhen(launch)} <span class="whitespace-nowrap font-normal text-slate-600">{eventVisitorTime(launch)}</span>
              </p>
              <p class="mt-1 text-slate-700">{launch.place}</p>
            </>
          ) : (
            <>
              <p class="mt-4 text-slate-700"><Words text={copy.intro} /></p>
              <p class="mt-2 font-semibold text-sky-900">
                <GatheringTime id={copy.scheduleId} fallback={copy.when} />
              </p>
            </>
          )}
          <button type="button" class="mt-5 w-full rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400" onClick={() => setView('form')}>
            {copy.attend}
          </button>
        </div>
      )}
      {view === 'form' && <LaunchForm onSuccess={() => setView('thanks')} />}
      {view === 'thanks' && (
        <div class="text-center">
          <p class="text-sm font-semibold tracking-[0.2em] text-amber-800">{copy.thanks.eyebrow}</p>
          <p class="mt-2 font-serif text-3xl font-semibold text-sky-900">{copy.thanks.heading}</p>
          <p class="mt-3 text-slate-700">{copy.thanks.text}</p>
          <button type="button" class="mt-5 rounded-full bg-sky-900 px-6 py-3 font-semibold text-white hover:bg-sky-800" onClick={onClose}>
            {copy.done}
          </button>
        </div>
      )}
    </Modal>
  );
}
