// What a reader sees is what the page said: on every route, the text a visitor
// reads with JavaScript off equals the text once the page's script has taken over
// (hydration must not add, drop or double a character: "1.." was a bug). Parts
// that vary with the visitor's clock or browser (a ticking zone clock, the Welcome
// pill a visitor minimized earlier) are marked data-varies and compared without
// their text, and so are the controls only the script can work (data-needs-script:
// left out without it, so no visitor meets a dead button) and the links that stand in
// for them only without it (data-without-script); the schedule is held back
// so its answer cannot change the page.
import { readFileSync } from 'node:fs';
import { pageText } from './checks';
import { expect, test } from './fixtures';

const english: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));
const languages: { code: string }[] = JSON.parse(readFileSync(new URL('../dist/languages.json', import.meta.url), 'utf8'));
// Every route in every language ('/ur/', '/ur/about', …).
const routes = [...english, ...languages.flatMap(({ code }) => english.map((route) => `/${code}${route === '/' ? '/' : route}`))];

for (const route of routes) {
  test(`${route}: the same text with and without JavaScript`, async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(route);
    const withoutScript = await pageText(plain);
    await noScript.close();

    // Held, never answered: the page keeps its fixed words for the schedule's times.
    await page.route('**/api/schedule**', () => {});
    await page.goto(route);
    await page.waitForTimeout(300);
    const hydrated = await pageText(page);
    expect(hydrated).toBe(withoutScript);
    expect(hydrated).not.toMatch(/\d\.\./);
  });
}
