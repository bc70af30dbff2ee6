// Forms with JavaScript off (issue 52): the browser sends the form itself and the server
// answers with the page, its problems beside their fields and the answers kept, then its
// thank-you; the export holds each submission once, as typed.
import { exported } from './export';
import { expect, test } from './fixtures';

for (const [route, words] of [
  ['/contact', { send: 'Send Message', thanks: 'Message Sent!' }],
  ['/ur/contact', { send: null, thanks: null }],
] as const) {
  test(`${route}: the contact form without JavaScript, sent once with a missing field and once complete`, async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = `Plain-${info.project.name}-${Date.now()}`;
    await page.goto(route);
    const form = page.locator('form[data-form="contact"]');
    await form.locator('[name="firstName"]').fill('Ana');
    await form.locator('[name="lastName"]').fill(marker);
    // An address the browser's own check lets through (it asks for an @ only) and the
    // server's refuses (a dotted domain): the problem the server shows on the page.
    await form.locator('[name="email"]').fill('ana@localhost');
    await form.locator('[name="subject"]').fill('آج کی دعا');
    await form.locator('[name="message"]').fill('Line one\nمیں آپ سے ملنا چاہتا ہوں');
    const submit = form.locator('button[type="submit"]');
    if (words.send) await expect(submit).toHaveText(words.send);
    await submit.click();
    await page.waitForLoadState();
    const email = form.locator('[name="email"]');
    await expect(page.locator('[data-error-for="email"]')).toBeVisible();
    await expect(page.locator('[data-error-for="email"]')).not.toBeEmpty();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveValue('ana@localhost');
    await expect(page.locator('[data-form-problem]')).toBeVisible();
    await expect(form.locator('[name="lastName"]')).toHaveValue(marker);
    await expect(form.locator('[name="subject"]')).toHaveValue('آج کی دعا');
    await expect(form.locator('[name="message"]')).toHaveValue('Line one\nمیں آپ سے ملنا چاہتا ہوں');
    expect(exported('contact').filter((row) => row.lastName === marker)).toEqual([]);

    await email.fill('ana@example.com');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\?sent=contact/);
    const thanks = page.locator('[data-form-thanks]');
    await expect(thanks).toBeVisible();
    if (words.thanks) await expect(thanks).toContainText(words.thanks);
    await expect(page.locator('[data-form-problem]')).toBeHidden();
    expect(exported('contact').filter((row) => row.lastName === marker)).toEqual([
      expect.objectContaining({ firstName: 'Ana', email: 'ana@example.com', subject: 'آج کی دعا', message: 'Line one\nمیں آپ سے ملنا چاہتا ہوں' }),
    ]);
    await context.close();
  });
}

test('the mailing list on /worship without JavaScript', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `plain-${info.project.name}-${Date.now()}@example.com`;
  await page.goto('/worship');
  const form = page.locator('form[data-form="subscription"]');
  await form.locator('[name="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\?sent=subscription/);
  await expect(page.locator('[data-form-thanks]')).toBeVisible();
  expect(exported('subscription').filter((row) => row.email === email)).toEqual([expect.objectContaining({ list: 'music' })]);
  await context.close();
});
