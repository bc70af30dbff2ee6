// Every time of day on every route says which zone it is in (DECISIONS.md): a
// visitor in Lahore reading "7:00 PM" cannot know whose evening it is. A time
// counts as named when a zone follows it on the same line: an abbreviation the
// schedule derives for the date (EST/EDT, CET/CEST, PKT), a zone's name where no
// date is meant ("Eastern", "Central European time"), or "your time".
import { routes } from '../src/content/routes';
import { expect, test } from './fixtures';

const TIME = /\b\d{1,2}(?::\d{2})?(?:\s?[–-]\s?\d{1,2}(?::\d{2})?)?\s?[AP]M\b/g;
const ZONE = /^[^.\n]{0,40}?\b(ET|EST|EDT|Eastern|CET|CEST|Central European|PKT|your time|UTC)\b/;

for (const route of routes) {
  test(`${route.path}: every time of day names its zone`, async ({ page }) => {
    await page.goto(route.path);
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main p, main li, main h2, main h3, main h4, main dd, main dt, main span, main td')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => el.innerText.replace(/\s+/g, ' ').trim()),
    );
    const unnamed = new Set<string>();
    for (const line of lines) {
      for (const match of line.matchAll(TIME)) {
        const after = line.slice(match.index! + match[0].length);
        if (!ZONE.test(after)) unnamed.add(line.slice(0, 120));
      }
    }
    expect([...unnamed]).toEqual([]);
  });
}
