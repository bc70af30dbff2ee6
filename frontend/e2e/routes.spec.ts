// Every route: status, heading, the facts each page must carry, the tags that make a
// shared link preview, and an axe scan.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { drawWholePage } from './checks';
import { expect, expectAccessibleAtBothWidths, test } from './fixtures';

const facts: Record<string, { h1: string | RegExp; text: (string | RegExp)[] }> = {
  '/': { h1: 'Love God. Love People. Change the World.', text: ['800+', 'continents', '$35,000', 'Join In Person', 'Watch Now', 'Join Online', 'Learn More', 'Give Now', 'Community Life'] },
  '/united-states': { h1: 'United States', text: ['South Florida Campus', '1520 NW 65th Ave, Plantation, FL', 'Sundays 12:00 PM ET', 'North Campus', 'Coming Soon', 'Interested in Learning More', 'Join Online Bible Studies'] },
  '/pakistan': { h1: 'Pakistan', text: ['Over 800 salvations in 6 months.', '10:00 AM PKT', '7:00 PM PKT', '$35,000', '$10', 'Give Now', 'Give for Bibles', 'contact the ministry for directions'] },
  '/pakistan-building': { h1: 'Pakistan Church & School Building', text: ['Why This Matters', 'Why Now', '800+', '$35,000', 'Give Now'] },
  '/europe': { h1: 'Europe', text: ['7:00 PM Central European time', 'Online', 'Germany', 'France', 'Belgium', 'Netherlands', 'United Kingdom', 'Italy', 'Join Bible Study'] },
  '/about': { h1: 'About The Well', text: ['marketplace', 'Government', 'Education', 'Family', 'Entertainment', 'Business'] },
  '/leadership': { h1: 'Leadership', text: ['Servant leaders across every campus', 'pastors and servant leaders on every campus', 'Contact us'] },
  '/beliefs': { h1: 'What We Believe', text: ['The Bible', 'God', 'Jesus Christ', 'Salvation', 'The Holy Spirit', 'Baptism', 'Communion', 'Sanctification', 'The Church', 'Healing', 'The Resurrection', "God's Promises", 'Judgment', 'Our Hope'] },
  '/new-here': { h1: 'New Here?', text: ['What to Expect', 'Plan Your Visit', '1520 NW 65th Ave, Plantation, FL', '12:00 PM ET, in person', '7:00 PM ET, Online', 'Fill Out a Connect Card'] },
  '/groups': { h1: 'Groups', text: ['Bible Study Groups', 'Marketplace Groups', 'Regional Campus Groups', 'Set Up the Church App'] },
  '/get-involved': { h1: 'Get Involved', text: ['Why Serve?', 'Grow spiritually', 'Build relationships', 'Eternal impact', 'Worship & Creative', 'Hospitality & Guest Experience', 'Teaching & Discipleship', 'Media & Communications', 'Outreach & Missions', 'Children & Youth', 'Pray and explore', 'Sign up', 'Meet a leader'] },
  '/bible-study': { h1: 'Global Bible Study', text: ['7:00–8:30 PM Eastern', 'How to Join'] },
  '/europe-bible-study': { h1: 'Europe Bible Study', text: ['7:00–8:30 PM Central European time', 'How to Join'] },
  '/worship': { h1: 'Worship', text: ['New Music Coming Soon', 'Join the Mailing List', 'Join Our Next Service'] },
  '/worship-team': { h1: 'Worship Team', text: ['there is a place for you on the team', 'Serve on the team'] },
  '/books': { h1: 'Books', text: ['Coming Soon'] },
  '/podcast': { h1: 'Podcast', text: ['Coming Soon'] },
  '/devotionals': { h1: 'Devotionals', text: ['Coming Soon'] },
  '/contact': { h1: 'Contact Us', text: ['Write to us with the form on this page', 'We typically respond within 24 hours.', 'South Florida', 'North Campus', 'Europe', 'Pakistan'] },
  '/global-campuses': { h1: 'Global Campuses', text: ['United States', 'Pakistan', 'Europe', 'over 800 people'] },
  '/media': { h1: 'Media', text: ['The Cost of Oil', 'Matthew 25:1-13', 'Notify Me'] },
  '/the-city': { h1: 'The City', text: ['$100 million', 'Give to The City', 'The Vision Blueprint'] },
  '/giving': { h1: 'Giving', text: ['General Giving', 'Pakistan Church & School', 'Urdu Bibles', '$10'] },
  '/privacy-policy': { h1: 'Privacy Policy', text: ['Last updated August 24, 2025', 'under 13', 'Questions? Write to us with the form on our contact page', 'Plantation, FL', 'Back to home'] },
  '/terms-of-service': { h1: 'Terms of Service', text: ['Last updated August 24, 2025', 'State of Florida', 'Questions? Write to us with the form on our contact page', 'Plantation, FL', 'Back to home'] },
  // The pop-up forms' own pages.
  '/prayer-request': { h1: 'Prayer Request', text: ['Share what is on your heart', 'Submit Prayer Request'] },
  '/connect-card': { h1: 'Connect Card', text: ["We'd love to get to know you", 'Age group', 'Submit Connect Card'] },
  '/serve': { h1: 'Serve Interest Form', text: ['Find your place on the team', 'Worship Leader / Vocalist', 'Submit Interest'] },
  '/north-campus': { h1: 'North Campus Interest', text: ['Delaware, Pennsylvania and New Jersey', 'Joining the launch team', 'Submit Interest'] },
  '/launch': { h1: "We're Launching!", text: ['1520 NW 65th Ave, Plantation, FL', "Let us know you're coming!", 'Confirm Attendance'] },
};

const routes: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));

