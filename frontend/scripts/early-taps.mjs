// What a visitor does before the page is alive (issue 52), tried as a visitor on a slow
// phone does it: the CPU slowed x4 and x6 (CDP Emulation.setCPUThrottlingRate), the
// page's scripts held back 5 s, and the act done as soon as its control is drawn.
// Prints, per slowdown, how many of TRIES taps on Watch Now (/), Prayer Request
// (/about: a link to its form's page until the page is alive) and the menu (/about,
// 360 px) did their thing once the page was alive, and how many contact forms and
// prayer requests (/prayer-request) typed into before then kept every character. Not a test: a
// measurement (the suite's e2e/alive.spec.ts proves the same once per case).
//
//   cargo build --release && node frontend/scripts/early-taps.mjs
import { chromium } from '@playwright/test';
import { newDataDir, startThewell } from '../e2e/thewell.mjs';

const tries = Number(process.env.TRIES ?? 20);
const delayMs = Number(process.env.SCRIPT_DELAY_MS ?? 5000);

const server = await startThewell({ dataDir: newDataDir('thewell-taps-') });
const origin = server.url;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu'] });

/** A fresh phone with the home page's pop-ups seen, its scripts held `delayMs`, its CPU slowed. */
async function slowPhone(rate) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    localStorage.setItem('hasSeenChurchLaunch', 'true');
    localStorage.setItem('hasSeenGlobalWelcome', 'true');
  });
  // The scripts arrive `delayMs` after the page is asked for (as on a weak network);
  // those fetched later (a pop-up's code, on the tap) come as they are asked for.
  const asked = Date.now();
  await context.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, asked + delayMs - Date.now())));
    await route.continue();
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page };
}

const alive = (page) => page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: delayMs + 30_000 });

const taps = [
  { what: 'Watch Now (/)', route: '/', control: (p) => p.getByRole('button', { name: 'Watch Now' }), done: '[data-testid="sermon-modal"]' },
  { what: 'Prayer Request (/about)', route: '/about', control: (p) => p.getByRole('link', { name: 'Prayer Request' }).first(), done: '[data-testid="prayer-request-modal"]' },
  { what: 'the menu (/about)', route: '/about', control: (p) => p.getByRole('button', { name: 'Open menu' }), done: '#mobile-menu' },
];

const forms = [
  { route: '/contact', form: 'contact', last: 'message', typed: { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', subject: 'آج کی دعا', message: 'Please pray for my mother, میری ماں' } },
  { route: '/prayer-request', form: 'prayer-request', last: 'prayerRequest', typed: { name: 'Ana Ruiz', phone: '0300 1234567', prayerRequest: 'For my family, میرے خاندان کے لیے' } },
];

console.log(`${tries} tries each, scripts held ${delayMs} ms, 360 px`);
console.log('slowdown  what'.padEnd(44) + 'done   tap drawn (median)');
try {
  for (const rate of [4, 6]) {
    for (const { what, route, control, done } of taps) {
      let ok = 0;
      const drawn = [];
      for (let i = 0; i < tries; i++) {
        const { context, page } = await slowPhone(rate);
        const start = Date.now();
        await page.goto(origin + route, { waitUntil: 'commit' });
        // As soon as the control is drawn: the visitor sees it and taps.
        await control(page).tap({ timeout: 20_000 });
        drawn.push(Date.now() - start);
        await alive(page);
        // Its pop-up's code, fetched on the tap, comes on the slowed phone within seconds.
        await page.waitForSelector(done, { state: 'visible', timeout: 15_000 }).then(() => ok++, () => {});
        await context.close();
      }
      drawn.sort((a, b) => a - b);
      console.log(`x${rate}       ${what}`.padEnd(44) + `${ok}/${tries}`.padEnd(7) + `${drawn[Math.floor(drawn.length / 2)]} ms`);
    }
    for (const { route, form: name, last, typed } of forms) {
      let kept = 0;
      for (let i = 0; i < tries; i++) {
        const { context, page } = await slowPhone(rate);
        await page.goto(origin + route, { waitUntil: 'commit' });
        const form = page.locator(`form[data-form="${name}"]`);
        for (const [field, text] of Object.entries(typed)) {
          await form.locator(`[name="${field}"]`).click({ timeout: 20_000 });
          await page.keyboard.type(text);
        }
        await alive(page);
        await page.keyboard.type('!');
        const values = await form.evaluate((el) => Object.fromEntries([...new FormData(el)].map(([k, v]) => [k, String(v)])));
        const every = Object.entries(typed).every(([field, text]) => values[field] === (field === last ? `${text}!` : text));
        if (every) kept++;
        await context.close();
      }
      console.log(`x${rate}       ${route} typed before alive`.padEnd(44) + `${kept}/${tries} kept every character`);
    }
  }
} finally {
  await browser.close();
  server.stop();
}
