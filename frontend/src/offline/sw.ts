// The service worker: pages once seen stay readable without a signal, every dialog
// opens offline, and submissions made offline are sent when the signal returns.
// - Pages: the network first; after TIMEOUT_MS without an answer, or with no signal,
//   the copy saved when the page was last seen (marked so the page can say so), else
//   the offline page. An online visitor always gets the network's page when it comes.
//   A page the server marks no-store is never saved, and a copy older than
//   SAVED_FOR_MS (30 days) is never offered: it is deleted.
// - Hashed assets (/assets/): from the cache first (a name never changes its content);
//   every one of this release is fetched when the worker installs.
// - Photos: their address carries their version, so a saved copy is never stale.
// - A form the browser sends itself (the page not yet alive: a POST to the page): to
//   the network; with no signal, kept on the phone to be sent again when one returns
//   (sendWaiting.ts), and answered with the saved page, the form's line saying so.
// - Everything else (the API, feeds, this file, the manifest) goes to the network as it is.
// A new release's worker takes over at once; it keeps the old assets that saved pages
// still use, and drops the rest.
/// <reference lib="webworker" />
import { sendWaiting } from './sendWaiting';
import { keep } from './phoneStore';
import { FORM_FIELD, FORM_MARKER, FORM_THANKS_MARKER } from '../lib/contract.generated';
import { ASSETS_CACHE as ASSETS, FORM_WAITING_MARKER, OFFLINE_PAGE, PAGES_CACHE as PAGES, PHOTOS_CACHE as PHOTOS, SAVED_AT, SEND_WAITING, SENT_MESSAGE, isOfflinePage, mustNotKeep, offerable } from './savedPages';
import { languages, localPath } from '../lib/lang';

declare const self: ServiceWorkerGlobalScope;
/** This release's hashed assets, by language, written in by the build (vite.sw.config.ts). */
declare const __ASSETS__: Record<string, string[]>;
const RELEASE: string[] = [...new Set(Object.values(__ASSETS__).flat())];

/** The language of a page's address: 'ur' for /ur/…, else English. */
function languageOf(pathname: string): string {
  const first = pathname.split('/')[1];
  return languages.find((l, i) => i > 0 && l.code === first)?.code ?? languages[0].code;
}

/** The offline page of a page's language. */
function offlinePageFor(pathname: string): string {
  const code = languageOf(pathname);
  return code === languages[0].code ? OFFLINE_PAGE : `${localPath('/', code)}${OFFLINE_PAGE.slice(1)}`;
}

/** How long a page waits for the network before the saved copy is shown. */
const TIMEOUT_MS = 3000;
/** The most photos kept (oldest dropped first). */
const MOST_PHOTOS = 60;
/** A page saved this recently is not fetched again when a page says it was shown. */
const SEEN_FRESH_MS = 60 * 1000;
/** The offline page is fetched again after this long (the settings it shows may change). */
const OFFLINE_PAGE_FRESH_MS = 10 * 60 * 1000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSETS);
      const have = new Set((await assets.keys()).map((r) => new URL(r.url).pathname));
      // The assets of the languages of the pages open now (another language's come as its pages are seen).
      const open = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
      const codes = new Set(open.map((c) => languageOf(new URL(c.url).pathname)));
      if (!codes.size) codes.add(languages[0].code);
      const wanted = [...new Set([...codes].flatMap((code) => __ASSETS__[code] ?? []))];
      await assets.addAll(wanted.filter((a) => !have.has(a)));
      for (const code of codes) await saveOfflinePage(offlinePageFor(localPath('/', code)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (![PAGES, ASSETS, PHOTOS].includes(name)) await caches.delete(name);
      }
      await dropOldPages();
      await dropUnusedAssets();
      // The page's request starts while the worker itself is still starting.
      await self.registration.navigationPreload?.enable().catch(() => undefined);
      await self.clients.claim();
    })(),
  );
});

/** The assets a text names: pages name theirs as /assets/x.js; scripts name the
 *  chunks they import as ./x.js, and those they load later as assets/x.js. */
