// Lighthouse (mobile preset: a mid-range phone on a slow 4G connection, simulated)
// against the release binary in Debian's Chromium, for every route. Prints the four
// scores per route and exits non-zero if any is under 100. Not a test: a measurement.
//
//   cargo build --release && node frontend/scripts/lighthouse.mjs [route ...]
//
// npx fetches Lighthouse 13 on first use, with the Node 22 it needs from npm's
// `node` package (Lighthouse 12 cannot read the traces of Chromium 150 and later).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newDataDir, startThewell } from '../e2e/thewell.mjs';
import { requirePhoneFonts } from './phone-fonts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.LIGHTHOUSE_PORT ?? 18787);
const goals = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
// Every route. (The offline page is noindex and the 404 page answers 404 by design:
// Lighthouse cannot score those for SEO, so they are not in the default list.)
const routes = process.argv.slice(2).length ? process.argv.slice(2) : JSON.parse(readFileSync(join(root, 'frontend/dist/routes.json'), 'utf8'));

// The CPU slowdown (see calibrated() below): the preset's x4 unless CPU_SLOWDOWN says otherwise.
const asked = process.env.CPU_SLOWDOWN ?? '4';
if (asked !== 'auto' && !(Number(asked) > 0)) throw new Error(`CPU_SLOWDOWN=${asked}: give a figure such as 4, or auto`);

// Pages are measured as a phone lays them out (its Urdu font: each page names Urdu in its
// language switch), on a machine doing nothing else: the mobile preset runs each task
// unthrottled and multiplies its time by 4, so another process's share of the processor
// (a build, a test suite) shows as the page's blocking time, and a route then scores 90-99
// that scores 100 on a quiet machine.
requirePhoneFonts();
const busy = loadavg()[0];
if (busy > 0.5) console.log(`(this machine is busy: load ${busy.toFixed(2)} over the last minute; blocking times will read high)`);

// REPORTS_DIR (below): keep the reports. DATA_DIR: score a filled site (e.g. the one photos.mjs leaves, every slot a camera photo).
const { child: server, stop } = await startThewell({ dataDir: process.env.DATA_DIR ?? newDataDir('thewell-lh-'), addr: `127.0.0.1:${port}`, log: 'info', stderr: 'pipe' });
// Measured as a visitor meets a server that has been up a while: after it has compressed
// every page at its best (a few seconds after start-up; until then a page is compressed
// quickly, larger by a tenth).
await new Promise((resolve, reject) => {
  let seen = '';
  const look = (chunk) => {
    seen += chunk;
    if (seen.includes('every page compressed ahead')) resolve();
  };
  server.stdout.on('data', look);
  server.stderr.on('data', look);
  server.once('exit', (code) => reject(new Error(`thewell exited (${code}) before its pages were ready`)));
});
server.stdout.removeAllListeners('data').resume();
server.stderr.removeAllListeners('data').resume();

const flags = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

// One Lighthouse run of a route at a CPU slowdown. Chromium sometimes starts recording
// after the navigation (NO_NAVSTART): Lighthouse asks for another run then, so a route
// gets up to three.
function audit(route, slowdown) {
  const lighthouse = `lighthouse "http://127.0.0.1:${port}${route}" --output=json --quiet --chrome-flags="${flags}" --only-categories=performance,accessibility,best-practices,seo --throttling.cpuSlowdownMultiplier=${slowdown}`;
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync('npx', ['--yes', '-p', 'node@22', '-p', 'lighthouse@13.5.0', '-c', lighthouse], {
        env: { ...process.env, CHROME_PATH: chrome },
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return JSON.parse(out);
    } catch (error) {
      const reason = String(error.stderr ?? error.message).split('\n').find((l) => l.includes('error')) ?? 'lighthouse failed';
      if (attempt >= 3) throw new Error(`${route}: ${reason}`);
      console.log(`${route.padEnd(22)}(run ${attempt} failed: ${reason.trim()}; trying again)`);
    }
  }
}

// The mobile preset's CPU slowdown is relative to the machine it runs on: its x4 turns a
// high-end desktop (Lighthouse's benchmark index about 1533) into the mid-tier phone the
// preset stands for, and a slower machine into a slower phone than that. Lighthouse's
// documentation (docs/throttling.md, "Calibrating the CPU slowdown") says to calibrate then,
// with its calculator (lighthouse-cpu-throttling-calculator): index 1533 = x4, 1300 = x3,
// 800 = x2, 150 = x1, straight lines between. Each row prints the index Lighthouse measured;
// CPU_SLOWDOWN=auto measures it first and scores every route at the slowdown it calls for,
// CPU_SLOWDOWN=<figure> at that figure; unset, the preset's x4.
function calibrated(index) {
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  if (index >= 150) return 1 + (index - 150) / 650;
  return 1;
}
let slowdown = Number(asked);
if (asked === 'auto') {
  const index = audit(routes[0], 4).environment.benchmarkIndex;
  slowdown = Math.round(calibrated(index) * 10) / 10;
  console.log(`This machine's CPU benchmark index (Lighthouse's): ${index}, which Lighthouse's calibration makes the preset's mid-tier phone at x${slowdown}.`);
}
let failed = false;
console.log(`CPU slowdown x${slowdown}`);
console.log('route'.padEnd(22) + Object.keys(goals).map((k) => k.padStart(16)).join(''));
try {
  for (const route of routes) {
    const report = audit(route, slowdown);
    // REPORTS_DIR: keep each route's whole report (route / as index.json, /ur/about as ur-about.json).
    if (process.env.REPORTS_DIR) writeFileSync(join(process.env.REPORTS_DIR, `${route.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'index'}.json`), JSON.stringify(report));
    const scores = Object.keys(goals).map((k) => Math.round((report.categories[k]?.score ?? 0) * 100));
    const low = Object.keys(goals).filter((k, i) => scores[i] < goals[k]);
    if (low.length) failed = true;
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => report.audits[id]?.displayValue ?? '?').join(', ');
    console.log(route.padEnd(22) + scores.map((s) => String(s).padStart(16)).join('') + `   FCP, LCP, TBT, CLS: ${metrics}; index ${report.environment.benchmarkIndex}` + (low.length ? `   below goal: ${low.join(', ')}` : ''));
    for (const k of low) {
      const failing = report.categories[k].auditRefs
        .map((ref) => report.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      console.log(`    ${k}: ${failing.slice(0, 8).join(', ')}`);
    }
  }
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
