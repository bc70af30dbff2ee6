// The shared chrome: header dropdowns, mobile accordion, footer, Donate, scroll-to-top, 404.
import { expect, GIVING_HOST, test } from './fixtures';

const groups = {
  Global: [['United States', '/united-states'], ['Pakistan', '/pakistan'], ['Europe', '/europe']],
  About: [['About The Well', '/about'], ['Leadership', '/leadership'], ['Beliefs', '/beliefs'], ['Contact Us', '/contact']],
  Worship: [['Music', '/worship'], ['Team', '/worship-team']],
  Resources: [['Books', '/books'], ['Podcast', '/podcast'], ['Devotionals', '/devotionals']],
} as const;

test.describe('desktop header @desktop', () => {
  for (const [group, links] of Object.entries(groups)) {
    test(`the ${group} dropdown lists its links and each one navigates`, async ({ page }) => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [label, href] of links) {
        await page.goto('/');
        const button = nav.getByRole('button', { name: group });
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const menu = nav.locator(`#nav-${group.toLowerCase()}`);
        await expect(menu.getByRole('link')).toHaveText(links.map(([l]) => l));
        await menu.getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(href);
        await expect(page.locator('h1')).toBeVisible();
        await expect(menu).toBeHidden();
      }
    });
  }

  test('one dropdown at a time; Escape and an outside click close it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Global' }).click();
    await nav.getByRole('button', { name: 'Worship' }).click();
    await expect(nav.locator('#nav-global')).toBeHidden();
    await expect(nav.locator('#nav-worship')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.locator('#nav-worship')).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Worship' })).toBeFocused();
    await nav.getByRole('button', { name: 'About' }).click();
    await page.locator('h1').click();
    await expect(nav.locator('#nav-about')).toBeHidden();
  });

  test('direct links go to Get Involved and The City', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [['Get Involved', '/get-involved'], ['The City', '/the-city']]) {
      await page.goto('/');
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(page.locator('h1')).toHaveText(label === 'The City' ? 'The City' : 'Get Involved');
    }
  });

  test('before the giving page is set, Donate says giving opens soon and its tab says how to reach us, never a placeholder domain', async ({ page, context }) => {
    const outside: string[] = [];
    context.on('request', (r) => r.url().startsWith(GIVING_HOST) && outside.push(r.url()));
    await page.goto('/');
    const donate = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Giving soon/ });
    await expect(donate).toHaveAttribute('target', '_blank');
    await expect(donate).toHaveAttribute('rel', /noopener/);
    const [tab] = await Promise.all([context.waitForEvent('page'), donate.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Online giving opens soon');
    await expect(tab.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(tab.url()).toMatch(/\/go\/giving$/);
    expect(outside).toEqual([]);
    await expect(page).toHaveURL('/');
  });
});