function assetsNamedIn(text: string): string[] {
  return [...text.matchAll(/(?:\/assets\/|\.\/|"assets\/)([A-Za-z0-9_-]+(?:-[A-Za-z0-9_-]+)?\.(?:js|css))/g)].map((m) => `/assets/${m[1]}`);
}

/** Deletes the saved pages too old to offer. */
async function dropOldPages(): Promise<void> {
  const pages = await caches.open(PAGES);
  for (const request of await pages.keys()) {
    const saved = await pages.match(request);
    if (saved && !offerable(saved) && !isOfflinePage(new URL(request.url).pathname)) await pages.delete(request);
  }
}

/** Drops the assets that neither this release nor a saved page uses (with all they import). */
async function dropUnusedAssets(): Promise<void> {
  const assets = await caches.open(ASSETS);
  const pages = await caches.open(PAGES);
  const used = new Set(RELEASE);
  const todo: string[] = [];
  for (const request of await pages.keys()) {
    const text = (await (await pages.match(request))?.text()) ?? '';
    for (const name of assetsNamedIn(text)) if (!used.has(name)) todo.push(name), used.add(name);
  }
  for (let name = todo.pop(); name; name = todo.pop()) {
    if (!name.endsWith('.js')) continue;
    const text = (await (await assets.match(name))?.text()) ?? '';
    for (const next of assetsNamedIn(text)) if (!used.has(next)) todo.push(next), used.add(next);
  }
  for (const request of await assets.keys()) {
    if (!used.has(new URL(request.url).pathname)) await assets.delete(request);
  }
}

async function saveOfflinePage(page: string): Promise<void> {
  const response = await fetch(page, { cache: 'no-store' });
  if (response.ok) await (await caches.open(PAGES)).put(page, stamped(response));
}

/** The response with the time it was saved, for the cache. */
function stamped(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  // The body is already decoded: these would describe the bytes that came over the wire.
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A saved page as the browser gets it: `<html>` says when it was saved and why it is shown. */
async function asSaved(saved: Response, why: 'offline' | 'slow'): Promise<Response> {
  const at = saved.headers.get(SAVED_AT) ?? '';
  const text = (await saved.text()).replace(/<html\b/, `<html data-saved-at="${at.replace(/[^0-9A-Za-z:.-]/g, '')}" data-saved-why="${why}"`);
  return new Response(text, { status: 200, headers: saved.headers });
}

/** The saved copy of a page, by its path ('/about/' and '/about' are one page). */
function pageKey(url: URL): string {
  return url.pathname.replace(/\/+$/, '') || '/';
}

/** The saved copy of `key` if it may still be offered; one too old is deleted. */
async function savedCopy(pages: Cache, key: string): Promise<Response | undefined> {
  const saved = await pages.match(key);
  if (!saved || offerable(saved)) return saved;
  await pages.delete(key);
  return undefined;
}

/** Whether `response` is a page of this site to save (a page the server lets be kept). */
function worthSaving(response: Response): boolean {
  return response.ok && !!response.headers.get('content-type')?.startsWith('text/html') && !response.redirected && !mustNotKeep(response);
}

async function page(event: FetchEvent): Promise<Response> {
  const key = pageKey(new URL(event.request.url));
  const pages = await caches.open(PAGES);
  const preloaded = Promise.resolve(event.preloadResponse).catch(() => undefined) as Promise<Response | undefined>;
  const network = preloaded.then((early) => early ?? fetch(event.request)).then((response) => {
    if (response.type === 'basic' && worthSaving(response)) {
      event.waitUntil(pages.put(key, stamped(response.clone())).then(() => refreshOfflinePage(key)));
    }
    return response;
  });
  // The network's page whenever it answers in time; otherwise the saved one, if any.
  const timeout = new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'slow') return first;
    const saved = await savedCopy(pages, key);
    if (saved) {
      event.waitUntil(network.catch(() => undefined));
      return asSaved(saved, 'slow');
    }
    return await network;
  } catch {
    const saved = await savedCopy(pages, key);
    if (saved) return asSaved(saved, 'offline');
    const offline = (await pages.match(offlinePageFor(key))) ?? (await pages.match(OFFLINE_PAGE));
    if (offline) return offline;
    return new Response('You are offline, and this page has not been saved on this phone yet.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}

/** A page shown without a navigation this worker saw (the first visit, a client-side
 *  move): saved now, unless it was saved a moment ago. */
async function saveSeen(path: string): Promise<void> {
  const key = pageKey(new URL(path, self.location.origin));
  const pages = await caches.open(PAGES);
  const saved = await pages.match(key);
  if (saved && Date.now() - Date.parse(saved.headers.get(SAVED_AT) ?? '') < SEEN_FRESH_MS) return;
  // Past the browser's HTTP cache: it lets one request at a time work on an address,
  // and the visitor's own next visit of this page must never wait behind this save.
  const response = await fetch(key, { headers: { accept: 'text/html' }, cache: 'no-store' });
  if (worthSaving(response)) await pages.put(key, stamped(response));
  await refreshOfflinePage(key);
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; paths?: unknown } | null;
  if (data?.type !== 'seen' || !Array.isArray(data.paths)) return;
  const paths = data.paths.filter((p): p is string => typeof p === 'string' && p.startsWith('/')).slice(0, 20);
  event.waitUntil(
    (async () => {
      for (const path of paths) await saveSeen(path).catch(() => undefined);
    })(),
  );
});

/** Keeps the offline page of `path`'s language close to the site's (its contacts,
 *  meeting link): fetched again when the saved one is older than OFFLINE_PAGE_FRESH_MS. */
async function refreshOfflinePage(path: string): Promise<void> {
  const page = offlinePageFor(path);
  const saved = await (await caches.open(PAGES)).match(page);
  if (saved && Date.now() - Date.parse(saved.headers.get(SAVED_AT) ?? '') < OFFLINE_PAGE_FRESH_MS) return;
  await saveOfflinePage(page).catch(() => undefined);
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function photo(request: Request): Promise<Response> {
  const cache = await caches.open(PHOTOS);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MOST_PHOTOS))) await cache.delete(old);
  }
  return response;
}

