// First paint, largest paint and load of pages on a weak phone network (400 kbps each
// way, 400 ms round trip) at 360 px, on a first visit (empty cache) and on a repeat
// visit, with the service worker (settled: its own saves done) and with it blocked,
// medians of RUNS (5) visits; and whether Chromium finds the site installable. Prints
// a table; not a test: a measurement.
//
//   cargo build --release && node frontend/scripts/weak-network.mjs [route ...]
//
// The weak link is a proxy in front of the server that models the connection: a new
// connection pays its opening round trip before its first byte goes, then every byte
// is held 200 ms each way and clocked at 400 kbps each way (all connections share
// it, as they share a phone's radio). Chromium's own network emulation would not do:
// it slows the page's requests but not those of its service worker.
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, newDataDir, startThewell } from '../e2e/thewell.mjs';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/bible-study', '/pakistan'];
const RUNS = Number(process.env.RUNS ?? 5);
const ONE_WAY_MS = 200;
const BYTES_PER_MS = 400_000 / 8 / 1000;

// DATA_DIR: measure a filled site (photos.mjs passes its own), else an empty one.
const dataDir = process.env.DATA_DIR ?? newDataDir('thewell-weak-');
// HTTPS=1: serve as the site is served on the internet, HTTPS with its own certificate
// (one made here by openssl), so the browser speaks HTTP/2 and every request of the
// page shares the page's connection; without it, plain HTTP/1.1, where the browser
// opens more connections (each paying its opening round trip) to fetch in parallel.
const https = Boolean(process.env.HTTPS);
const tlsFlags = [];
if (https) {
  const dir = mkdtempSync(join(tmpdir(), 'thewell-weak-tls-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  tlsFlags.push('--tls-cert', cert, '--tls-key', key, '--https-port', '0', '--http-port', '0');
}
const server = await startThewell({ dataDir, flags: tlsFlags });
const origin = server.url;

/** One direction of the link: bytes leave in order, each ONE_WAY_MS after it has
 *  been clocked out at BYTES_PER_MS (shared by every connection). */
function direction() {
  let free = 0;
  const send = (socket, chunk) => {
    send.bytes += chunk.length;
    for (let at = 0; at < chunk.length; at += 1400) {
      const piece = chunk.subarray(at, at + 1400);
      free = Math.max(free, performance.now()) + piece.length / BYTES_PER_MS;
      const due = free + ONE_WAY_MS - performance.now();
      setTimeout(() => socket.destroyed || socket.write(piece), due);
    }
  };
  send.bytes = 0;
  return send;
}
/** Request lines seen on the link during a visit, with when (LOG_REQUESTS=1 prints them). */
const seen = [];
let visitStart = 0;
const up = direction();
const down = direction();
const [host, port] = new URL(origin).host.split(':');
const link = createServer((phone) => {
  // The connection's opening round trip (SYN, SYN-ACK): what the phone sends waits it out.
  phone.pause();
  setTimeout(() => phone.resume(), 2 * ONE_WAY_MS);
  const site = connect(Number(port), host);
  phone.on('data', (chunk) => {
    const line = /^(GET|HEAD|POST) (\S+)/.exec(chunk.toString('latin1', 0, 200));
    if (line) seen.push(`${line[1]} ${line[2]} @${Math.round(performance.now() - visitStart)}`);
    up(site, chunk);
  });
  site.on('data', (chunk) => down(phone, chunk));
  const close = () => setTimeout(() => (phone.destroy(), site.destroy()), ONE_WAY_MS + 50);
  phone.on('close', close).on('error', close);
  site.on('close', close).on('error', close);
});
await new Promise((resolve) => link.listen(0, '127.0.0.1', resolve));
const weakOrigin = `${https ? 'https' : 'http'}://127.0.0.1:${link.address().port}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-quic', ...(https ? ['--ignore-certificate-errors'] : [])] });

/** One visit to `route` in `page` over the weak link: first paint, load, and the bytes
 *  (both ways) and requests that crossed the link until the load event. */
async function visit(page, route) {
  const before = up.bytes + down.bytes;
  seen.length = 0;
  visitStart = performance.now();
  await page.goto(`${weakOrigin}${route}`, { waitUntil: 'load' });
  const bytes = up.bytes + down.bytes - before;
  // Over HTTPS the link sees only ciphertext: the page names what it fetched.
  if (https) {
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => `GET ${new URL(r.name).pathname} @${Math.round(r.startTime)}`));
    seen.push(`GET ${route}`, ...fetched);
  }
  const requests = seen.length;
  if (process.env.LOG_REQUESTS) console.log(route, seen.join(', '));
  const timing = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const nav = performance.getEntriesByType('navigation')[0];
        const entries = (type) => new Promise((done) => new PerformanceObserver((list) => done(list.getEntries())).observe({ type, buffered: true }));
        const late = new Promise((done) => setTimeout(() => done([]), 5000));
        Promise.all([Promise.race([entries('paint'), late]), Promise.race([entries('largest-contentful-paint'), late])]).then(([paints, largest]) =>
          resolve({
            paint: paints.find((p) => p.name === 'first-contentful-paint')?.startTime ?? NaN,
            largest: largest.at(-1)?.startTime ?? NaN,
            load: nav.loadEventEnd,
            html: nav.responseStart,
            protocol: nav.nextHopProtocol,
          }),
        );
      }),
  );
  return { ...timing, bytes, requests };
}

/** Polls `check` in the page (awaiting it) every 100 ms until it is true, for up to 30 s. */
async function until(page, check, what, arg) {
  for (const start = Date.now(); Date.now() - start < 30_000; await page.waitForTimeout(100)) {
    if (await page.evaluate(check, arg).catch(() => false)) return;
  }
  throw new Error(`${what}: not within 30 s`);
}

/** Ends the measuring early, with what it has (NO_REPEAT). */
class Skip extends Error {}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
let installable = 'not checked';
try {
  for (const route of routes) {
    const first = [];
    const repeat = [];
    const blocked = [];
    for (let run = 0; run < RUNS; run++) {
      // NO_REPEAT: first visits only (photos.mjs measures what a new visitor waits for).
      for (const serviceWorkers of process.env.NO_REPEAT ? ['allow'] : ['allow', 'block']) {
        const context = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers, ignoreHTTPSErrors: https });
        const page = await context.newPage();
        const firstVisit = await visit(page, route);
        if (process.env.NO_REPEAT) {
          first.push(firstVisit);
          await context.close();
          continue;
        }
        if (serviceWorkers === 'allow') {
          first.push(firstVisit);
          // The worker installs after the first load and saves the page: the phone
          // comes back once it has (each check awaited, not a promise taken as true).
          await until(page, () => navigator.serviceWorker?.controller != null, 'the worker took the page');
          await until(page, async (path) => (await (await caches.open('thewell-pages')).keys()).some((r) => new URL(r.url).pathname === path), 'the worker saved the page', route);
        } else await page.waitForTimeout(3000);
        await page.close();
        (serviceWorkers === 'allow' ? repeat : blocked).push(await visit(await context.newPage(), route));
        await context.close();
      }
    }
    const summary = (visits) => ({
      html: median(visits.map((v) => v.html)),
      paint: median(visits.map((v) => v.paint)),
      afterHtml: median(visits.map((v) => v.paint - v.html)),
      largestAfterHtml: median(visits.map((v) => v.largest - v.html)),
      load: median(visits.map((v) => v.load)),
      kb: median(visits.map((v) => v.bytes)) / 1024,
      requests: median(visits.map((v) => v.requests)),
      protocol: [...new Set(visits.map((v) => v.protocol))].join(' '),
    });
    rows.push({ route, first: summary(first), repeat: repeat.length ? summary(repeat) : null, blocked: blocked.length ? summary(blocked) : null });
  }
  if (process.env.NO_REPEAT) throw new Skip();
  // Chromium checks installability only outside incognito: a profile of its own.
  const profile = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'thewell-profile-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-quic', ...(https ? ['--ignore-certificate-errors'] : [])],
  });
  const page = profile.pages()[0] ?? (await profile.newPage());
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 }).catch(() => undefined);
  const cdp = await profile.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  installable = installabilityErrors.length ? installabilityErrors.map((e) => e.errorId).join(', ') : 'yes, no installability errors';
  const manifest = await cdp.send('Page.getAppManifest');
  installable += manifest.errors?.length ? `; manifest errors: ${manifest.errors.map((e) => e.message).join('; ')}` : '; the manifest parses without errors';
  await profile.close();
} catch (error) {
  if (!(error instanceof Skip)) throw error;
} finally {
  await browser.close();
  link.close();
  server.stop();
}

const ms = (v) => `${(v / 1000).toFixed(2)} s`.padStart(9);
console.log(`Weak network (400 kbps each way, 400 ms round trip and one more to open each connection, through a shaping proxy), ${https ? 'HTTPS' : 'plain HTTP'} (the page came over ${[...new Set(rows.map((r) => r.first.protocol))].join(', ')}), 360 px, median of ${RUNS} runs, ${binary}`);
console.log('html: when the first byte of the page came; paint, largest: first and largest contentful paint; +html: the same after the first byte; KB and req: what crossed the link until load');
const head = `${'html'.padStart(9)}${'paint'.padStart(9)}${'+html'.padStart(9)}${'largest'.padStart(9)}${'+html'.padStart(9)}${'load'.padStart(9)}${'KB'.padStart(6)}${'req'.padStart(5)}`;
console.log(`${'route'.padEnd(18)}${'visit'.padEnd(22)}${head}`);
const cells = (v) => `${ms(v.html)}${ms(v.paint)}${ms(v.afterHtml)}${ms(v.largestAfterHtml + v.html)}${ms(v.largestAfterHtml)}${ms(v.load)}${v.kb.toFixed(0).padStart(6)}${String(v.requests).padStart(5)}`;
for (const { route, first, repeat, blocked } of rows) {
  console.log(`${route.padEnd(18)}${'first'.padEnd(22)}${cells(first)}`);
  if (!repeat || !blocked) continue;
  console.log(`${''.padEnd(18)}${'repeat, worker'.padEnd(22)}${cells(repeat)}`);
  console.log(`${''.padEnd(18)}${'repeat, worker blocked'.padEnd(22)}${cells(blocked)}`);
  const gap = repeat.paint - blocked.paint;
  console.log(`${''.padEnd(18)}worker's cost to a repeat visit's first paint: ${Math.round(gap)} ms (${((100 * gap) / blocked.paint).toFixed(1)}%)`);
}
console.log(`installable (Chromium): ${installable}`);
