// Shared test setup: fail a test on any page error or console error; answer the
// external giving page and the embedded players locally (this machine has no
// outside network); and an axe scan helper (WCAG 2.2 AA).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page, type Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawWholePage } from './checks';

export const GIVING_HOST = 'https://giving.example.org';

/** Two seconds of a test pattern, silent (VP8). */
export const VIDEO_FILE = readFileSync(join(import.meta.dirname, 'files', 'hero.webm'));

/** A stand-in for an embedded player: it records the commands the page posts to it. */
const PLAYER_STUB = `<!doctype html><title>player</title><body style="background:#111;color:#eee">player
<script>window.received=[];addEventListener('message',function(e){window.received.push(String(e.data))});</script>`;

export const test = base.extend<{ errors: string[]; firstVisit: boolean; quietHome: void }>({
  // Navigations wait until the page's code has hydrated it, as a person waits for a page to respond.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const alive = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    page.goto = async (...args) => {
      const response = await goto(...args);
      await alive();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await alive();
      return response;
    };
    await use(page);
  },
  errors: [
    async ({ page, context }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await context.route(`${GIVING_HOST}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Giving</title>Giving page' }));
      await context.route(/^https:\/\/(www\.youtube-nocookie\.com|app\.zoom\.us|zoom\.us|app\.example\.org|media\.example\.org)\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: PLAYER_STUB }),
      );
      // The worship video file of the shared server's settings: two silent seconds.
      await context.route(/^https:\/\/media\.example\.org\/.*\.webm$/, (route) => route.fulfill({ contentType: 'video/webm', body: VIDEO_FILE }));
      await use(errors);
      expect(errors, 'page errors or console errors').toEqual([]);
    },
    { auto: true },
  ],
  // A test of the first-visit pop-ups says `test.use({ firstVisit: true })`.
  firstVisit: [false, { option: true }],
  // Otherwise the home page's pop-ups are marked as seen, so they stay out of the way.
  quietHome: [
    async ({ context, firstVisit }, use) => {
      if (!firstVisit) {
        await context.addInitScript(() => {
          try {
            localStorage.setItem('hasSeenChurchLaunch', 'true');
            localStorage.setItem('hasSeenGlobalWelcome', 'true');
          } catch {
            // a sandboxed frame (the player stand-ins) has no storage
          }
        });
      }
      await use();
    },
    { auto: true },
  ],
});

/**
 * Clicks a link to another site and returns the request its new tab makes there,
 * after the site's /go/ redirect (the browser follows it; a stub cannot answer a
 * redirected request, so the request itself is the evidence).
 */
export async function outsideRequest(context: BrowserContext, host: string, click: () => Promise<void>): Promise<Request> {
  const [request] = await Promise.all([context.waitForEvent('request', (r) => r.url().startsWith(host)), click()]);
  return request;
}

/** Fails with the list of violations when axe finds any (WCAG 2.0/2.1/2.2 A and AA). */
export async function expectAccessible(page: Page, what: string) {
  // Every part as a visitor scrolling to it sees it (axe reads colours off the drawn page).
  await drawWholePage(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/** expectAccessible at a desktop's width (1280 px) and then at a phone's (360 px), on
 *  one page: the site draws nothing by the window's width in its script (hydration.spec
 *  checks), so the stylesheet's phone layout is what a phone's visitor gets. */
export async function expectAccessibleAtBothWidths(page: Page, what: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, `${what} at 1280 px`);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page, `${what} at 360 px`);
}

/** Holds every script of the site until `release` is called. */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export { expect };
