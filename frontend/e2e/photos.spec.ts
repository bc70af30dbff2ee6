// A volunteer's photos as visitors' screens get them: every slot filled, each photo is
// a <picture> whose `sizes` matches its frame at each layout width, with its shape and
// a placeholder, lazy unless in the first screen, the same with and without the
// page's script; a video's still never covers its play button.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_VIDEOS } from '../playwright.config';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';
import { newContent } from './thewell.mjs';

const PHOTO = join(import.meta.dirname, 'files', 'photo.jpg');
let server: OwnServer;
let routes: string[] = [];

test.beforeAll(async () => {
  // Some 50 photos are made before the first test (a few seconds; more on a busy machine).
  test.setTimeout(120_000);
  server = await startOwnServer(({ dataDir, cli }) => {
    for (const [name, value] of Object.entries(E2E_VIDEOS)) cli('site', 'set', name, value);
    newContent(cli, 'person', '--name', 'Maria Lopez');
    mkdirSync(join(dataDir, 'photos'));
    const listing = cli('site', 'photos');
    const slots = listing.split('\n').map((line) => line.split(/\s+/)).filter(([slot, frame]) => slot && slot !== 'slot' && /^(\d+:\d+|fill)$/.test(frame ?? ''));
    for (const [slot] of slots) copyFileSync(PHOTO, join(dataDir, 'photos', `${slot}.jpg`));
    routes = [...new Set([...listing.matchAll(/on ([^\n]+)/g)].flatMap((m) => m[1].split(', ')).filter((place) => place.startsWith('/')))];
  });
});
test.afterAll(() => server?.stop());

/** For each photo drawn on the page: its drawn width, and the width its `sizes` gives
 *  at this layout width (the first media condition that matches, its length measured). */
async function framesAndSizes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-photo] picture img')]
      .filter((img) => img.getBoundingClientRect().width > 0)
      .map((img) => {
        const chosen = img.sizes
          .split(/,\s*(?![^()]*\))/)
          .map((part) => part.trim())
          .find((part) => {
            const media = /^(\(.*\))\s+(.+)$/.exec(part);
            return !media || matchMedia(media[1]).matches;
          })!;
        const length = /^(\(.*\))\s+(.+)$/.exec(chosen)?.[2] ?? chosen;
        const probe = document.createElement('div');
        probe.style.cssText = `position:absolute;visibility:hidden;width:${length}`;
        document.body.append(probe);
        const said = probe.getBoundingClientRect().width;
        probe.remove();
        return { slot: img.closest('[data-photo]')!.getAttribute('data-photo')!, drawn: img.getBoundingClientRect().width, said };
      }),
  );
}

test('every photo’s sizes match its frame at each layout width, so a phone gets a phone’s bytes @desktop', async ({ page }) => {
  test.slow();
  expect(routes.length).toBeGreaterThan(5);
  let checked = 0;
  for (const width of [360, 412, 640, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await page.goto(`${server.url}${route}`);
      for (const { slot, drawn, said } of await framesAndSizes(page)) {
        // Never smaller than drawn (a blurred photo), never much larger (wasted bytes).
        expect(said, `${route} at ${width} px: ${slot} drawn ${drawn} px`).toBeGreaterThanOrEqual(drawn - 2);
        expect(said, `${route} at ${width} px: ${slot} drawn ${drawn} px`).toBeLessThanOrEqual(drawn * 1.15 + 8);
        checked++;
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
});

test('a photo half or more in a phone’s first screen loads at once and first; the others when scrolled near', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
  const page = await context.newPage();
  let first = 0;
  for (const route of routes.flatMap((r) => [r, r === '/' ? '/ur/' : `/ur${r}`])) {
    await page.goto(`${server.url}${route}`);
    const photos = await page.locator('main [data-photo] picture img').evaluateAll((imgs: HTMLImageElement[]) =>
      imgs.map((img) => {
        const box = img.getBoundingClientRect();
        const shown = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
        return { slot: img.closest('[data-photo]')!.getAttribute('data-photo'), inFirstScreen: box.width > 0 && shown >= box.height / 2, lazy: img.getAttribute('loading') === 'lazy', high: img.getAttribute('fetchpriority') === 'high' };
      }),
    );
    for (const photo of photos) {
      expect(photo, `${route}: ${photo.slot}`).toMatchObject(photo.inFirstScreen ? { lazy: false, high: true } : { lazy: true, high: false });
      if (photo.inFirstScreen) first++;
    }
  }
  expect(first).toBeGreaterThan(5);
  await context.close();
});

test('a first-screen photo is asked for from the page’s head, and fetched once at the width the page draws', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => {
    localStorage.setItem('hasSeenChurchLaunch', 'true');
    localStorage.setItem('hasSeenGlobalWelcome', 'true');
  });
  const page = await context.newPage();
  for (const route of ['/worship', '/leadership', '/ur/worship']) {
    const fetched: string[] = [];
    const listen = (request: { url: () => string }) => void (request.url().includes('/photos/') && fetched.push(new URL(request.url()).pathname));
    page.on('request', listen);
    await page.goto(`${server.url}${route}`, { waitUntil: 'load' });
    const first = page.locator('main [data-photo] img[fetchpriority="high"]').first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const drawn = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    page.off('request', listen);
    const preloads = await page.locator('head link[rel="preload"][as="image"]').evaluateAll((links) => links.map((l) => l.getAttribute('imagesrcset') ?? ''));
    expect(preloads.some((set) => set.split(', ').some((entry) => entry.split(' ')[0] === drawn)), `${route}: ${drawn} in ${preloads}`).toBe(true);
    // Its slot fetched once, at the width drawn: the head's fetch is the one drawn.
    const slot = drawn.split('/').pop()!.split('.')[0];
    expect(fetched.filter((path) => path.split('/').pop()!.split('.')[0] === slot), route).toEqual([drawn]);
  }
  await context.close();
});

