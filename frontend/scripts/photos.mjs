// Every photo slot filled with large camera photos, as a church fills them, then what
// a visitor downloads. Prints:
//  - making: each photo's time (from the server's log) and the peak memory of making
//    them all in one process (`thewell site photos --make`), and of a 12-megapixel one alone;
//  - bytes on the wire for /, /worship, /united-states, /pakistan, /leadership and their
//    /ur/ twins, scrolled to the bottom, at 360 px (DPR 2) and 1280 px (DPR 1);
//  - the largest paint after the first byte on the weak-3G proxy (weak-network.mjs).
// A measurement, not a test.
//
//   cargo build --release && node frontend/scripts/photos.mjs [folder of JPEGs]
//
// Needs Debian's imagemagick, libimage-exiftool-perl and (without a folder)
// plasma-workspace-wallpapers: the wallpapers' largest sizes are made into phone
// photos (4032 x 3024 and 5120 x 2880 JPEGs at quality 92) carrying GPS in EXIF and
// XMP, the city in IPTC, the phone's make and model; every fifth is stored sideways
// with its EXIF orientation, as phones do.
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binary, newContent, startThewell } from '../e2e/thewell.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'thewell-photos-'));
const data = join(work, 'data');
mkdirSync(data, { mode: 0o700 });
const cli = (...args) => execFileSync(binary, ['--data-dir', data, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const need = (tool, pkg) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
  } catch {
    console.error(`${tool} is needed: apt-get install ${pkg}`);
    process.exit(1);
  }
};
need('convert', 'imagemagick');
need('exiftool', 'libimage-exiftool-perl');

// Sources: the folder given, or each wallpaper's largest picture.
const given = process.argv[2];
let sources = [];
if (given) {
  sources = readdirSync(given).filter((f) => /\.(jpe?g|png)$/i.test(f)).map((f) => join(given, f));
} else {
  const walls = '/usr/share/wallpapers';
  if (!existsSync(walls)) {
    console.error('no photos: give a folder of JPEGs, or apt-get install plasma-workspace-wallpapers');
    process.exit(1);
  }
  for (const name of readdirSync(walls)) {
    const dir = join(walls, name, 'contents/images');
    if (!existsSync(dir)) continue;
    const best = readdirSync(dir)
      .map((f) => ({ f, px: f.split('.')[0].split('x').reduce((a, b) => a * Number(b), 1) }))
      .filter((x) => x.px > 2_000_000)
      .sort((a, b) => b.px - a.px)[0];
    if (best) sources.push(join(dir, best.f));
  }
}
if (!sources.length) throw new Error('no source photos');

// Three people, so /leadership has cards with photos.
for (const name of ['Maria Lopez', 'David Khan', 'Grace Mensah']) newContent(cli, 'person', '--name', name);
const slots = cli('site', 'photos')
  .split('\n')
  .map((line) => line.split(/\s+/))
  .filter(([slot, frame]) => slot && /^\w+:\w+$|^fill$/.test(frame ?? '') && slot !== 'slot')
  .map(([slot]) => slot);

console.log(`Filling ${slots.length} photo slots from ${sources.length} pictures (${given ?? 'the Plasma wallpapers'}) in ${work}`);
const camera = join(work, 'camera');
mkdirSync(camera);
let twelve = '';
let originalBytes = 0;
slots.forEach((slot, i) => {
  const file = join(camera, `IMG_${4000 + i}.JPG`);
  const size = i % 2 ? '5120x2880' : '4032x3024';
  const sideways = i % 5 === 4;
  execFileSync('convert', [sources[i % sources.length], '-resize', `${size}^`, '-gravity', 'center', '-extent', size, ...(sideways ? ['-rotate', '270'] : []), '-quality', '92', file]);
  execFileSync('exiftool', [
    '-q', '-overwrite_original',
    '-GPSLatitude=31.5204', '-GPSLatitudeRef=N', '-GPSLongitude=74.3587', '-GPSLongitudeRef=E',
    '-XMP:GPSLatitude=31.5204 N', '-XMP:GPSLongitude=74.3587 E', '-IPTC:City=Lahore',
    '-Make=Apple', '-Model=iPhone 15 Pro', '-Comment=Home group at the Khans\'',
    ...(sideways ? ['-Orientation#=6'] : []),
    file,
  ]);
  if (!twelve && size === '4032x3024' && !sideways) twelve = file;
  originalBytes += statSync(file).size;
  cli('site', 'photo', slot, file);
});
console.log(`originals: ${(originalBytes / 1e6).toFixed(0)} MB in all`);

/** Runs `args` and returns [seconds, peak memory in MB] (Python's getrusage of the child). */
function measured(args) {
  const script = 'import resource,subprocess,sys,time;t=time.time();subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL);print(time.time()-t,resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)';
  const [secs, kb] = execFileSync('python3', ['-c', script, binary, '--data-dir', data, ...args], { encoding: 'utf8', env: { ...process.env, THEWELL_LOG: 'warn' } }).trim().split(' ');
  return [Number(secs), Number(kb) / 1024];
}

