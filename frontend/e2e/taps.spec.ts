// Tap targets on phones (WCAG 2.5.5's 44 × 44 px) in every pop-up with controls, the
// open menu and a toast, 390 px wide; every route's own are checked by the route
// sweep (sweep.spec.ts).
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
    await page.getByRole('button', { name: opener }).or(page.getByRole('link', { name: opener })).first().click();
    const dialog = page.getByTestId(testId);
    await expect(dialog).toBeVisible();
    for (const target of await smallTargets(page, `[data-testid="${testId}"]`)) small.push(`${testId}: ${target}`);
  }
  expect(small).toEqual([]);
});

test('tap targets in the open menu, the sermon (description and notes) and a toast are at least 44 × 44 px @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const small: string[] = [];
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  // Every section of the menu opened in turn, with its links.
  const sections = await menu.locator('button[aria-expanded]').allInnerTexts();
  expect(sections.length).toBeGreaterThan(1);
  for (const name of sections) {
    await menu.getByRole('button', { name: name.trim(), expanded: false }).click();
    for (const target of await smallTargets(page, '#mobile-menu')) small.push(`menu: ${target}`);
  }
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.getByRole('button', { name: 'Watch Now' }).click();
  const sermon = page.getByTestId('sermon-modal');
  for (const target of await smallTargets(page, '[data-testid="sermon-modal"]')) small.push(`sermon: ${target}`);
  await sermon.getByRole('button', { name: 'View Notes' }).click();
  for (const target of await smallTargets(page, '[data-testid="sermon-modal"]')) small.push(`sermon notes: ${target}`);
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Prayer Request' }).click();
  const prayer = page.getByTestId('prayer-request-modal');
  await prayer.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
  await prayer.getByLabel('Prayer request').fill('   ');
  await prayer.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByTestId('toast')).toBeVisible();
  for (const target of await smallTargets(page, '[data-testid="toast"]')) small.push(`toast: ${target}`);
  expect(small).toEqual([]);
});