test.describe('first visit', () => {
  test.use({ firstVisit: true });
  test('a pop-up’s photo is sized for the pop-up', async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}/`);
      const dialog = page.getByTestId('launch-modal');
      await expect(dialog.locator('[data-photo] img')).toBeVisible();
      const [{ drawn, said }] = await framesAndSizes(page);
      expect(said).toBeGreaterThanOrEqual(drawn - 2);
      expect(said).toBeLessThanOrEqual(drawn * 1.15 + 8);
      await expect.poll(() => dialog.locator('[data-photo] img').evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.webp$/);
    }
  });
});

test('a video’s still keeps its play button on top, and a tap on it plays', async ({ page }) => {
  for (const [route, testId] of [
    ['/worship', 'worship-video'],
    ['/worship', 'worship-file'],
    ['/pakistan', 'pakistan-video'],
  ]) {
    await page.goto(`${server.url}${route}`);
    const spot = page.getByTestId(testId);
    await spot.scrollIntoViewIfNeeded();
    await expect(spot.locator('[data-photo] img')).toBeVisible();
    // Measured and hit-tested in one go, polled: a section the page has just scrolled to
    // is drawn (and hit-tested) from the next frame on (content-visibility: auto).
    await expect
      .poll(
        () =>
          spot.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit?.closest('button')?.getAttribute('aria-label') ?? `${hit?.tagName}.${hit?.className}`;
          }),
        { message: `${route} ${testId}: what a tap at the middle of the still meets` },
      )
      .toMatch(/^Play /);
    // A pointer at the middle of the still: whatever is on top there gets it.
    await spot.click();
    await expect(spot).toHaveAttribute('data-state', 'playing');
    await expect(spot.locator('iframe, video')).toHaveCount(1);
  }
});

test('without the page’s script a photo is in the page, sized, shaped, lazy, over a placeholder, and loads', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${server.url}/worship`);
  const first = page.getByTestId('worship-video').locator('img');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  expect(await first.getAttribute('loading')).toBeNull();
  const gallery = page.locator('[data-photo] picture img:not([fetchpriority])').first();
  for (const [name, value] of [
    ['loading', 'lazy'],
    ['decoding', 'async'],
    ['alt', ''],
    ['sizes', /vw|px/],
    ['srcset', /\.jpg \d+w/],
    ['width', /^\d+$/],
    ['height', /^\d+$/],
    ['style', /^background-image:url\("data:image\/webp;base64,[A-Za-z0-9+/=]+"\);background-size:cover$/],
  ] as const) {
    await expect(gallery, name).toHaveAttribute(name, value);
  }
  expect(((await gallery.getAttribute('style')) ?? '').length).toBeLessThan(1100);
  await expect(page.locator('[data-photo] picture source[type="image/webp"]').first()).toHaveAttribute('srcset', /\.webp \d+w/);
  await gallery.scrollIntoViewIfNeeded();
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(/\.webp$/);
  await context.close();
});

test('the page’s script draws each photo as the server writes it', async ({ page, request }) => {
  // A page drawn by the script alone: reached by a client-side navigation (hydration
  // keeps the server's attributes, so it would hide a difference).
  for (const [from, route] of [
    ['/contact', '/'],
    ['/contact', '/worship'],
    ['/contact', '/pakistan'],
    ['/contact', '/leadership'],
    ['/ur/contact', '/ur/pakistan'],
  ]) {
    // The page as drawn, without the first-visit pop-ups' stand-ins the home page carries after it (lib/standIn.ts).
    const served = (await (await request.get(`${server.url}${route}`)).text()).replace(/<dialog [^>]*data-stand-in[^]*?<\/dialog>/g, '');
    await page.goto(`${server.url}${from}`);
    const count = (served.match(/<picture>/g) ?? []).length;
    expect(count, route).toBeGreaterThan(0);
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await expect(page.locator('[data-photo] picture')).toHaveCount(count);
    const [before, after] = await page.evaluate((html) => {
      // Every attribute but the placeholder's style: a page carries the placeholders
      // of its own photos only, so those of the next page come without.
      const attributes = (root: ParentNode) =>
        [...root.querySelectorAll('[data-photo] picture')].map((picture) =>
          [...picture.querySelectorAll('source, img')].map((el) => Object.fromEntries([...el.attributes].filter((a) => a.name !== 'style').map((a) => [a.name, a.value]).sort())),
        );
      return [attributes(new DOMParser().parseFromString(html, 'text/html')), attributes(document)];
    }, served);
    expect(after, route).toEqual(before);
  }
});
