// The site on the day a volunteer first starts it, before the outside links and the
// email are set (the shared server sets only its videos): no route leads a visitor
// to a placeholder domain or shows a placeholder address to write to.
import { routes } from '../src/content/routes';
import { drawWholePage } from './checks';
import { expect, test } from './fixtures';

const PLACEHOLDER = /example\.(org|com)|thewell\.example/;

test('before launch no route shows or links to a placeholder, and every /go/ link says what is coming @desktop', async ({ page, request }) => {
  const problems: string[] = [];
  const goLinks = new Set<string>();
  for (const route of routes) {
    await page.goto(route.path);
    await drawWholePage(page);
    const shown = await page.evaluate(() => {
      const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
      return {
        text: document.body.innerText,
        hrefs: [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(visible).map((a) => a.getAttribute('href') ?? ''),
      };
    });
    for (const match of shown.text.match(new RegExp(PLACEHOLDER, 'g')) ?? []) problems.push(`${route.path} shows ${match}`);
    for (const href of shown.hrefs) {
      if (PLACEHOLDER.test(href)) problems.push(`${route.path} links to ${href}`);
      if (href.startsWith('/go/')) goLinks.add(href);
    }
  }
  expect(goLinks.size).toBeGreaterThan(3);
  for (const href of goLinks) {
    const answer = await request.get(href, { maxRedirects: 0 });
    if (answer.status() !== 200) problems.push(`${href} answers ${answer.status()} ${answer.headers().location ?? ''}`);
    const body = await answer.text();
    if (PLACEHOLDER.test(body)) problems.push(`${href} names a placeholder`);
    if (!/<h1>[^<]*(soon|coming)[^<]*<\/h1>/.test(body)) problems.push(`${href} does not say what is coming`);
  }
  expect(problems).toEqual([]);
});

test('a visitor who lands on a /go/ page has the site’s icon, and a way home and on without Back @desktop', async ({ browser }) => {
  // A page of the server's own, without the site's script.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/go/giving');
  await expect(page.locator('h1')).toHaveText('Online giving opens soon');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  const icon = await page.request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  await expect(page.getByRole('banner').getByRole('link', { name: 'The Well' })).toHaveAttribute('href', '/');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [['Home', '/'], ['About', '/about'], ['Contact', '/contact'], ['Privacy Policy', '/privacy-policy']]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: 'About', exact: true }).click();
  await expect(page.locator('h1')).toHaveText('About The Well');
  await context.close();
});
