// The page's side of working without a signal: registers the service worker once
// the page has come alive, tells it which pages were shown (so it saves them), sends
// the submissions waiting on the phone when the signal returns (the `online` event,
// the next visit, a retry while some still wait, and Background Sync where the
// browser has it), and tells the visitor what was sent.
import { sendWaiting, sweepPhone } from './sendWaiting';
import { forgetAll, takeNotes, type Note } from './phoneStore';
import { offlineWords } from '../content/offline';
import { PAGES_CACHE, PHOTOS_CACHE, SEND_WAITING, SENT_MESSAGE } from './savedPages';
import { TOAST_DURATION_MS, toast } from '../lib/toast';
import { slotted } from '../lib/lang';

/** While some submissions still wait and the browser says it is online, they are tried this often. */
const RETRY_MS = 30_000;
/** How long after the load event the service worker is registered. */
const REGISTER_AFTER_MS = 2000;

const listeners = new Set<() => void>();

/** Calls `listener` whenever what the phone keeps changed outside the form (a
 *  submission went out). Returns the unsubscribe function. */
export function onPhoneChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  listeners.forEach((listener) => listener());
}

/** The notes on screen now, and since when: notes taken a moment later join them. */
let onScreen: { notes: Note[]; since: number } = { notes: [], since: 0 };

/** Shows the notes left for the visitor (submissions sent, refused or expired), once
 *  each: several in one toast, each named, so none is lost behind another. */
async function showNotes(): Promise<void> {
  const taken = await takeNotes();
  if (!taken.length) return;
  const now = Date.now();
  const notes = now - onScreen.since < TOAST_DURATION_MS ? [...onScreen.notes, ...taken] : taken;
  onScreen = { notes, since: now };
  const variant = notes.some((n) => n.variant === 'destructive') ? 'destructive' : 'default';
  if (notes.length === 1) toast({ title: notes[0].title, description: notes[0].description, variant });
  else if (variant === 'default') toast({ title: slotted(offlineWords.severalSent, { count: String(notes.length) }), description: notes.map((n) => n.title).join(' · '), variant });
  else toast({ title: slotted(offlineWords.severalNotes, { count: String(notes.length) }), description: notes.map((n) => `${n.title}: ${n.description}`).join(' '), variant });
  changed();
}

let retry: number | undefined;
let sending = false;

/** Sends what waits on the phone, now. */
export async function sendNow(): Promise<void> {
  if (sending) return;
  sending = true;
  window.clearTimeout(retry);
  try {
    const { left } = await sendWaiting();
    if (left && navigator.onLine) retry = window.setTimeout(() => void sendNow(), RETRY_MS);
  } catch {
    // The phone's store is unavailable (a private window may refuse it): nothing waits there.
  } finally {
    sending = false;
    await showNotes().catch(() => undefined);
  }
}

/** Sends what waits when the signal returns: this page (the `online` event, or a retry
 *  in RETRY_MS when the browser thinks it is online and only the server was out of
 *  reach), and the service worker even if this page is closed by then (Background
 *  Sync: Chromium-based browsers). */
export function sendWhenOnline(): void {
  if (navigator.onLine) {
    window.clearTimeout(retry);
    retry = window.setTimeout(() => void sendNow(), RETRY_MS);
  }
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SEND_WAITING))
    .catch(() => undefined);
}

/** Runs `work` once the page has loaded (at once if it has): the phone's housekeeping
 *  and the worker's saves never compete with what the visitor came for. */
function afterLoad(work: () => void): void {
  if (document.readyState === 'complete') window.setTimeout(work, 0);
  else window.addEventListener('load', () => work(), { once: true });
}

/** The pages shown that the service worker has not been told of yet (it may still be
 *  installing when the visitor moves on: the first page of a first visit). */
const UNTOLD_KEY = 'thewell-pages-untold';
const MOST_UNTOLD = 20;

function untold(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(UNTOLD_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function setUntold(paths: string[]): void {
  try {
    if (paths.length) localStorage.setItem(UNTOLD_KEY, JSON.stringify(paths.slice(-MOST_UNTOLD)));
    else localStorage.removeItem(UNTOLD_KEY);
  } catch {
    // Storage refused: only this page goes unsaved.
  }
}

/** The page on screen now is `path`: the service worker saves it for reading offline
 *  (with any shown before it was ready). */
export function notePageShown(path: string): void {
  if (!('serviceWorker' in navigator)) return;
  const paths = untold();
  if (!paths.includes(path)) setUntold([...paths, path]);
  afterLoad(
    () =>
      void navigator.serviceWorker.ready
        .then((registration) => {
          const paths = untold();
          if (!registration.active || !paths.length) return;
          registration.active.postMessage({ type: 'seen', paths });
          setUntold([]);
        })
        .catch(() => undefined),
  );
}

/** Makes the phone forget the site: answers not sent, submissions waiting, notes,
 *  saved pages and photos, and the list of pages shown. True when all went. */
export async function forgetEverything(): Promise<boolean> {
  const steps: Promise<unknown>[] = [forgetAll()];
  if (typeof caches !== 'undefined') steps.push(caches.delete(PAGES_CACHE), caches.delete(PHOTOS_CACHE));
  try {
    localStorage.removeItem(UNTOLD_KEY);
  } catch {
    // Storage refused: it holds nothing then.
  }
  const results = await Promise.allSettled(steps);
  changed();
  return results.every((r) => r.status === 'fulfilled');
}

/** Everything above, started once the page has come alive; its work once it has loaded. */
export function startOffline(): void {
  // What was kept too long goes first, even without a signal.
  afterLoad(() => {
    void sweepPhone()
      .then(() => showNotes())
      .catch(() => undefined);
    if (navigator.onLine) void sendNow();
  });
  window.addEventListener('online', () => void sendNow());
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === SENT_MESSAGE) void showNotes().catch(() => undefined);
    });
    // After the page has loaded and gone quiet: the worker's install fetches every
    // script of the release, which must not compete with the page's own.
    const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    afterLoad(() => window.setTimeout(register, REGISTER_AFTER_MS));
  }
}
