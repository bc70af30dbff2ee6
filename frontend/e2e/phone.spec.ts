// A visitor on a phone: nothing floats over what they came for. Every route is
// scrolled from top to bottom at 360 and 390 px (and at 1280 px, where the round
// buttons float in the margin), and no link, button, field or line of text may lie
// under the floating controls at any point.
import { routes } from '../src/content/routes';
import { expect, test } from './fixtures';

/** Floating controls visible now, and the interactive or text elements under them. */
async function overlaps(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => {
    const floating = [...document.querySelectorAll('[data-testid="floating-buttons"] > *')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    if (!floating.length) return [];
    const content = document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, main textarea, main label, main p, main h1, main h2, main h3, main h4, main li, footer a, footer p');
    const found: string[] = [];
    for (const el of content) {
      if (el.closest('[data-testid="floating-buttons"]')) continue;
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

for (const route of routes) {
  for (const [tag, widths] of [['@phone', [360, 390]], ['@desktop', [1280]]] as const) {
    test(`${route.path}: nothing under the floating controls at ${widths.join(' and ')} px ${tag}`, async ({ page }) => {
      for (const width of widths) {
        await page.setViewportSize({ width, height: width < 1000 ? 740 : 800 });
        await page.goto(route.path);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const step = width < 1000 ? 300 : 400;
        const found = new Set<string>();
        for (let y = 0; y <= height; y += step) {
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          for (const overlap of await overlaps(page)) found.add(`${width}px, scrolled ${y}: ${overlap}`);
        }
        expect([...found]).toEqual([]);
      }
    });
  }
}

test('below 1280 px the quick actions are labelled buttons in the page, not floating @phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('floating-buttons')).toBeHidden();
  const actions = page.getByTestId('quick-actions');
  for (const label of ['Global Ministry', 'Prayer Request', "What's New"]) {
    await expect(actions.getByRole('button', { name: label })).toBeVisible();
    await expect(actions.getByRole('button', { name: label })).toHaveText(label);
  }
  await actions.getByRole('button', { name: 'Prayer Request' }).click();
  await expect(page.getByTestId('prayer-request-modal')).toBeVisible();
});

test('the overlap check sees what round buttons at the bottom right would cover @phone', async ({ page }) => {
  // The layout phones had before: the three buttons floating at the bottom right.
  await page.goto('/contact');
  await page.addStyleTag({ content: '[data-testid="floating-buttons"]{display:flex!important;top:auto!important;bottom:1rem!important}' });
  const found: string[] = [];
  for (let y = 0; y <= 2400; y += 300) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    found.push(...(await overlaps(page)));
  }
  expect(found.length).toBeGreaterThan(0);
});