test('the build holds every route of the site', () => {
  expect([...routes].sort()).toEqual(Object.keys(facts).sort());
});

for (const route of Object.keys(facts)) {
  test(`@desktop ${route}: heading, facts, sharing tags and no axe violations at 1280 and 360 px`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(facts[route].h1);
    for (const text of facts[route].text) {
      await expect(page.locator('main').getByText(text, { exact: false }).first(), `${route}: ${text}`).toBeAttached();
    }
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${route === '/' ? '/$' : `${route}$`}`));
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:image']) {
      await expect(head.locator(`meta[property="${tag}"]`)).toHaveAttribute('content', /.+/);
    }
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expectAccessibleAtBothWidths(page, route);
  });
}

test('the home page describes the church as structured data; sitemap and robots list the site', async ({ page, request }) => {
  await page.goto('/');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data['@type']).toBe('Church');
  // The Florida service's address, as its gathering's words give it (src/schedule/defaults.rs).
  expect(data.address).toBe('1520 NW 65th Ave, Plantation, FL 33313');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const route of routes) expect(sitemap).toContain(`${route === '/' ? '/' : route}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  const image = await request.get('/og-image.jpg');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('the prerendered HTML carries the page before any script runs', async ({ request }) => {
  const html = await (await request.get('/pakistan-building')).text();
  expect(html).toContain('$35,000');
  expect(html).toContain('<title>Pakistan Church &amp; School Building | The Well</title>');
  // Its code is fetched once it has painted, its own chunk among the first.
  expect(html).toMatch(/<script type="application\/json" id="page-code">[^<]+"\/assets\/PakistanBuilding-[\w-]+\.js"/);
});

test('a page whose content block arrives damaged keeps its words after its script runs, and its pop-ups show no word names', async ({ browser, page }) => {
  const served: Record<string, string> = {};
  await page.route(/\/(contact)?$/, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    served[new URL(route.request().url()).pathname] = html;
    await route.fulfill({ response, body: html.replace(/(<script type="application\/json" id="site-content">)[^<]*/, '$1{"sermon": [damaged') });
  });
  /** Each word element's name and text, in page order. */
  const words = (p: Page) => p.locator('main [data-word]').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-word')}=${el.textContent}`));
  // The schedule held, never answered, on both: its answer turns a gathering's fixed
  // words into the moment's (live, next), whenever it comes.
  await page.route('**/api/schedule**', () => {});
  for (const path of ['/', '/contact']) {
    // The same page with its block whole, after its script has run.
    const whole = await browser.newContext();
    const reader = await whole.newPage();
    await reader.route('**/api/schedule**', () => {});
    await reader.goto(path);
    await expect(reader.locator('html[data-hydrated]')).toHaveCount(1);
    const expected = await words(reader);
    await whole.close();
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    expect(served[path], path).toContain('id="site-content"');
    expect(expected.length, path).toBeGreaterThan(3);
    expect(await words(page), path).toEqual(expected);
    // (without its sermon: a damaged block shows none, and says so nowhere as code)
    await drawWholePage(page);
    expect(await page.locator('main').innerText()).not.toMatch(/\{[a-z-]+\.[a-z-]+\}/);
  }
  await page.getByRole('button', { name: 'Global Ministry' }).first().click();
  const dialog = page.getByTestId('global-ministry-modal');
  await expect(dialog).toContainText('Pakistan');
  expect(await dialog.innerText()).not.toMatch(/\{[a-z-]+\.[a-z-]+\}/);
});

test('on /contact, "write to us" leads to the form on the page, not to the page itself', async ({ page }) => {
  await page.goto('/contact');
  const link = page.getByRole('link', { name: 'the form on this page' });
  await expect(link).toHaveAttribute('href', '#send-a-message');
  await link.click();
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeInViewport();
  expect(await page.locator('main a[href="/contact"]').count()).toBe(0);
});

test('external give links open in a new tab without handing over this page', async ({ page }) => {
  for (const route of ['/pakistan', '/the-city', '/giving', '/groups']) {
    await page.goto(route);
    const links = page.locator('main a[target="_blank"]');
    expect(await links.count(), route).toBeGreaterThan(0);
    for (const link of await links.all()) await expect(link).toHaveAttribute('rel', /noopener/);
  }
});

test('nothing but the page holds its first paint: each page carries the whole stylesheet and fetches its scripts once it has painted @phone', async ({ request }) => {
  // The last <style> of <head> (the first is the no-script rule in a <noscript>).
  const style = (html: string) => html.split('</head>')[0].split('<style>').at(-1)?.split('</style>')[0] ?? '';
  const home = await (await request.get('/')).text();
  const sheet = style(home);
  expect(sheet.length, 'the stylesheet in the page').toBeGreaterThan(20_000);
  for (const route of [...routes, '/offline.html', '/no-such-page']) {
    const html = await (await request.get(route)).text();
    const [head, body] = html.split('</head>');
    // In <head>: the site's whole stylesheet (one for every page: pop-ups, menu and toasts
    // drawn later need no second style pass), and nothing fetched before the page paints.
    expect(style(html), route).toBe(sheet);
    expect(head, route).not.toMatch(/<link rel="(?:stylesheet|modulepreload)"|<script[^>]+src=/);
    // After the content: a few lines that fetch the scripts once the page has painted.
    const after = body.slice(body.lastIndexOf('</div>'));
    expect(after, route).toMatch(/<script type="application\/json" id="page-code">\{"entry":"\/assets\/index-[\w-]+\.js","chunks":\["\/assets\//);
    expect(after, route).toMatch(/<script>\(function\(d\)\{[^<]*requestAnimationFrame\(/);
  }
});
