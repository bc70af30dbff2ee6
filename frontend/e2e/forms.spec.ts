// The form plumbing on the Contact form: states, toasts, stored submissions, failures.
import { exported } from './export';
import { expect, test } from './fixtures';

async function fill(page: import('@playwright/test').Page, marker: string) {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill(marker);
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Subject').fill('A question');
  await page.getByLabel('Message').fill('میں آپ سے ملنا چاہتا ہوں');
}

test('a sent message is stored, the form cleared and a toast shown', async ({ page }, info) => {
  const marker = `Ruiz-${info.project.name}-${Date.now()}`;
  await page.goto('/contact');
  await expect(page.getByText('We typically respond within 24 hours.')).toBeVisible();
  await fill(page, marker);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Message Sent!');
  await expect(toast).toContainText("Thank you for reaching out. We'll get back to you soon.");
  await expect(page.getByLabel('Last name')).toHaveValue('');
  const stored = exported('contact').find((row) => row.lastName === marker);
  expect(stored).toMatchObject({ firstName: 'Ana', email: 'ana@example.com', message: 'میں آپ سے ملنا چاہتا ہوں' });
});

test('while sending the button reads Sending... and is disabled', async ({ page }) => {
  await page.goto('/contact');
  await fill(page, 'Pending');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"01J0000000000000000000000"}' });
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const pending = page.getByRole('button', { name: 'Sending...' });
  await expect(pending).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a failed send keeps every entry and shows the error toast and field messages', async ({ page, errors }) => {
  await page.goto('/contact');
  await fill(page, 'Kept');
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Some answers need attention.', fields: { subject: 'Subject must be at most 200 characters.' } }) }),
  );
  await page.getByRole('button', { name: 'Send Message' }).click();
  // A 400 with field errors names what to check; "try again" would not help.
  const toast = page.getByRole('alert');
  await expect(toast).toContainText('Please check your answers');
  await expect(toast).toContainText('Subject must be at most 200 characters.');
  await expect(toast).not.toContainText('try again');
  await expect(page.getByLabel('Last name')).toHaveValue('Kept');
  await expect(page.getByLabel('Message')).toHaveValue('میں آپ سے ملنا چاہتا ہوں');
  await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Subject')).toHaveAccessibleDescription('Subject must be at most 200 characters.');
  // The browser logs the failed request; that is the point of this test.
  expect(errors.every((e) => e.includes('400'))).toBe(true);
  errors.length = 0;

  // No answer at all (the signal dropped): kept on the phone, to be sent by itself.
  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved on this phone');
  await expect(page.getByTestId('on-phone')).toHaveText('Saved on this phone. It will be sent when you are back online.');
  await expect(page.getByLabel('First name')).toHaveValue('Ana');
  errors.length = 0;
});

test('Send again after an answer that never arrived stores the message once', async ({ page, errors }, info) => {
  const marker = `Once-${info.project.name}-${Date.now()}`;
  await page.goto('/contact');
  await fill(page, marker);
  // The server stores the first send, but its answer is lost on the way back.
  const keys: string[] = [];
  await page.route('**/api/contact', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved on this phone');
  await expect(page.getByLabel('Last name')).toHaveValue(marker);
  await page.unroute('**/api/contact');
  const sent = page.waitForRequest('**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Message Sent!' })).toBeVisible();
  expect((await sent).headers()['idempotency-key']).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(exported('contact').filter((row) => row.lastName === marker)).toHaveLength(1);
  errors.length = 0;
});

async function sendMocked(page: import('@playwright/test').Page) {
  await fill(page, 'Toast');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toBeVisible();
}

test('the toast goes after 5 seconds and F8 focuses the notification region', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-18T12:00:00Z') });
  await page.goto('/contact');
  await page.clock.pauseAt(new Date('2026-11-18T12:00:10Z'));
  await page.route('**/api/contact', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"x"}' }));
  await sendMocked(page);
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  await page.clock.runFor(4900);
  await expect(page.getByTestId('toast')).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

// Without a fake clock: Preact runs effects on animation frames, which a paused clock holds.
for (const way of ['right', 'left'] as const) {
  // Either way, whatever the page's direction (on an Urdu page a toast sits at the left,
  // and is swiped off that side).
  test(`a swipe ${way} past 50 px dismisses the toast; a shorter one does not`, async ({ page }) => {
    await page.goto('/contact');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"x"}' }));
    await sendMocked(page);
    const box = (await page.getByTestId('toast').boundingBox())!;
    const y = box.y + box.height / 2;
    const from = way === 'right' ? box.x + 20 : box.x + box.width - 60;
    const by = (px: number) => (way === 'right' ? from + px : from - px);
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(by(30), y, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByTestId('toast')).toBeVisible(); // 30 px: stays
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(by(70), y, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
}

test('the honeypot is out of sight, out of the tab order and unnamed to screen readers', async ({ page }) => {
  await page.goto('/contact');
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(trap.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(1);
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width < 0).toBe(true);
});
