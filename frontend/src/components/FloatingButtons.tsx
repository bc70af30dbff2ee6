// The quick actions of every page: Global Ministry, Prayer Request and What's New.
// On wide screens (xl and up) three round buttons float at the top right, in the page
// margin. Below that a floating button would cover the page, so
// the same three are a labelled row under the header, in the page's flow: it covers
// nothing, and phones, which never show a tooltip, see what each does.
import { preloadModal, useModals, type ModalName } from './ModalHost';

const buttons: { modal: ModalName; label: string; icon: string }[] = [
  { modal: 'global-ministry', label: 'Global Ministry', icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c-3 3-3 15 0 18M12 3c3 3 3 15 0 18' },
  { modal: 'prayer-request', label: 'Prayer Request', icon: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z' },
  { modal: 'whats-new', label: "What's New", icon: 'M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1' },
];

function Icon({ path, size }: { path: string; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={path} stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

export function FloatingButtons() {
  const modals = useModals();
  const handlers = (modal: ModalName) => ({
    'aria-haspopup': 'dialog' as const,
    onPointerEnter: () => preloadModal(modal),
    onFocus: () => preloadModal(modal),
    onClick: () => modals.open(modal),
  });
  return (
    <>
      <div class="fixed right-3 top-20 z-30 hidden flex-col items-end gap-2 xl:flex" data-testid="floating-buttons">
        {buttons.map((b) => (
          <button
            key={b.modal}
            type="button"
            class="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-sky-900 shadow-md ring-1 ring-slate-300 hover:bg-sky-50"
            aria-label={b.label}
            title={b.label}
            {...handlers(b.modal)}
          >
            <Icon path={b.icon} size={20} />
          </button>
        ))}
      </div>
      <nav aria-label="Quick actions" class="border-b border-slate-200 bg-sky-50 xl:hidden" data-testid="quick-actions">
        <ul class="mx-auto grid max-w-3xl grid-cols-3">
          {buttons.map((b) => (
            <li key={b.modal}>
              <button
                type="button"
                class="flex min-h-12 w-full flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-[13px] font-semibold leading-tight text-sky-900 hover:bg-sky-100 sm:flex-row sm:gap-2 sm:text-sm"
                {...handlers(b.modal)}
              >
                <Icon path={b.icon} size={18} />
                {b.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
