// The notification region: shows the current toast for 5 s, dismisses it on a swipe
// either way past 50 px or its close button, and takes focus on F8. A toast raised while a
// dialog is open is drawn in that dialog's flow (never over its buttons) and leaves
// with it; one raised on the page stays at the foot of the page.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { dismissToast, subscribeToasts, TOAST_DURATION_MS, type Toast } from '../lib/toast';
import { onDialogsChange, topDialog, TOAST_SLOT } from './Modal';
import { frame } from '../content/frame';

const SWIPE_THRESHOLD_PX = 50;

function ToastCard({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const stopDrag = useRef<(() => void) | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => {
      window.clearTimeout(timer);
      stopDrag.current?.();
    };
  }, [toast.id]);

  /** Follows the pointer on the whole window until it is released, wherever that is. */
  const startDrag = (startX: number) => {
    stopDrag.current?.();
    const move = (event: PointerEvent) => setOffset(event.clientX - startX);
    const up = (event: PointerEvent) => {
      stop();
      if (Math.abs(event.clientX - startX) > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
      else setOffset(0);
    };
    const cancel = () => {
      stop();
      setOffset(0);
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      stopDrag.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    stopDrag.current = stop;
  };

  const destructive = toast.variant === 'destructive';
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      data-variant={toast.variant}
      class={`pointer-events-auto relative w-full touch-pan-y rounded-xl border p-4 pe-14 shadow-lg ${
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
      style={{ transform: `translateX(${offset}px)` }}
      onPointerDown={(event) => {
        if ((event.target as HTMLElement).closest('button')) return;
        startDrag(event.clientX);
      }}
    >
      <p class="font-semibold">{toast.title}</p>
      {toast.description && <p class={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-700'}`}>{toast.description}</p>}
      <button
        type="button"
        aria-label={frame.dismissNotification}
        class={`absolute end-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-md ${destructive ? 'hover:bg-red-800' : 'hover:bg-slate-100'}`}
        onClick={() => dismissToast(toast.id)}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
      </button>
    </li>
  );
}

export function Toaster() {
  const [current, setCurrent] = useState<Toast | null>(null);
  // The dialog the current toast was raised in (null: the page). It is shown in that
  // dialog's own toast slot, in its flow under the heading, so it covers none of the
  // dialog's controls and never follows the visitor into another dialog.
  const [scope, setScope] = useState<HTMLDialogElement | null>(null);
  const region = useRef<HTMLElement>(null);
  // The same two, as of now: a form's toast and the closing of its dialog come in one go,
  // before any effect of this component could see the new toast.
  const now = useRef<{ toast: Toast | null; scope: HTMLDialogElement | null }>({ toast: null, scope: null });

  useEffect(() => {
    const stopToasts = subscribeToasts((toast) => {
      now.current = { toast, scope: toast ? topDialog() : null };
      setCurrent(toast);
      setScope(now.current.scope);
    });
    // When its dialog closes, a warning about that dialog closes with it; a form's outcome
    // (sent, kept on the phone) is what closed it, so it stays on the page to be read.
    const stopDialogs = onDialogsChange(() => {
      const { toast, scope } = now.current;
      if (!toast || !scope || scope.open) return;
      if (toast.variant === 'destructive') dismissToast(toast.id);
      else {
        now.current = { toast, scope: null };
        setScope(null);
      }
    });
    return () => {
      stopToasts();
      stopDialogs();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const slot = scope?.open ? scope.querySelector<HTMLElement>(`[${TOAST_SLOT}]`) : null;
  const toaster = (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={frame.notifications}
      class={
        slot
          ? `flex w-full flex-col focus:outline-none ${current ? 'px-5 pt-4' : ''}`
          : 'pointer-events-none fixed bottom-0 end-0 z-[100] flex w-full flex-col p-4 focus:outline-none md:max-w-[420px]'
      }
    >
      <ol aria-live="polite" class="flex flex-col gap-2">
        {current && <ToastCard key={current.id} toast={current} />}
      </ol>
    </section>
  );
  return slot ? createPortal(toaster, slot) : toaster;
}
