// Every modal: how it opens, what it holds, each way to close it (button, Escape,
// backdrop), focus kept inside and given back to the opener, and an axe scan.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { modalCases as cases, type ModalCase as Case } from './modalCases';

async function open(page: Page, c: Case): Promise<Locator> {
  await page.goto(c.route);
  const opener = c.opener(page);
  await opener.click();
  const dialog = page.getByTestId(c.testId);
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const c of cases) {
  test.describe(`${c.name} modal`, () => {
    test('holds its content, keeps focus inside, and passes axe', async ({ page }) => {
        const dialog = await open(page, c);
      for (const text of c.content) await expect(dialog.getByText(text, { exact: false }).first()).toBeVisible();
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        // Within a moment: focus that a player frame hands back to the page (or that a
        // frame reloading drops) is brought back into the dialog on the next task
        // (Modal.tsx, onFocusOut); on a busy machine the check may run before that task.
        await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: `focus left the dialog after ${i + 1} Tabs`, timeout: 1000 }).toBe(true);
      }
      const box = (await dialog.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.height).toBeLessThanOrEqual(viewport.height * 0.9 + 1);
      await expectAccessible(page, `${c.name} modal`);
    });

    for (const way of ['button', 'Escape', 'backdrop'] as const) {
      test(`closes by ${way} and gives focus back to its opener`, async ({ page }) => {
            const dialog = await open(page, c);
        if (way === 'button') await dialog.getByRole('button', { name: c.closeLabel ?? 'Close', exact: true }).first().click();
        if (way === 'Escape') await page.keyboard.press('Escape');
        if (way === 'backdrop') await page.mouse.click(3, page.viewportSize()!.height - 3);
        await expect(dialog).toHaveCount(0);
        await expect(c.opener(page)).toBeFocused();
        expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
      });
    }
  });
}

test('page scrolling is locked while a modal is open', async ({ page }) => {
  await open(page, cases[0]);
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
});

test("'Explore Our Campuses' goes to /global-campuses and closes the Global Ministry modal", async ({ page }) => {
  const dialog = await open(page, cases[0]);
  await dialog.getByRole('link', { name: 'Explore Our Campuses' }).click();
  await expect(page).toHaveURL('/global-campuses');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('Global Campuses');
});

test("What's New: 'Watch Sermon' closes it and opens the sermon; 'See You There!' closes it", async ({ page }) => {
  let dialog = await open(page, cases[1]);
  await dialog.getByRole('button', { name: 'See You There!' }).click();
  await expect(dialog).toHaveCount(0);
  dialog = await open(page, cases[1]);
  await dialog.getByRole('button', { name: 'Watch Sermon' }).click();
  await expect(page.getByTestId('whats-new-modal')).toHaveCount(0);
  await expect(page.getByTestId('sermon-modal')).toBeVisible();
});

test('the sermon plays in the privacy-mode player, expands, and shows its notes', async ({ page }, info) => {
  const dialog = await open(page, cases[3]);
  // Whose message it is, even with no speaker named in the file or the settings.
  await expect(dialog.getByText('Matthew 25:1-13 · A message from The Well')).toBeVisible();
  // On a phone the heading leaves room for the sermon (it took 170 of 666 px).
  if (info.project.name === 'phone') expect((await dialog.locator('header').boundingBox())!.height).toBeLessThanOrEqual(150);
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/.+autoplay=1/);
  const video = dialog.getByTestId('sermon-video');
  expect((await video.boundingBox())!.height).toBeCloseTo(250, 0);
  await dialog.getByRole('button', { name: 'Expand' }).click();
  const viewport = page.viewportSize()!;
  expect((await video.boundingBox())!.height).toBeCloseTo(viewport.height * 0.4, 0);
  expect((await dialog.boundingBox())!.height).toBeLessThanOrEqual(viewport.height * 0.95 + 1);
  await dialog.getByRole('button', { name: 'Minimize' }).first().click();
  expect((await video.boundingBox())!.height).toBeCloseTo(250, 0);
  await dialog.getByRole('button', { name: 'View Notes' }).click();
  await expect(dialog.getByText('Oil cannot be borrowed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to Description' }).click();
  await expect(dialog.getByRole('button', { name: 'View Notes' })).toBeVisible();
});

test('the Prayer Request Cancel button closes it', async ({ page }) => {
  const dialog = await open(page, cases[2]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a pop-up opens with focus on its heading, not a ringed close button; Tab goes on to its controls', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('link', { name: 'Prayer Request' }).first().click();
  const dialog = page.getByTestId('prayer-request-modal');
  await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
});

/** The dialog's buttons, links and fields the toast's box overlaps, as 'button "Submit"'. */
async function coveredByToast(page: Page, dialog: Locator): Promise<string[]> {
  const toast = (await page.getByTestId('toast').boundingBox())!;
  return dialog.evaluate((d, t) => {
    const found: string[] = [];
    for (const el of d.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')) {
      // The toast's own button, and the honeypot (out of sight and out of the tab order), are no controls of the dialog's.
      if (el.closest('[data-testid="toast"]') || el.tabIndex < 0) continue;
      // Only the part of it shown: a field scrolled out of the dialog's scrolling part is clipped there.
      const clip = el.parentElement?.closest<HTMLElement>('.overflow-y-auto')?.getBoundingClientRect();
      for (const r of el.getClientRects()) {
        const top = Math.max(r.top, clip?.top ?? -Infinity);
        const bottom = Math.min(r.bottom, clip?.bottom ?? Infinity);
        const x = Math.min(r.right, t.x + t.width) - Math.max(r.left, t.x);
        const y = Math.min(bottom, t.y + t.height) - Math.max(top, t.y);
        if (x > 0 && y > 0) found.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`);
      }
    }
    return found;
  }, toast);
}

test('a toast in a dialog covers none of its controls at 360 px, leaves with it, and never comes into the next @phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  let dialog = await open(page, cases[2]);
  // Submit with only spaces written: the warning comes just when the visitor wants to try again.
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
  await dialog.getByLabel('Prayer request').fill('   ');
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(dialog.getByTestId('toast')).toContainText('Missing Information');
  expect(await coveredByToast(page, dialog)).toEqual([]);
  for (const name of ['Submit Prayer Request', 'Cancel']) {
    await dialog.getByRole('button', { name, exact: true }).scrollIntoViewIfNeeded();
    expect(await coveredByToast(page, dialog), `after scrolling to ${name}`).toEqual([]);
  }
  // Cancel is still what a tap at its centre reaches.
  const cancel = (await dialog.getByRole('button', { name: 'Cancel', exact: true }).boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent?.trim(), [cancel.x + cancel.width / 2, cancel.y + cancel.height / 2])).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  // The next dialogs open clean.
  dialog = await open(page, cases[1]);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Watch Sermon' }).click();
  await expect(page.getByTestId('sermon-modal')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test("a form's outcome stays on the page when its dialog closes, and stays out of the next dialog", async ({ page }) => {
  const dialog = await open(page, cases[2]);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Toast Test');
  await dialog.getByLabel('Prayer request').fill('For the toast to sit well.');
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(dialog).toHaveCount(0);
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Prayer Request Submitted');
  // Opening another dialog: the notice stays behind it on the page, never inside.
  await page.getByRole('button', { name: "What's New" }).click();
  const next = page.getByTestId('whats-new-modal');
  await expect(next).toBeVisible();
  await expect(next.getByTestId('toast')).toHaveCount(0);
});
