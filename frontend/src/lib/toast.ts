// The notification store: one toast at a time (a new one replaces the old), shown
// for 5 seconds. Components call `toast(...)`; the Toaster renders what is current.
export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export const TOAST_DURATION_MS = 5000;

type Listener = (toast: Toast | null) => void;
const listeners = new Set<Listener>();
let current: Toast | null = null;
let nextId = 1;

function publish(toast: Toast | null) {
  current = toast;
  listeners.forEach((listener) => listener(current));
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  publish({ id: nextId++, variant: 'default', ...input });
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) publish(null);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
