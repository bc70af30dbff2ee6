// Alive from the first paint (issue 52): what a visitor does between the page being
// drawn and its code running is kept. The scripts are held back until the visitor has
// acted, as on a slow phone whose scripts are still on their way.
import { exported } from './export';
import { expect, holdScripts, test } from './fixtures';

for (const route of ['/contact', '/ur/contact']) {
  test(`${route}: words typed before the page is alive stay, with the caret, and are what is sent`, async ({ page, baseURL }, info) => {
    const marker = `Early-${info.project.name}-${Date.now()}`;
    const release = await holdScripts(page);
    // The page as drawn, its code not yet run (page.goto would wait for it).
    await page.mainFrame().goto(new URL(route, baseURL).href, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
    const form = page.locator('form').filter({ has: page.locator('[name="subject"]') });
    await form.locator('[name="firstName"]').fill('Ana');
    await form.locator('[name="lastName"]').fill(marker);
    await form.locator('[name="email"]').fill('ana@example.com');
    await form.locator('[name="subject"]').fill('آج کی دعا');
    const message = form.locator('[name="message"]');
    await message.click();
    await page.keyboard.type('Hello from a slow phone');
    // The caret set back into the middle of the message, where the visitor was editing.
    await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 5));

    release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // Focus and caret where they were, and typing goes on from there (a drawing of the
    // form's state happens with each key: a state that missed the early words wipes them).
    await expect(message).toBeFocused();
    expect(await message.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(5);
    await page.keyboard.type(',');
    await expect(message).toHaveValue('Hello, from a slow phone');
    await expect(form.locator('[name="firstName"]')).toHaveValue('Ana');
    await expect(form.locator('[name="lastName"]')).toHaveValue(marker);
    await expect(form.locator('[name="email"]')).toHaveValue('ana@example.com');
    await expect(form.locator('[name="subject"]')).toHaveValue('آج کی دعا');

    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('toast')).toBeVisible();
    await expect.poll(() => exported('contact').filter((row) => row.lastName === marker)).toEqual([
      expect.objectContaining({ firstName: 'Ana', email: 'ana@example.com', subject: 'آج کی دعا', message: 'Hello, from a slow phone' }),
    ]);
  });
}

/** The page as drawn, its code held back, on a phone's processor (six times slower). */
async function drawnNotAlive(page: import('@playwright/test').Page, baseURL: string | undefined, route: string) {
  const release = await holdScripts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.mainFrame().goto(new URL(route, baseURL).href, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  return async () => {
    release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
  };
}

for (const [route, role, name, opened] of [
  ['/', 'button', 'Watch Now', 'sermon-modal'],
  ['/ur/', 'button', 'ابھی دیکھیں', 'sermon-modal'],
  // A link to its form's page until the page is alive (components/PopUpLink.tsx).
  ['/about', 'link', 'Prayer Request', 'prayer-request-modal'],
] as const) {
  test(`${route}: "${name}" tapped as soon as the page is drawn opens its pop-up once the page is alive`, async ({ page, baseURL }) => {
    const alive = await drawnNotAlive(page, baseURL, route);
    const button = page.getByRole(role, { name, exact: true }).first();
    await button.click();
    // Held, and shown to be on its way.
    await expect(button).toHaveAttribute('data-waiting', '');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    expect(await button.evaluate((el) => getComputedStyle(el).cursor)).toBe('progress');
    await alive();
    await expect(page.getByTestId(opened)).toBeVisible();
    await expect(button).not.toHaveAttribute('data-waiting', /.*/);
    await expect(button).not.toHaveAttribute('aria-busy', /.*/);
  });
}

test('the menu tapped twice before the page is alive is open once it is (a tap is pressed once) @phone', async ({ page, baseURL }) => {
  const alive = await drawnNotAlive(page, baseURL, '/about');
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  await open.click();
  await alive();
  await expect(page.locator('#mobile-menu')).toBeVisible();
});

test('/prayer-request: a request typed before the page is alive stays, and is what is sent', async ({ page, baseURL }, info) => {
  const marker = `Early-${info.project.name}-${Date.now()}`;
  const alive = await drawnNotAlive(page, baseURL, '/prayer-request');
  const form = page.locator('form[data-form="prayer-request"]');
  await form.locator('[name="name"]').fill(marker);
  const request = form.locator('[name="prayerRequest"]');
  await request.click();
  await page.keyboard.type('For my family, دعا');
  await alive();
  await expect(request).toBeFocused();
  await page.keyboard.type('!');
  await expect(request).toHaveValue('For my family, دعا!');
  await expect(form.locator('[name="name"]')).toHaveValue(marker);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect.poll(() => exported('prayer-request').filter((row) => row.name === marker)).toEqual([
    expect.objectContaining({ prayerRequest: 'For my family, دعا!' }),
  ]);
});

test('a pop-up form\'s link tapped on a page whose scripts never come is followed to the form\'s own page @desktop', async ({ page, baseURL }) => {
  await drawnNotAlive(page, baseURL, '/about');
  const link = page.getByRole('link', { name: 'Prayer Request', exact: true }).first();
  await link.click();
  await expect(link).toHaveAttribute('data-waiting', '');
  // Held first (the script may yet come), then followed: 10 s after the tap.
  await page.waitForURL(/\/prayer-request$/, { timeout: 20_000 });
  await expect(page.locator('form[data-form="prayer-request"]')).toBeVisible();
});
