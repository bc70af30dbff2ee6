// The home page's first-visit sequence, across reloads: launch RSVP,
// then the welcome, then its minimized button.
import { expect, expectAccessible, holdScripts, test } from './fixtures';

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

// Drawn with the page (lib/standIn.ts): the pop-up due shows at the first paint, before
// the page's code, and works as plain HTML until the page's own pop-up takes its place.
for (const [route, heading] of [
  ['/', "We're Launching!"],
  ['/ur/', 'ہم آغاز کر رہے ہیں!'],
]) {
  test(`${route}: the first-visit pop-up shows before the page is alive, and the page's own takes its place`, async ({ page, baseURL }) => {
    const release = await holdScripts(page);
    await page.mainFrame().goto(new URL(route, baseURL).href, { waitUntil: 'domcontentloaded' });
    const standIn = page.locator('dialog[data-stand-in="launch"]');
    await expect(standIn).toBeVisible();
    await expect(standIn.getByRole('heading', { name: heading })).toBeFocused();
    // The welcome’s stand-in is not due: it is gone.
    await expect(page.locator('dialog[data-stand-in="welcome"]')).toHaveCount(0);
    // Its button to the form is a link to the form's own page while the page is not alive.
    await expect(standIn.getByRole('link').last()).toHaveAttribute('href', route === '/' ? '/launch' : '/ur/launch');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
    release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const launch = page.getByTestId('launch-modal');
    await expect(launch).toBeVisible();
    await expect(launch.getByRole('heading', { name: heading })).toBeFocused();
    await expect(page.locator('dialog[data-stand-in]')).toHaveCount(0);
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await expectAccessible(page, 'launch modal after its stand-in');
  });
}

test('the stand-in closed before the page is alive: remembered, and the welcome opens once it is', async ({ page, baseURL }) => {
  const release = await holdScripts(page);
  await page.mainFrame().goto(new URL('/', baseURL).href, { waitUntil: 'domcontentloaded' });
  const standIn = page.locator('dialog[data-stand-in="launch"]');
  await standIn.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  // The flag is set by the dialog's close event, which the browser fires in a task of
  // its own after the dialog closes: on a busy machine, a moment later.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('hasSeenChurchLaunch'))).toBe('true');
  release();
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await expect(page.getByTestId('welcome-modal')).toBeVisible();
  await expect(page.getByTestId('launch-modal')).toHaveCount(0);
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
