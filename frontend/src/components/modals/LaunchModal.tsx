// The launch-event RSVP: intro, then the form after 'I'll Be There!', then the
// thank-you view. Closing resets it (it is unmounted). What the launch is: LaunchAbout.
import { useState } from 'react';
import { launch as copy } from '../../content/modals';
import { LaunchAbout } from '../LaunchAbout';
import { LaunchForm, LaunchThanks } from '../forms/LaunchForm';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';
import { localPath } from '../../lib/lang';
import { useStandIn } from '../../lib/standIn';

export default function LaunchModal({ onClose }: ModalProps) {
  const [view, setView] = useState<'intro' | 'form' | 'thanks'>('intro');
  const standIn = useStandIn();
  const attend = 'mt-5 w-full rounded-full bg-amber-500 px-6 py-3 font-semibold text-slate-950 hover:bg-amber-400';
  const title = view === 'form' ? copy.formTitle : view === 'thanks' ? copy.thanks.title : copy.title;
  return (
    <Modal title={title} onClose={onClose} testId="launch-modal">
      {view === 'intro' && (
        <div>
          <LaunchAbout layout="dialog" />
          {standIn ? (
            // As a stand-in, before the page is alive: the form on its own page.
            <a href={localPath('/launch')} class={`block text-center ${attend}`}>
              {copy.attend}
            </a>
          ) : (
            <button type="button" class={attend} onClick={() => setView('form')}>
              {copy.attend}
            </button>
          )}
        </div>
      )}
      {view === 'form' && <LaunchForm onSuccess={() => setView('thanks')} />}
      {view === 'thanks' && <LaunchThanks onDone={onClose} />}
    </Modal>
  );
}
