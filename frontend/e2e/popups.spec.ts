// The home page's first-visit sequence, across reloads: launch RSVP,
// then the welcome, then its minimized button.
import { expect, expectAccessible, test } from './fixtures';

test.use({ firstVisit: true });

test('first visit: launch, then welcome; both remembered across reloads', async ({ page }) => {
  await page.goto('/');
  const launch = page.getByTestId('launch-modal');
  await expect(launch).toBeVisible();
  await expectAccessible(page, 'launch modal');
  await launch.getByRole('button', { name: 'Close', exact: true }).click();
  const welcome = page.getByTestId('welcome-modal');
  await expect(welcome).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hasSeenChurchLaunch'))).toBe('true');
  await expectAccessible(page, 'welcome modal');
  await welcome.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(welcome).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('hasSeenGlobalWelcome'))).toBe('true');
  await expect(page.getByTestId('welcome-minimized')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('welcome-minimized')).toBeVisible();
  await expect(page.getByTestId('launch-modal')).toHaveCount(0);
  await expect(page.getByTestId('welcome-modal')).toHaveCount(0);
  await page.getByTestId('welcome-minimized').click();
  await expect(page.getByTestId('welcome-modal')).toBeVisible();
});

test('launch seen, welcome not: the welcome opens; minimizing it leaves the button', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hasSeenChurchLaunch', 'true'));
  await page.goto('/');
  await expect(page.getByTestId('launch-modal')).toHaveCount(0);
  const welcome = page.getByTestId('welcome-modal');
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Minimize' }).click();
  await expect(welcome).toHaveCount(0);
  await expect(page.getByTestId('welcome-minimized')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hasSeenGlobalWelcome'))).toBe('true');
  await page.reload();
  await expect(page.getByTestId('welcome-minimized')).toBeVisible();
});

test("the launch RSVP: intro, 'I'll Be There!', the form's rules, thanks; closing resets it", async ({ page }) => {
  await page.goto('/');
  const launch = page.getByTestId('launch-modal');
  await launch.getByRole('button', { name: "I'll Be There!" }).click();
  await expect(launch.getByRole('heading', { name: "Let us know you're coming!" })).toBeVisible();
  await launch.getByRole('textbox', { name: 'Name', exact: true }).fill('A');
  await launch.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123');
  await launch.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await launch.getByRole('button', { name: 'Confirm Attendance' }).click();
  await expect(launch.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(launch.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(launch.getByText('Please enter a valid email address')).toBeVisible();
  await launch.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana Ruiz');
  await launch.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
  await launch.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@example.com');
  await launch.getByRole('button', { name: 'Confirm Attendance' }).click();
  await expect(page.getByTestId('toast')).toContainText('Thanks for confirming your attendance!');
  await expect(launch.getByText("WE'RE EXCITED!")).toBeVisible();
  await expect(launch.getByText('See you there!', { exact: true })).toBeVisible();
  await expect(launch.getByText("Your response has been recorded. We can't wait to see you there!")).toBeVisible();
  await launch.getByRole('button', { name: 'Close', exact: true }).first().click();
  // The welcome follows; closing the launch again from a fresh start shows the intro.
  await expect(page.getByTestId('welcome-modal')).toBeVisible();
});
