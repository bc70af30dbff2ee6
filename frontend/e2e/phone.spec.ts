// A visitor on a phone: nothing floats over what they came for (every route is
// scrolled at 360, 390 and 1280 px by sweep.spec.ts), the facts come first, long
// pop-up forms say that more lies below, and the open menu holds the page still.
import { underFloating } from './checks';
import { expect, test } from './fixtures';

test('below 1280 px the quick actions are labelled buttons in the page, not floating @phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('floating-buttons')).toBeHidden();
  const actions = page.getByTestId('quick-actions');
  for (const label of ['Global Ministry', 'Prayer Request', "What's New"]) {
    // The prayer request is a link to its form's page until the page is alive.
    const action = actions.getByRole(label === 'Prayer Request' ? 'link' : 'button', { name: label });
    await expect(action).toBeVisible();
    await expect(action).toHaveText(label);
  }
  await actions.getByRole('link', { name: 'Prayer Request' }).click();
  await expect(page.getByTestId('prayer-request-modal')).toBeVisible();
});

test('the overlap check sees what round buttons at the bottom right would cover @phone', async ({ page }) => {
  // The layout phones had before: the three buttons floating at the bottom right.
  await page.goto('/contact');
  await page.addStyleTag({ content: '[data-testid="floating-buttons"]{display:flex!important;position:fixed!important;top:auto!important;bottom:1rem!important}' });
  const found: string[] = [];
  for (let y = 0; y <= 2400; y += 300) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    found.push(...(await underFloating(page)));
  }
  expect(found.length).toBeGreaterThan(0);
});

test('the first screen shows the times people came for, before any drawing @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  for (const [route, time] of [
    ['/united-states', 'Sundays 12:00 PM ET'],
    ['/pakistan', '10:00 AM PKT'],
  ] as const) {
    await page.goto(route);
    // The time as the page names it (the visitor's own may follow it on the same line).
    const first = page.getByText(new RegExp(`^${time}`)).first();
    const top = (await first.boundingBox())!.y;
    expect(top, `${route}: "${time}" at ${top} px`).toBeLessThan(800);
    // No drawing above it.
    const drawingsAbove = await page.evaluate((y) => [...document.querySelectorAll('main [role="img"]')].filter((el) => el.getBoundingClientRect().bottom <= y && el.getBoundingClientRect().height > 0).length, top);
    expect(drawingsAbove, route).toBe(0);
  }
});

test('drawings in a gallery are captioned, and fewer on phones @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const gallery = page.getByRole('heading', { name: 'Community Life' }).locator('xpath=ancestor::section[1]');
  const shown = gallery.locator('figure:visible');
  await expect(shown).toHaveCount(2);
  await expect(shown.first().locator('figcaption')).toHaveText('Sunday worship in Plantation');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(gallery.locator('figure:visible')).toHaveCount(3);
});

test('a long form in a pop-up says more lies below until the end is reached @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/get-involved');
  await page.getByRole('link', { name: 'Sign Up to Serve' }).first().click();
  const dialog = page.getByTestId('serve-modal');
  const more = dialog.getByTestId('modal-more');
  await expect(more).toBeVisible();
  // A cue to see, not a control: taps go through it to the form beneath.
  expect(await more.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  await expect(more).toHaveText(/More below/);
  const scroller = dialog.locator('.overflow-y-auto');
  // At the end, the cue is gone and the submit button is in view.
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
  await expect(more).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /Submit|Sign Up/ }).last()).toBeInViewport();
  // A short pop-up has no cue.
  await page.keyboard.press('Escape');
  await page.getByTestId('quick-actions').getByRole('button', { name: 'Global Ministry' }).click();
  await expect(page.getByTestId('global-ministry-modal')).toBeVisible();
});

test('the open menu scrolls within itself and holds the page still; Escape closes it @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'About' }).click();
  const box = (await menu.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(640 + 1);
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
