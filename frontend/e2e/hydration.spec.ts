// What a reader sees is what the page said: on every route, the text a visitor
// reads with JavaScript off equals the text once the page's script has taken over
// (hydration must not add, drop or double a character: "1.." was a bug). Parts
// that vary with the visitor's clock or browser (a ticking zone clock, the Welcome
// pill a visitor minimized earlier) are marked data-varies and compared without
// their text, and so are the controls only the script can work (data-needs-script:
// left out without it, so no visitor meets a dead button) and the links that stand in
// for them only without it (data-without-script); the schedule is held back
// so its answer cannot change the page.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pageText } from './checks';
import { expect, test } from './fixtures';

const english: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));
const languages: { code: string }[] = JSON.parse(readFileSync(new URL('../dist/languages.json', import.meta.url), 'utf8'));
// Every route in every language ('/ur/', '/ur/about', …).
const routes = [...english, ...languages.flatMap(({ code }) => english.map((route) => `/${code}${route === '/' ? '/' : route}`))];

/** The page's text at a desktop's width and then at a phone's (360 px): what the
 *  stylesheet shows differs with the width, the page's content does not (no part of
 *  the site draws itself by the window's width), so one page read at both widths
 *  stands for a desktop and a phone. */
async function textAtBothWidths(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const desktop = await pageText(page);
  await page.setViewportSize({ width: 360, height: 740 });
  return [desktop, await pageText(page)];
}

// What makes one reading at both widths stand for a phone: no script of the site
// reads the window's width. (The pop-up's "more below" hint measures its own open
// panel, after the page is alive: no page is drawn with a pop-up open.)
test('@desktop no script of the site draws by the window’s width', () => {
  const source = new URL('../src/', import.meta.url);
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f));
  const reading = files.filter((f) => f !== 'components/Modal.tsx' && /innerWidth|outerWidth|clientWidth|screen\.width|ResizeObserver|matchMedia\([^)]*width/.test(readFileSync(new URL(f, source), 'utf8')));
  expect(files.length).toBeGreaterThan(50);
  expect(reading).toEqual([]);
});

for (const route of routes) {
  test(`@desktop ${route}: the same text with and without JavaScript, at 1280 and 360 px`, async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(route);
    const withoutScript = await textAtBothWidths(plain);
    await noScript.close();

    // Held, never answered: the page keeps its fixed words for the schedule's times.
    await page.route('**/api/schedule**', () => {});
    await page.goto(route);
    await page.waitForTimeout(300);
    const hydrated = await textAtBothWidths(page);
    expect(hydrated).toEqual(withoutScript);
    for (const text of hydrated) expect(text).not.toMatch(/\d\.\./);
  });
}
