// The global welcome: where to start. It can be closed, or minimized to a floating
// button (the home page's pop-up sequence, in pages/Home.tsx, decides which).
import { welcome as copy } from '../../content/modals';
import { Link } from '../../lib/router';
import { Art } from '../Art';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';
import { welcomeState } from '../../lib/welcome';
import { useStandIn } from '../../lib/standIn';

export default function WelcomeModal({ onClose }: ModalProps) {
  const standIn = useStandIn();
  const minimize = () => {
    welcomeState.minimizeNext();
    onClose();
  };
  const minimizeButton = (
    <button type="button" class="inline-flex h-10 items-center rounded-full px-3 text-sm font-medium text-slate-700 hover:bg-slate-100" onClick={minimize}>
      {copy.minimize}
    </button>
  );
  return (
    // Minimizing needs the page's code: a stand-in only closes.
    <Modal title={copy.title} onClose={onClose} actions={standIn ? undefined : minimizeButton} testId="welcome-modal">
      <Art kind="globe" alt={copy.picture} ratio="aspect-[16/9]" layout="dialog" first />
      <p class="mt-4 text-slate-700">{copy.text}</p>
      <ul class="mt-4 grid gap-2">
        {copy.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onClose} class="block rounded-lg border border-slate-200 px-4 py-3 font-medium text-sky-900 hover:bg-sky-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
