// Tap targets on phones (WCAG 2.5.5's 44 px) in every pop-up with controls, 390 px
// wide; every route's own are checked by the route sweep (sweep.spec.ts).
import { smallTargets } from './checks';
import { expect, test } from './fixtures';

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
