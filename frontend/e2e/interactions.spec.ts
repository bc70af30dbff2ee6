// Page interactions: the worship video, the direct video file, media search and
// filter, the Berlin clock, the country navigator, The City's play button.
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

test('media: search and category filter the list, with an empty state', async ({ page }) => {
  await page.goto('/media');
  const list = page.getByTestId('media-list').locator('li');
  await expect(list).toHaveCount(3);
  await page.getByLabel('Category').selectOption('worship');
  await expect(list).toHaveCount(1);
  await expect(list).toContainText('Worship Night Live');
  await page.getByLabel('Category').selectOption('message');
  await expect(list).toHaveCount(2);
  await page.getByLabel('Search media').fill('oil');
  await expect(list).toHaveCount(1);
  await page.getByLabel('Search media').fill('nothing like this');
  await expect(page.getByTestId('media-empty')).toHaveText('Nothing matches yet. Try another word or category.');
  await page.getByLabel('Category').selectOption('all');
  await page.getByLabel('Search media').fill('');
  await expect(list).toHaveCount(3);
});

test('the Europe page shows a ticking clock on Berlin time', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-07-01T10:00:00Z') });
  await page.goto('/europe');
  const clock = page.getByTestId('berlin-clock');
  // Noon UTC+2 on a summer Wednesday, to the minute (no ticking seconds).
  await expect(clock).toHaveText(/^Wednesday\s*12:00 PM CEST$/);
  await page.clock.runFor(61_000);
  await expect(clock).toHaveText(/^Wednesday\s*12:01 PM CEST$/);
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

test("The City's play button says the video will play when uploaded", async ({ page }) => {
  await page.goto('/the-city');
  await page.getByRole('button', { name: 'Play The City vision video' }).click();
  await expect(page.getByTestId('city-video-message')).toHaveText('Video will play here when uploaded');
});
