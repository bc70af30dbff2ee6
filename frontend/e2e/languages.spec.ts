// Every language of the site beyond English, from the build's own list (one catalogue
// each, src/content/i18n/<code>.json): every route under /<code>/ in its language and
// direction, naming its twins; the sitemap and the English pages naming it; its home
// and 404 pages; the switch both ways; the offer to a browser that prefers it; and no
// text left as its English twin says it. What only Urdu needs (its script, its
// figures, its clock in Karachi) is urdu.spec.ts's.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectAccessibleAtBothWidths, test } from './fixtures';

const routes: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));
const languages: { code: string; name: string; dir: string; locale: string }[] = JSON.parse(readFileSync(new URL('../dist/languages.json', import.meta.url), 'utf8'));
/** A route's address in language `code`: '/' → '/es/', '/about' → '/es/about'. */
const at = (code: string, route: string) => (route === '/' ? `/${code}/` : `/${code}${route}`);
/** The catalogue's text of a key in language `code` (what its pages say). */
const said = (code: string, key: string): string => JSON.parse(readFileSync(new URL(`../src/content/i18n/${code}.json`, import.meta.url), 'utf8'))[key].text;
/** The English names of the buttons that open the form pop-ups (src/content/*.ts). */
const ENGLISH_BUTTONS: Record<string, string> = {
  'modals.prayerRequest.title': 'Prayer Request',
  'ministry.newHere.connect.button': 'Fill Out a Connect Card',
  'ministry.getInvolved.buttonBottom': 'Fill Out the Serve Interest Form',
  'campusPages.unitedStates.north.button': 'Interested in Learning More',
};
const englishSaid = (key: string) => ENGLISH_BUTTONS[key];

test('the build is in English and in each catalogue’s language', () => {
  expect(languages.map((l) => l.code)).toEqual(['es', 'ur']);
});

