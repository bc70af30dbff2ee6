// What the route sweep (sweep.spec.ts) looks for on a page, each a function of the
// page as it is now, returning what is wrong (empty when all is well), so a test
// can say exactly where.
import type { Page } from '@playwright/test';

/** The visible targets under `root` shorter or narrower than 44 px (WCAG 2.5.5), as `tag "text" (width × height)`. */
export async function smallTargets(page: Page, root: string): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${root} a[href], ${root} button, ${root} input:not([type=hidden]), ${root} select, ${root} textarea`)) {
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue;
      if (el.closest('.sr-only, [aria-hidden="true"]')) continue;
      // A checkbox or radio counts by its row: the label that holds it.
      const target = (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el;
      const box = target.getBoundingClientRect();
      if (!box.width) continue;
      // Inline links within a sentence are exempt (WCAG's inline exception).
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement?.closest('p, li') && (el.parentElement.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 10) continue;
      if (box.height < 44 || box.width < 44) found.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" (${Math.round(box.width)} × ${Math.round(box.height)} px)`);
    }
    return [...new Set(found)];
  }, root);
}

const TIME = /\b\d{1,2}(?::\d{2})?(?:\s?[–-]\s?\d{1,2}(?::\d{2})?)?\s?[AP]M\b/g;
const ZONE = /^[^.\n]{0,40}?\b(ET|EST|EDT|Eastern|CET|CEST|Central European|PKT|your time|UTC)\b/;

/**
 * Lines with a time of day that names no zone (every time shown names its zone). A time counts as named
 * when a zone follows it on the same line: an abbreviation the schedule derives for
 * the date (EST/EDT, CET/CEST, PKT), a zone's name where no date is meant
 * ("Eastern", "Central European time"), or "your time".
 */
export async function timesWithoutZone(page: Page): Promise<string[]> {
  const lines = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main p, main li, main h2, main h3, main h4, main dd, main dt, main span, main td')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => el.innerText.replace(/\s+/g, ' ').trim()),
  );
  const unnamed = new Set<string>();
  for (const line of lines) {
    for (const match of line.matchAll(TIME)) {
      if (!ZONE.test(line.slice(match.index! + match[0].length))) unnamed.add(line.slice(0, 120));
    }
  }
  return [...unnamed];
}

/**
 * Times of day shown without the visitor's own time beside them: a line naming a time
 * whose line, list item or card (the block the eye reads it in) does not also say
 * 'your time'. The schedule answers after the page comes alive, so call it again
 * until it settles (expect.poll). Covers the page and any open dialog.
 */
export async function timesWithoutYourTime(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const time = new RegExp(source);
    const found = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('main p, main li, main h2, main h3, main dd, main dt, main span, dialog[open] p, dialog[open] li, dialog[open] span')) {
      if (el.offsetParent === null) continue;
      const line = el.innerText.replace(/\s+/g, ' ').trim();
      if (!time.test(line) || /your time/.test(line)) continue;
      // A word of the schedule is a part of its line: the line says the visitor's time.
      if (el.hasAttribute('data-word') && /your time/.test(el.parentElement?.innerText ?? '')) continue;
      const block = el.closest('li, dl, [class*="rounded-"]');
      if (block && /your time/.test((block as HTMLElement).innerText)) continue;
      found.add(line.slice(0, 120));
    }
    return [...found];
  }, TIME.source);
}

/** Lines of the page (and an open dialog) that begin or end with a separator dot: words run together or left hanging ('… · '). */
export async function strayDots(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.querySelector<HTMLElement>('dialog[open]')?.innerText ?? document.querySelector<HTMLElement>('main')?.innerText ?? '');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('·') || line.endsWith('·'));
}

/** Links, buttons, fields and text lying under a floating control (the round buttons, the floating Welcome pill) in the viewport now. */
export async function underFloating(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const candidates = [...document.querySelectorAll<HTMLElement>('[data-testid="floating-buttons"] > *, [data-testid="welcome-minimized"]')];
    const floating = candidates
      .filter((el) => getComputedStyle(el).position === 'fixed' || el.closest('[data-testid="floating-buttons"]'))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    if (!floating.length) return [];
    const content = document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main textarea, main label, main p, main h1, main h2, main h3, main h4, main li, footer a, footer p');
    const found: string[] = [];
    for (const el of content) {
      if (el.closest('[data-testid="floating-buttons"], [data-testid="welcome-minimized"]')) continue;
      for (const box of el.getClientRects()) {
        if (!box.width || !box.height || box.bottom <= 0 || box.top >= innerHeight) continue;
        for (const f of floating) {
          const x = Math.min(box.right, f.right) - Math.max(box.left, f.left);
          const y = Math.min(box.bottom, f.bottom) - Math.max(box.top, f.top);
          if (x > 1 && y > 1) found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" at y=${Math.round(box.top)}`);
        }
      }
    }
    return found;
  });
}

