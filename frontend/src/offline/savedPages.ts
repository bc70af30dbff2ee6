// The names the service worker (offline/sw.ts) and the pages share for the phone's
// copies of the site and the submissions waiting on it, and what a page can ask
// about the copies.

/** The saved pages, by path ('/', '/about'), and the offline page. */
export const PAGES_CACHE = 'thewell-pages';
/** The hashed assets (scripts, styles) of this release and of the saved pages. */
export const ASSETS_CACHE = 'thewell-assets';
/** Photos seen (their addresses carry their version). */
export const PHOTOS_CACHE = 'thewell-photos';
/** The page shown for an address never saved (each language's under its prefix: /ur/offline.html). */
export const OFFLINE_PAGE = '/offline.html';

/** Whether `path` is an offline page (of any language). */
export function isOfflinePage(path: string): boolean {
  return path.endsWith(OFFLINE_PAGE);
}
/** The header a saved page carries: when it was saved (ISO). */
export const SAVED_AT = 'x-thewell-saved-at';

/** A form's line, hidden, that the worker shows in the page it answers a form sent
 *  without a signal with (the browser's own sending: the page not yet alive). */
export const FORM_WAITING_MARKER = 'data-form-waiting';

/** The Background Sync tag under which the worker sends the waiting submissions. */
export const SEND_WAITING = 'send-waiting';
/** The message the worker sends the open pages when it has sent some. */
export const SENT_MESSAGE = 'waiting-sent';

/** A saved page older than this is never offered (and is deleted). */
export const SAVED_FOR_MS = 30 * 24 * 3600 * 1000;

/** Whether saved copy `saved` is young enough to offer at `now`. */
export function offerable(saved: Response, now = Date.now()): boolean {
  const at = Date.parse(saved.headers.get(SAVED_AT) ?? '');
  return Number.isFinite(at) && now - at <= SAVED_FOR_MS;
}

/** Whether the server said this page must not be kept (Cache-Control: no-store). */
export function mustNotKeep(response: Response): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '');
}

/** The paths of the pages saved on this phone (and still offered), most recently saved first. */
export async function savedPaths(): Promise<string[]> {
  if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return [];
  const cache = await caches.open(PAGES_CACHE);
  const found: { path: string; at: string }[] = [];
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (isOfflinePage(path)) continue;
    const saved = await cache.match(request);
    if (saved && offerable(saved)) found.push({ path, at: saved.headers.get(SAVED_AT) ?? '' });
  }
  return found.sort((a, b) => b.at.localeCompare(a.at)).map((f) => f.path);
}