test('at 1280 px the floating quick actions show their names, and the welcome is no pill above the hero @desktop', async ({ page }) => {
  await page.goto('/');
  // Two buttons and the prayer request's link (to its form's page until the page is alive).
  const floating = page.getByTestId('floating-buttons').locator('button, a');
  await expect(floating).toHaveCount(3);
  // An icon alone was a riddle (What's New read as a loading spinner): each says what it opens.
  expect((await floating.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['Global Ministry', 'Prayer Request', "What's New"]);
  for (const box of await Promise.all((await floating.all()).map((b) => b.boundingBox()))) expect(box!.width).toBeGreaterThanOrEqual(44);
  const welcome = page.getByTestId('welcome-minimized');
  await expect(welcome).toBeVisible();
  const hero = (await page.locator('main section').first().boundingBox())!;
  const pill = (await welcome.boundingBox())!;
  expect(pill.y).toBeGreaterThan(hero.y);
  expect(pill.y + pill.height).toBeLessThanOrEqual(hero.y + hero.height);
});

test.describe('mobile menu @phone', () => {
  test('accordion: one section open, clicking it again closes it, About omits Beliefs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    for (const group of Object.keys(groups)) {
      await expect(menu.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
    }
    await menu.getByRole('button', { name: 'Global' }).click();
    await expect(menu.getByRole('link', { name: 'Pakistan' })).toBeVisible();
    await menu.getByRole('button', { name: 'About' }).click();
    await expect(menu.getByRole('button', { name: 'Global' })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Pakistan' })).toBeHidden();
    await expect(menu.locator('#mobile-nav-about').getByRole('link')).toHaveText(['About The Well', 'Leadership', 'Contact Us']);
    await menu.getByRole('button', { name: 'About' }).click();
    await expect(menu.getByRole('button', { name: 'About' })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.locator('#mobile-nav-about')).toBeHidden();
  });

  test('toggling the menu resets the open section, and a link navigates and closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('button', { name: 'Worship' }).click();
    await expect(menu.getByRole('link', { name: 'Music' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('button', { name: 'Worship' })).toHaveAttribute('aria-expanded', 'false');
    await menu.getByRole('button', { name: 'Resources' }).click();
    await menu.getByRole('link', { name: 'Podcast' }).click();
    await expect(page).toHaveURL('/podcast');
    await expect(menu).toBeHidden();
    await expect(page.locator('h1')).toHaveText('Podcast');
  });

  test('the menu holds the direct links and Donate', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Get Involved' })).toHaveAttribute('href', '/get-involved');
    await expect(menu.getByRole('link', { name: 'The City' })).toHaveAttribute('href', '/the-city');
    await expect(menu.getByRole('link', { name: /Giving soon/ })).toHaveAttribute('target', '_blank');
  });
});

test('the footer carries the tagline, both lists, the current year and the legal links', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText('A global ministry bringing Jesus to the marketplace. One family. Many nations. One mission.');
  await expect(footer.getByRole('navigation', { name: 'Resources' }).getByRole('link')).toHaveText(['About', 'Leadership', 'Beliefs', 'Contact']);
  const campuses = footer.getByRole('navigation', { name: 'Global Campuses' }).getByRole('link');
  await expect(campuses).toHaveText(['United States', 'Pakistan', 'Europe', 'Bible Study']);
  await expect(campuses.last()).toHaveAttribute('href', '/bible-study');
  await expect(footer.getByTestId('copyright-year')).toHaveText(String(new Date().getFullYear()));
  for (const [label, href] of [['Privacy Policy', '/privacy-policy'], ['Terms of Service', '/terms-of-service']]) {
    await footer.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(href);
    await expect(page.locator('h1')).toHaveText(label);
  }
});

test('an internal link scrolls to the top 50 ms after the click', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date('2026-11-18T12:00:00Z') });
  await page.goto('/about');
  // From here on, timers fire only when the test moves the clock.
  await page.clock.pauseAt(new Date('2026-11-18T12:00:10Z'));
  await page.locator('footer').scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(100);
  // The home page is long enough to keep the scroll position until the timer fires.
  // Its name begins with the wordmark it shows (Chromium puts a space before the ", home" it hides).
  await page.locator('footer').getByRole('link', { name: /^The Well ?, home$/ }).click();
  await expect(page).toHaveURL('/');
  await page.clock.runFor(40);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.clock.runFor(20);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown path shows the 404 page with status 404', async ({ page, errors }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page Not Found');
  // Words for visitors, and the way on to home, New Here, Bible Study and Contact.
  await expect(page.getByText("We couldn't find that page.")).toBeVisible();
  await expect(page.getByText('forget to add the page')).toHaveCount(0);
  for (const [name, href] of [['Back to home', '/'], ['New here?', '/new-here'], ['Bible Study', '/bible-study'], ['Contact us', '/contact']]) {
    await expect(page.locator('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page).toHaveTitle('Page Not Found | The Well');
  // The browser reports the document's own 404 status in the console: expected here, and only that.
  expect(errors).toEqual([expect.stringContaining('404')]);
  errors.length = 0;
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.locator('h1')).toHaveText('Love God. Love People. Change the World.');
});

test('navigation updates the title, and Back returns to the previous page', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle('About The Well');
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.locator('h1')).toHaveText('Love God. Love People. Change the World.');
});