for (const { code, dir, locale } of languages) {
  test.describe(`/${code}/`, () => {
    for (const route of routes) {
      test(`@desktop ${at(code, route)}: in its language and direction, naming its twins, no axe violations at 1280 and 360 px`, async ({ page, request }) => {
        const english = await (await request.get(route)).text();
        const response = await page.goto(at(code, route));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expectDirection(page, dir);
        // (its words are its language's: the last test below compares every text with the English page's)
        const head = page.locator('head');
        const own = at(code, route).replace(/[/]/g, '\\/');
        await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${own}$`));
        await expect(head.locator(`link[hreflang="${code}"]`)).toHaveAttribute('href', new RegExp(`${own}$`));
        await expect(head.locator('link[hreflang="en"]')).toHaveAttribute('href', new RegExp(`example${route}$`));
        await expect(head.locator('link[hreflang="x-default"]')).toHaveAttribute('href', new RegExp(`example${route}$`));
        for (const other of languages) await expect(head.locator(`link[hreflang="${other.code}"]`)).toHaveAttribute('href', new RegExp(`example${at(other.code, route)}$`));
        await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', locale);
        expect(english, `${route} names its twin in ${code}`).toContain(`hreflang="${code}" href="https://thewell.example${at(code, route)}"`);
        await expectAccessibleAtBothWidths(page, at(code, route));
      });
    }

    test(`@phone at 360 px no /${code}/ page scrolls sideways, the switch to every other language in its header`, async ({ page }) => {
      for (const route of routes) {
        await page.goto(at(code, route));
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(wide, `${at(code, route)} scrolls sideways by ${wide} px`).toBeLessThanOrEqual(0);
      }
      for (const other of ['English', ...languages.filter((l) => l.code !== code).map((l) => l.name)]) {
        const link = page.locator('header [data-language-switch]', { hasText: other });
        await expect(link).toBeInViewport();
        const box = await link.boundingBox();
        expect(box!.x, other).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, other).toBeLessThanOrEqual(360);
      }
    });

    test(`the sitemap lists every /${code}/ page with its alternates`, async ({ request }) => {
      const sitemap = await (await request.get('/sitemap.xml')).text();
      for (const route of routes) {
        expect(sitemap).toContain(`<loc>https://thewell.example${at(code, route)}</loc>`);
        expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="${code}" href="https://thewell.example${at(code, route)}"/>`);
      }
    });

    test(`/${code} redirects to its home page; an unknown address under /${code}/ gets its 404 page`, async ({ page, request, errors }) => {
      const redirect = await request.get(`/${code}`, { maxRedirects: 0 });
      expect(redirect.status()).toBe(308);
      expect(redirect.headers().location).toBe(`/${code}/`);
      const missing = await page.goto(`/${code}/no-such-page`);
      expect(missing?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('main a').first()).toHaveAttribute('href', `/${code}/`);
      await expectAccessible(page, `/${code}/ 404 page`);
      // The browser reports the document's own 404 status in the console: expected here, and only that.
      expect(errors).toEqual([expect.stringContaining('404')]);
      errors.length = 0;
    });

    test(`the language switch leads between /${code}/ and every other language on the same page`, async ({ page }) => {
      for (const other of languages.filter((l) => l.code !== code)) {
        await page.goto(at(other.code, '/pakistan'));
        await page.locator('header').getByRole('link', { name: languages.find((l) => l.code === code)!.name }).click();
        await expect(page).toHaveURL(new RegExp(`/${code}/pakistan$`));
      }
      await page.goto('/pakistan');
      await page.locator('header').getByRole('link', { name: languages.find((l) => l.code === code)!.name }).click();
      await expect(page).toHaveURL(new RegExp(`/${code}/pakistan$`));
      await expectDirection(page, dir);
      await page.locator('footer').getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(/example:\d+\/pakistan$|\d\/pakistan$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test.describe(`a browser that prefers ${code}`, () => {
      test.use({ locale: `${code}-${locale.split('_')[1]}` });

      test('is offered the page in its language in one quiet line until it says no; the server never switches by itself', async ({ page, request }) => {
        await page.goto('/about');
        const offer = page.getByTestId('language-offer');
        await expect(offer).toHaveAttribute('lang', code);
        await expect(offer.getByRole('link')).toHaveAttribute('href', at(code, '/about'));
        // Until it says no (remembered on the phone).
        await offer.getByRole('button').click();
        await expect(offer).toHaveCount(0);
        await page.reload();
        await page.waitForTimeout(300);
        await expect(page.getByTestId('language-offer')).toHaveCount(0);
        const english = await request.get('/about', { headers: { 'accept-language': `${code};q=1` } });
        expect(await english.text()).toContain('<html lang="en">');
        await page.goto(at(code, '/about'));
        await page.waitForTimeout(300);
        await expect(page.getByTestId('language-offer')).toHaveCount(0);
      });
    });

    test(`@desktop every /${code}/ page and form pop-up says nothing as its English twin says it`, async ({ page }) => {
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        const english = new Set(await textsOf(page, 'body'));
        await page.goto(at(code, route));
        for (const text of await textsOf(page, 'body')) if (english.has(text) && !SAME_IN_EVERY_LANGUAGE.has(text)) found.push(`${at(code, route)}: "${text}"`);
      }
      for (const [route, button, testId] of [
        ['/about', 'modals.prayerRequest.title', 'prayer-request-modal'],
        ['/new-here', 'ministry.newHere.connect.button', 'connect-card-modal'],
        ['/get-involved', 'ministry.getInvolved.buttonBottom', 'serve-modal'],
        ['/united-states', 'campusPages.unitedStates.north.button', 'north-campus-modal'],
      ]) {
        const popUp = async (address: string, name: string) => {
          await page.goto(address);
          // Links to the forms' own pages until the page is alive (components/PopUpLink.tsx).
          await page.getByRole('link', { name }).first().click();
          await expect(page.getByTestId(testId)).toBeVisible();
          return textsOf(page, `[data-testid="${testId}"]`);
        };
        const english = new Set(await popUp(route, englishSaid(button)));
        for (const text of await popUp(at(code, route), said(code, button))) if (english.has(text) && !SAME_IN_EVERY_LANGUAGE.has(text)) found.push(`${testId} on ${at(code, route)}: "${text}"`);
      }
      expect(found).toEqual([]);
    });
  });
}

/** What reads the same in every language: names (the church's, the platforms', the
 *  ministry's The City), a word Spanish shares ("Podcast"), and the language switch's
 *  own names. Everything else a page says is its language's. */
const SAME_IN_EVERY_LANGUAGE = new Set(['The Well', 'YouTube', 'Instagram', 'Facebook', 'Zoom', 'Podcast', 'The City', 'English', ...languages.map((l) => l.name)]);

/** A page's direction: `dir="rtl"` on a right-to-left page; none (left to right, as
 *  English pages) otherwise. */
async function expectDirection(page: Page, dir: string) {
  if (dir === 'rtl') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  else expect(await page.locator('html').getAttribute('dir')).not.toBe('rtl');
}

/** The texts a visitor reads in `within` (each text node, alt, aria-label, title and
 *  placeholder), with a letter in them, leaving out what is marked English, emails and links. */
async function textsOf(page: Page, within: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)!;
    const out: string[] = selector === 'body' ? [document.title] : [];
    const skipped = (el: Element | null) => !el || el.closest('script, style, noscript, [hidden], [aria-hidden="true"], [lang="en"]') !== null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (!skipped(walker.currentNode.parentElement)) out.push(walker.currentNode.textContent ?? '');
    for (const el of root.querySelectorAll('[alt], [aria-label], [title], [placeholder]')) {
      if (skipped(el)) continue;
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) out.push(el.getAttribute(name) ?? '');
    }
    // (a title's words before the site's name: "Podcast | The Well" is "Podcast")
    return out.map((t) => t.replace(/\s+/g, ' ').trim().replace(/ \| The Well$/, '')).filter((t) => /\p{L}/u.test(t) && !/^\S+@\S+\.\w+$|^https?:\/\//.test(t));
  }, within);
}
