// The quick actions of every page: Global Ministry, Prayer Request and What's New.
// On wide screens (xl and up) three small labelled buttons float at the top right, in
// the page margin (an icon alone is a riddle: a bell read as a spinner), just below the
// header wherever it is: they are its own (it places them), so notices above it push
// them down with it rather than slide the header over them. Below that a
// floating button would cover the page, so
// the same three are a labelled row under the header, in the page's flow: it covers
// nothing, and phones, which never show a tooltip, see what each does. Each opens a
// pop-up; without the page's script only the prayer request shows, as a link to its
// form's own page.
import type { ComponentChildren } from 'preact';
import { preloadModal, useModals, type ModalName } from './ModalHost';
import { PopUpLink } from './PopUpLink';
import { frame } from '../content/frame';

const buttons: { modal: ModalName & keyof typeof frame.quick; icon: string }[] = [
  { modal: 'global-ministry', icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c-3 3-3 15 0 18M12 3c3 3 3 15 0 18' },
  { modal: 'prayer-request', icon: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z' },
  { modal: 'whats-new', icon: 'M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9M10.3 20.5a2 2 0 0 0 3.4 0' },
];

function Icon({ path, size }: { path: string; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={path} stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

/** One quick action: the prayer request is a link to its form's page until the page is
 *  alive (components/PopUpLink.tsx), so it works without script; the other two show
 *  what only the script can, and are hidden without it. */
function Quick({ modal, class: buttonClass, children }: { modal: ModalName & keyof typeof frame.quick; class: string; children: ComponentChildren }) {
  const modals = useModals();
  if (modal === 'prayer-request') {
    return (
      <PopUpLink name={modal} class={buttonClass}>
        {children}
      </PopUpLink>
    );
  }
  return (
    <button type="button" class={buttonClass} aria-haspopup="dialog" data-needs-script onPointerEnter={() => preloadModal(modal)} onFocus={() => preloadModal(modal)} onClick={() => modals.open(modal)}>
      {children}
    </button>
  );
}

/** The three buttons floating in the page margin, on wide screens (inside the sticky header). */
export function FloatingButtons() {
  return (
    <div class="absolute end-3 top-full mt-4 hidden flex-col items-end gap-2 xl:flex" data-testid="floating-buttons">
      {buttons.map((b) => (
        <Quick
          key={b.modal}
          modal={b.modal}
          class="flex min-h-14 w-16 flex-col items-center justify-center gap-0.5 rounded-2xl bg-white px-1 py-1.5 text-center text-[11px] font-semibold leading-tight text-sky-900 shadow-md ring-1 ring-slate-300 hover:bg-sky-50"
        >
          <Icon path={b.icon} size={18} />
          {frame.quick[b.modal]}
        </Quick>
      ))}
    </div>
  );
}

/** The same three as a labelled row under the header, below wide screens. */
export function QuickActions() {
  return (
    <nav aria-label={frame.quickActions} class="border-b border-slate-200 bg-sky-50 xl:hidden" data-testid="quick-actions">
      {/* Columns as many as shown: without script, the one link spans the row. */}
      <ul class="mx-auto grid max-w-3xl auto-cols-fr grid-flow-col">
        {buttons.map((b) => (
          <li key={b.modal} {...(b.modal === 'prayer-request' ? {} : { 'data-needs-script': '' })}>
            <Quick
              modal={b.modal}
              class="flex min-h-12 w-full flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-[13px] font-semibold leading-tight text-sky-900 hover:bg-sky-100 sm:flex-row sm:gap-2 sm:text-sm"
            >
              <Icon path={b.icon} size={18} />
              {frame.quick[b.modal]}
            </Quick>
          </li>
        ))}
      </ul>
    </nav>
  );
}
