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
        expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `focus left the dialog after ${i + 1} Tabs`).toBe(true);
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

test('the sermon plays in the privacy-mode player, expands, and shows its notes', async ({ page }) => {
  const dialog = await open(page, cases[3]);
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
  await page.getByRole('button', { name: 'Prayer Request' }).first().click();
  const dialog = page.getByTestId('prayer-request-modal');
  await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
});
