// Tap targets on phones (WCAG 2.5.5's 44 px): every link, button, field and
// checkbox row on every route, 390 px wide, is at least 44 px tall. A link inside a
// sentence is exempt (WCAG's inline exception): it flows with the text.
import { routes } from '../src/content/routes';
import { expect, test } from './fixtures';

/** The visible targets under `root` shorter than 44 px, as `tag "text" (height)`. */
export async function smallTargets(page: import('@playwright/test').Page, root: string): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${root} a[href], ${root} button, ${root} input:not([type=hidden]), ${root} select, ${root} textarea`)) {
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue;
      if (el.closest('.sr-only, [aria-hidden="true"]')) continue;
      // A checkbox or radio counts by its row: the label that holds it.
      const target = (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el;
      const box = target.getBoundingClientRect();
      if (!box.width) continue;
      // Inline links within a sentence are exempt.
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement?.closest('p, li') && (el.parentElement.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 10) continue;
      if (box.height < 44) found.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" (${Math.round(box.height)} px)`);
    }
    return [...new Set(found)];
  }, root);
}

for (const route of routes) {
  test(`${route.path}: tap targets are at least 44 px tall @phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(route.path);
    expect(await smallTargets(page, 'body')).toEqual([]);
  });
}

test('tap targets in every pop-up are at least 44 px tall @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const small: string[] = [];
  for (const [route, opener, testId] of [
    ['/about', 'Prayer Request', 'prayer-request-modal'],
    ['/about', 'Global Ministry', 'global-ministry-modal'],
    ['/about', "What's New", 'whats-new-modal'],
    ['/new-here', 'Fill Out a Connect Card', 'connect-card-modal'],
    ['/get-involved', 'Sign Up to Serve', 'serve-modal'],
    ['/united-states', 'Interested in Learning More', 'north-campus-modal'],
  ] as const) {
    await page.goto(route);
    await page.getByRole('button', { name: opener }).first().click();
    const dialog = page.getByTestId(testId);
    await expect(dialog).toBeVisible();
    for (const target of await smallTargets(page, `[data-testid="${testId}"]`)) small.push(`${testId}: ${target}`);
  }
  expect(small).toEqual([]);
});