/** HTML's text as it reads (the escapes a page's build writes undone). */
function unescaped(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** A form the browser sent itself: to the network; with no signal, kept to be sent
 *  again once there is one (its thank-you words, from the page, for the note then),
 *  and the saved page shown with the form's waiting line. A page never saved on this
 *  phone gets the browser's own error, as without this worker. */
async function sentByTheBrowser(event: FetchEvent): Promise<Response> {
  const body = await event.request.clone().text();
  try {
    return await fetch(event.request);
  } catch {
    const url = new URL(event.request.url);
    const saved = await savedCopy(await caches.open(PAGES), pageKey(url));
    const form = new URLSearchParams(body).get(FORM_FIELD) ?? '';
    const html = saved ? await saved.text() : '';
    const at = html.indexOf(`${FORM_MARKER}="${form}"`);
    if (!saved || !form || at < 0) return Response.error();
    const thanks = new RegExp(`${FORM_THANKS_MARKER}[^>]*>\\s*<strong>([^<]*)</strong>\\s*([^<]*)</p>`).exec(html.slice(at));
    const key = crypto.randomUUID();
    const now = new Date().toISOString();
    const sent = { title: unescaped(thanks?.[1] ?? ''), description: unescaped(thanks?.[2]?.trim() ?? '') };
    await keep(`sent-by-browser:${key}`, form, {}, { key, body, answers: '{}', at: now, sent, lang: languageOf(url.pathname), address: url.pathname });
    await (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SEND_WAITING).catch(() => undefined);
    // The form's waiting line shown: its start tag without `hidden`.
    const line = html.indexOf(FORM_WAITING_MARKER, at);
    const end = html.indexOf('>', line);
    const shown = line < 0 ? html : html.slice(0, line) + html.slice(line, end).replace(/ hidden(="[^"]*")?/, '') + html.slice(end);
    return asSaved(new Response(shown, { headers: saved.headers }), 'offline');
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && request.mode === 'navigate') return event.respondWith(sentByTheBrowser(event));
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (url.pathname.startsWith('/photos/')) event.respondWith(photo(request));
});

/** Tells the open pages that the phone's store changed (a submission went out). */
async function tellPages(): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: SENT_MESSAGE });
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, ((event: SyncEvent) => {
  // 'outbox': the tag of pages of an earlier release, still waiting to be fired.
  if (event.tag !== SEND_WAITING && event.tag !== 'outbox') return;
  event.waitUntil(
    sendWaiting().then(async ({ sent, left }) => {
      if (sent) await tellPages();
      // The browser tries again later (with its own backoff) while some still wait.
      if (left) throw new Error(`${left} submissions still wait for the server`);
    }),
  );
}) as EventListener);
