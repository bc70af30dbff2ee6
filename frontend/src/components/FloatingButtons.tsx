// The floating buttons of every page: Global Ministry, Prayer Request and What's New.
// Round icons (each with its name for screen readers and as a tooltip): at the top
// right where the page margin holds them (xl and wider), at the bottom right on
// narrower screens so they never cover a heading.
import { preloadModal, useModals, type ModalName } from './ModalHost';

const buttons: { modal: ModalName; label: string; icon: string }[] = [
  { modal: 'global-ministry', label: 'Global Ministry', icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c-3 3-3 15 0 18M12 3c3 3 3 15 0 18' },
  { modal: 'prayer-request', label: 'Prayer Request', icon: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z' },
  { modal: 'whats-new', label: "What's New", icon: 'M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1' },
];

export function FloatingButtons() {
  const modals = useModals();
  return (
    <div class="fixed bottom-4 right-3 z-30 flex flex-col items-end gap-2 xl:bottom-auto xl:top-20" data-testid="floating-buttons">
      {buttons.map((b) => (
        <button
          key={b.modal}
          type="button"
          class="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-sky-900 shadow-md ring-1 ring-slate-300 hover:bg-sky-50"
          aria-label={b.label}
          title={b.label}
          aria-haspopup="dialog"
          onPointerEnter={() => preloadModal(b.modal)}
          onFocus={() => preloadModal(b.modal)}
          onClick={() => modals.open(b.modal)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d={b.icon} stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" stroke-linejoin="round" />
          </svg>
        </button>
      ))}
    </div>
  );
}