/** Scrolls the page from top to bottom and collects what lies under the floating controls on the way. */
export async function underFloatingWhileScrolling(page: Page, step: number): Promise<string[]> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const found = new Set<string>();
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    for (const overlap of await underFloating(page)) found.add(`scrolled ${y}: ${overlap}`);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...found];
}

/**
 * Page headings (h1, section h2s), the header's logo and the footer's, whose left
 * edge is not the header logo's: one container, one left edge. Headings inside cards
 * and lists, and centred ones, have their own place.
 */
export async function offTheLeftEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The first link of the header, and of the footer, is the logo's (to the home page).
    const logo = document.querySelector('header a')!.getBoundingClientRect().left;
    const found: string[] = [];
    const candidates = [...document.querySelectorAll<HTMLElement>('main h1, main h2'), document.querySelector<HTMLElement>('footer a')!];
    for (const el of candidates) {
      if (el.offsetParent === null || el.closest('li, dialog, [class*="rounded"], [data-testid="floating-buttons"]')) continue;
      // A heading in the second column of a grid starts where its column does.
      let inner = false;
      for (let up: HTMLElement | null = el.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.display === 'grid' && style.gridTemplateColumns.split(' ').length > 1) inner = true;
      }
      if (inner) continue;
      if (getComputedStyle(el).textAlign === 'center') continue;
      const left = el.getBoundingClientRect().left;
      if (Math.abs(left - logo) > 1) found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(left)} px, the logo at ${Math.round(logo)} px`);
    }
    return found;
  });
}

/** Grids of two or more columns whose last row holds a single narrow item at its left (one centred on its row is laid out so on purpose). */
export async function orphans(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const grid of document.querySelectorAll<HTMLElement>('main *')) {
      const style = getComputedStyle(grid);
      if (style.display !== 'grid' || style.gridTemplateColumns.split(' ').length < 2) continue;
      // Laid-out items only (not the form's hidden honeypot, positioned off-screen).
      const items = [...grid.children].filter((c) => (c as HTMLElement).offsetParent !== null && c.getBoundingClientRect().height > 0 && !['absolute', 'fixed'].includes(getComputedStyle(c).position));
      if (items.length < 2) continue;
      // Items share a row when their boxes overlap vertically (rows may centre their items).
      const rows: { bottom: number; items: Element[] }[] = [];
      for (const item of items.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)) {
        const box = item.getBoundingClientRect();
        const row = rows.at(-1);
        if (row && box.top < row.bottom - 1) {
          row.items.push(item);
          row.bottom = Math.max(row.bottom, box.bottom);
        } else rows.push({ bottom: box.bottom, items: [item] });
      }
      const last = rows.at(-1)!.items;
      const [box, area] = [last[0].getBoundingClientRect(), grid.getBoundingClientRect()];
      const centred = Math.abs(box.left + box.right - area.left - area.right) < 4;
      if (rows.length > 1 && last.length === 1 && box.width < area.width * 0.75 && !centred) {
        found.push(`"${(last[0].textContent ?? '').trim().slice(0, 40)}" alone on the last row of ${rows.length}`);
      }
    }
    return found;
  });
}

/** The page's visible text, the parts that vary left out, spaces folded. */
export async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('[data-varies], [data-needs-script], [data-without-script]').forEach((el) => el.remove());
    body.querySelectorAll('script, template, dialog:not([open])').forEach((el) => el.remove());
    // The whole page's words, as a visitor scrolling through reads them: the parts the
    // stylesheet lets the browser skip while off-screen (content-visibility) are drawn.
    body.querySelectorAll<HTMLElement>('main > *').forEach((el) => (el.style.contentVisibility = 'visible'));
    // innerText needs layout: measure the copy in place, hidden from view.
    body.style.position = 'absolute';
    body.style.left = '-99999px';
    document.documentElement.appendChild(body);
    const text = body.innerText;
    body.remove();
    return text.replace(/\s+/g, ' ').trim();
  });
}

/** Draws the parts of the page the stylesheet lets the browser skip while off-screen
 *  (content-visibility), so that innerText holds the whole page, as a visitor scrolling
 *  through reads it. */
export async function drawWholePage(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('main > *').forEach((el) => (el.style.contentVisibility = 'visible')));
}
