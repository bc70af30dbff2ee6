// One modal window on the native <dialog>: opened with showModal() (the page behind
// is inert, so focus stays inside), closed by its buttons, Escape or a backdrop click,
// with page scrolling locked while open and focus given back to what opened it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { frame } from '../content/frame';
import { STAND_IN, STAND_IN_CLOSE, takeOverStandIns, useStandIn } from '../lib/standIn';

interface ModalProps {
  /** The heading, also the dialog's accessible name. */
  title: ComponentChildren;
  /** A line under the heading. */
  subtitle?: ComponentChildren;
  onClose: () => void;
  /** The label of the corner close button ('Close'; 'Minimize' where closing minimizes). */
  closeLabel?: string;
  /** The close button minimizes (a line, not a cross). */
  minimize?: boolean;
  /** Wider and taller (95vh) when true; 90vh otherwise. */
  expanded?: boolean;
  wide?: boolean;
  /** Extra buttons in the header, before the close button. */
  actions?: ComponentChildren;
  children: ComponentChildren;
  testId?: string;
}

/** The open dialogs, the topmost last, and who wants to know when that changes. */
const openDialogs: HTMLDialogElement[] = [];
const dialogListeners = new Set<() => void>();
const dialogsChanged = () => dialogListeners.forEach((listener) => listener());

/** The topmost open dialog: what is outside it is inert, so page-wide notices render in it. */
export function topDialog(): HTMLDialogElement | null {
  return openDialogs[openDialogs.length - 1] ?? null;
}

/** The attribute of the place in each dialog where a toast raised in it is shown (components/Toaster.tsx). */
export const TOAST_SLOT = 'data-toast-slot';

export function onDialogsChange(listener: () => void): () => void {
  dialogListeners.add(listener);
  return () => dialogListeners.delete(listener);
}

export function Modal({ title, subtitle, onClose, closeLabel = frame.close, minimize = false, expanded = false, wide = false, actions, children, testId }: ModalProps) {
  const standIn = useStandIn();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const headingId = useRef(`modal-${Math.random().toString(36).slice(2)}`).current;

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Listeners first, before showModal(): an Escape pressed at once is not missed.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    // The page behind is inert, but Tab would still leave for the browser's own
    // controls: wrap it from the last control to the first and back.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select, textarea, iframe, [tabindex]:not([tabindex="-1"])')].filter(
        (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
      );
      if (!focusable.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && (document.activeElement === first || !element.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // Whatever else moves focus (a player frame handing it back to the page, say),
    // it comes back into the open dialog rather than staying outside it.
    const onFocusOut = () =>
      window.setTimeout(() => {
        const active = document.activeElement;
        if (element.open && document.hasFocus() && (!active || !element.contains(active))) {
          element.querySelector<HTMLElement>('button, a[href], input, select, textarea')?.focus();
        }
      }, 0);
    // The browser may close the dialog itself (Escape without a fresh user gesture
    // skips 'cancel'): follow it, so the page's state agrees with what is shown.
    const onClosed = () => close.current();
    element.addEventListener('cancel', onCancel);
    element.addEventListener('keydown', onKey);
    element.addEventListener('close', onClosed);
    element.addEventListener('focusout', onFocusOut);
    // Shown in the task after the one that drew it: showModal() restyles the whole page
    // (everything behind turns inert), and both in one task is a long one on a slow phone.
    let shown = false;
    const show = window.setTimeout(() => {
      shown = true;
      // In place of the home page's stand-in (lib/standIn.ts), in one task: nothing flickers.
      takeOverStandIns();
      if (!element.open) element.showModal();
      // Focus starts on the heading, not on the close button: a phone shows no ring on
      // a button nobody chose, a screen reader reads the title first, and Tab goes on
      // to the first control.
      element.querySelector<HTMLElement>(`#${headingId}`)?.focus({ preventScroll: true });
      openDialogs.push(element);
      dialogsChanged();
      document.documentElement.style.overflow = 'hidden';
    }, 0);
    return () => {
      window.clearTimeout(show);
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('close', onClosed);
      element.removeEventListener('focusout', onFocusOut);
      if (element.open) element.close();
      if (!shown) return;
      openDialogs.splice(openDialogs.indexOf(element), 1);
      dialogsChanged();
      if (openDialogs.length === 0) document.documentElement.style.overflow = '';
      // Back to the button that opened it, if it is still on the page.
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);



  // A long form on a phone: say that more lies below until the visitor has scrolled to the end.
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const scroller = body.current!;
    const check = () => setMore(scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 24);
    check();
    scroller.addEventListener('scroll', check, { passive: true });
    const observer = new ResizeObserver(check);
    observer.observe(scroller);
    observer.observe(content.current!);
    return () => {
      scroller.removeEventListener('scroll', check);
      observer.disconnect();
    };
  }, []);

  const size = expanded ? 'max-h-[95vh] w-[min(96vw,72rem)]' : `max-h-[90vh] ${wide ? 'w-[min(94vw,48rem)]' : 'w-[min(94vw,34rem)]'}`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      data-testid={standIn ? undefined : testId}
      {...(standIn ? { [STAND_IN]: standIn, hidden: true } : {})}
      class={`m-auto overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 ${size}`}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (event.target === dialog.current) close.current();
      }}
    >
      <div class={`relative flex flex-col ${expanded ? 'max-h-[95vh]' : 'max-h-[90vh]'}`}>
        <header class="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-3 sm:py-4">
          <div>
            <h2 id={headingId} tabIndex={-1} class="font-serif text-lg font-semibold leading-snug focus:outline-none sm:text-2xl">
              {title}
            </h2>
            {subtitle && <p class="mt-1 text-sm text-slate-600">{subtitle}</p>}
          </div>
          <div class="flex shrink-0 items-center gap-1">
            {actions}
            <button
              type="button"
              class="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
              aria-label={closeLabel}
              title={closeLabel}
              // A stand-in's is worked by the page's loader (lib/standIn.ts), before the page's code.
              {...(standIn ? { [STAND_IN_CLOSE]: '' } : { onClick: () => close.current() })}
            >
              {minimize ? (
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                  <path d="M4 14h12" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
                </svg>
              ) : (
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                  <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
                </svg>
              )}
            </button>
          </div>
        </header>
        {/* A toast raised in this dialog: in its flow, so the part below scrolls and nothing is covered. */}
        <div {...{ [TOAST_SLOT]: '' }} class="shrink-0" />
        <div ref={body} class="min-h-0 overflow-y-auto px-5 py-5">
          <div ref={content}>{children}</div>
        </div>
        {more && (
          // Over the foot of the scrolling part, to be seen, never to be hit: taps go through
          // it, and it takes no room (its coming and going moves nothing under a finger).
          <div aria-hidden="true" class="pointer-events-none absolute inset-x-0 bottom-0 flex justify-center bg-gradient-to-t from-white via-white/90 to-transparent pb-3 pt-8" data-testid="modal-more">
            <span class="inline-flex items-center gap-2 rounded-full bg-sky-900 px-4 py-1.5 text-sm font-semibold text-white shadow-md">
              {frame.moreBelow}
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                <path d="M5 8l5 5 5-5" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round" />
              </svg>
            </span>
          </div>
        )}
      </div>
    </dialog>
  );
}