// One 12-megapixel photo alone, in a data directory of its own.
{
  const alone = join(work, 'alone');
  mkdirSync(alone, { mode: 0o700 });
  execFileSync(binary, ['--data-dir', alone, 'site', 'photo', slots[0], twelve]);
  const script = 'import resource,subprocess,sys,time;t=time.time();subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL);print(time.time()-t,resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)';
  const [secs, kb] = execFileSync('python3', ['-c', script, binary, '--data-dir', alone, 'site', 'photos', '--make'], { encoding: 'utf8' }).trim().split(' ');
  console.log(`one 4032 x 3024 JPEG made in ${Number(secs).toFixed(1)} s, peak memory ${(Number(kb) / 1024).toFixed(0)} MB (goal: 30 s, 150 MB)`);
}

const [allSecs, allPeak] = measured(['site', 'photos', '--make']);
console.log(`all ${slots.length} made one by one in ${allSecs.toFixed(0)} s (${(allSecs / slots.length).toFixed(1)} s each), peak memory ${allPeak.toFixed(0)} MB`);
const listing = cli('site', 'photos');
const ready = (listing.match(/: ready:/g) ?? []).length;
console.log(`thewell site photos: ${ready} ready, ${(listing.match(/: refused:/g) ?? []).length} refused, ${(listing.match(/waiting to be made/g) ?? []).length} waiting`);
const variants = readdirSync(join(data, 'photo-variants/files'));
const variantBytes = variants.reduce((sum, f) => sum + statSync(join(data, 'photo-variants/files', f)).size, 0);
console.log(`variants: ${variants.length} files, ${(variantBytes / 1e6).toFixed(1)} MB`);

// A server on it, and what visitors download.
const server = await startThewell({ dataDir: data, log: 'warn' });
const origin = server.url;
const routes = ['/', '/worship', '/united-states', '/pakistan', '/leadership'].flatMap((r) => [r, r === '/' ? '/ur/' : `/ur${r}`]);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-quic'] });
const rows = [];
try {
  for (const route of routes) {
    const row = { route };
    for (const [name, viewport, scale] of [['phone', { width: 360, height: 780 }, 2], ['desktop', { width: 1280, height: 800 }, 1]]) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: scale, serviceWorkers: 'block' });
      // The first visit's pop-ups already seen: the page itself is measured.
      await context.addInitScript(() => {
        localStorage.setItem('hasSeenChurchLaunch', 'true');
        localStorage.setItem('hasSeenGlobalWelcome', 'true');
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let bytes = 0;
      let photoBytes = 0;
      let photos = 0;
      const urls = new Map();
      cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
      cdp.on('Network.loadingFinished', (e) => {
        bytes += e.encodedDataLength;
        if ((urls.get(e.requestId) ?? '').includes('/photos/')) (photoBytes += e.encodedDataLength), photos++;
      });
      await page.goto(`${origin}${route}`, { waitUntil: 'load' });
      // Scrolled to the bottom as a reader does, a screen at a time.
      for (let y = 0; y < 40; y++) {
        const done = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight * 0.8);
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        await page.waitForTimeout(150);
        if (done) break;
      }
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      row[name] = { kb: bytes / 1024, photoKb: photoBytes / 1024, photos };
      await context.close();
    }
    rows.push(row);
  }
} finally {
  await browser.close();
}
console.log('\nBytes on the wire, scrolled to the bottom (goal: 200 KB at 360 px, 300 KB at 1280 px, every slot filled)');
console.log(`${'route'.padEnd(16)}${'360 px DPR 2'.padStart(14)}${'of it photos'.padStart(18)}${'1280 px'.padStart(12)}${'of it photos'.padStart(18)}`);
for (const { route, phone, desktop } of rows) {
  const cell = (v) => `${v.kb.toFixed(0)} KB`.padStart(12);
  const of = (v) => `${v.photoKb.toFixed(0)} KB (${v.photos})`.padStart(18);
  console.log(`${route.padEnd(16)}${cell(phone)}  ${of(phone)}${cell(desktop)}${of(desktop)}`);
}
server.stop();

// The weak-3G largest paint, on the same data directory.
if (!process.env.NO_WEAK) {
  // Over HTTPS (HTTP/2, as the site is served on the internet) and plain HTTP/1.1,
  // where each photo waits for a connection of its own to open.
  for (const https of ['1', '']) {
    console.log(`\nWeak network, same photos (weak-network.mjs, ${https ? 'HTTPS' : 'plain HTTP'}):`);
    execFileSync('node', [join(root, 'frontend/scripts/weak-network.mjs'), ...routes], { stdio: 'inherit', env: { ...process.env, DATA_DIR: data, RUNS: process.env.RUNS ?? '3', NO_REPEAT: '1', HTTPS: https } });
  }
}
