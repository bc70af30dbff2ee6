// Page interactions: the worship video, the direct video file, the sermons' search and
// filter, the Berlin clock, the country navigator, The City's video to come.
import { expect, test } from './fixtures';

test('worship video: poster, play loads the autoplaying player, pause pauses it', async ({ page }) => {
  await page.goto('/worship');
  const video = page.getByTestId('worship-video');
  await expect(video.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Play worship video' }).click();
  const frame = video.locator('iframe');
  await expect(frame).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/.+autoplay=1.*enablejsapi=1|enablejsapi=1.*autoplay=1/);
  const player = page.frameLocator('[data-testid="worship-video"] iframe');
  await expect(player.locator('body')).toContainText('player');
  await page.getByRole('button', { name: 'Pause worship video' }).click();
  await expect(video).toHaveAttribute('data-state', 'paused');
  const received = await page.frames().find((f) => f.url().includes('youtube-nocookie'))!.evaluate(() => (window as unknown as { received: string[] }).received);
  expect(received.some((m) => m.includes('pauseVideo'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Play worship video' })).toBeVisible();
});

test('twelve of the thirteen worship photos, and the direct video file loads only on play', async ({ page }) => {
  await page.goto('/worship');
  await expect(page.getByTestId('worship-photos').locator('li')).toHaveCount(12);
  // A titled poster until play (no blank grey player at 0:00); then the browser's own player.
  const spot = page.getByTestId('worship-file');
  await expect(spot).toContainText('The full worship set');
  await expect(spot.locator('video')).toHaveCount(0);
  await page.getByRole('button', { name: 'Play the full worship set' }).click();
  const file = spot.locator('video');
  await expect(file).toHaveAttribute('controls', '');
  await expect.poll(() => file.evaluate((v: HTMLVideoElement) => v.currentTime > 0)).toBe(true);
});

test('media: the real sermons, searched and filtered by book, with an empty state; no samples', async ({ page, browser }) => {
  await page.goto('/media');
  const sermons = page.getByTestId('sermon-list').locator(':scope > li');
  const shown = sermons.locator('visible=true');
  const count = await sermons.count();
  expect(count).toBeGreaterThan(0);
  // The sample cards of the first build are gone, and so is 'Coming Soon' over real sermons.
  for (const sample of ['One Family, Many Nations', 'Worship Night Live', '38 min', 'Coming Soon']) await expect(page.getByText(sample)).toHaveCount(0);
  await page.getByLabel('Search sermons').fill('oil lamp');
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText('The Cost of Oil');
  await page.getByLabel('Search sermons').fill('nothing like this');
  await expect(shown).toHaveCount(0);
  await expect(page.getByTestId('media-empty')).toHaveText('No sermon matches. Try another word or book.');
  await page.getByLabel('Search sermons').fill('');
  await expect(shown).toHaveCount(count);
  const books = page.getByLabel('Book of the Bible');
  await expect(books.locator('option')).toContainText(['All books', 'Matthew']);
  await books.selectOption('Matthew');
  await expect(shown.first()).toContainText('Matthew');
  expect(await shown.count()).toBe(await page.getByTestId('sermon-list').locator(':scope > li[data-book="Matthew"]').count());
  // Without the page's script the whole list shows, and no search box that could do nothing.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto(page.url());
  await expect(plain.getByTestId('sermon-list').locator(':scope > li')).toHaveCount(count);
  await expect(plain.getByRole('search')).toBeHidden();
  // Of the quick actions (shown below 1280 px) only the prayer request's, a link to its form's page.
  await expect(plain.getByTestId('quick-actions').locator('button').filter({ visible: true })).toHaveCount(0);
  await expect(plain.getByTestId('quick-actions').locator('a')).toHaveAttribute('href', '/prayer-request');
  await bare.close();
});

test.describe('from Karachi', () => {
  test.use({ timezoneId: 'Asia/Karachi' });
  test('the Europe page shows a ticking clock on Berlin time, and the visitor\'s own under it', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-07-01T10:00:00Z') });
    await page.goto('/europe');
    const clock = page.getByTestId('berlin-clock');
    // Noon UTC+2 on a summer Wednesday, to the minute (no ticking seconds); 3 PM in Karachi.
    await expect(clock).toHaveText(/^Wednesday\s*12:00\sPM\sCEST\s*Wednesday\s3:00\sPM your time$/);
    await page.clock.runFor(61_000);
    await expect(clock).toHaveText(/^Wednesday\s*12:01\sPM\sCEST\s*Wednesday\s3:01\sPM your time$/);
  });
});

test('the country navigator marks the current country', async ({ page }) => {
  for (const [route, name] of [
    ['/bible-study', 'Global'],
    ['/europe-bible-study', 'Europe'],
    ['/pakistan', 'Pakistan'],
    ['/united-states', 'United States'],
    // /europe has no entry of its own: its country's (the Europe study) is marked.
    ['/europe', 'Europe'],
  ]) {
    await page.goto(route);
    const nav = page.getByRole('navigation', { name: 'Countries' });
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-current', route === '/europe' ? 'true' : 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
  }
});

test("The City's video to come is a poster saying so, with no play button that plays nothing", async ({ page }) => {
  await page.goto('/the-city');
  await expect(page.getByTestId('city-video-message')).toHaveText('Video coming soon');
  await expect(page.getByRole('button', { name: 'Play The City vision video' })).toHaveCount(0);
});

test('without script no button that only a script can work is shown (pop-up openers, quick actions)', async ({ browser }) => {
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const page = await bare.newPage();
  const dead: string[] = [];
  for (const route of ['/', '/new-here', '/get-involved', '/united-states', '/worship', '/about']) {
    await page.goto(route);
    for (const label of await page.locator('button[aria-haspopup="dialog"]').locator('visible=true').allInnerTexts()) dead.push(`${route}: ${label.trim()}`);
  }
  await bare.close();
  expect(dead).toEqual([]);
});
