// Video spots: until a video is set, a poster with its
// title says it is coming, and no player that cannot play is shown; once set (the
// shared server has its videos set, playwright.config.ts), the poster plays it.
import { expect, expectAccessible, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';

let placeholders: OwnServer;

test.beforeAll(async () => {
  placeholders = await startOwnServer(() => {});
});

test.afterAll(() => placeholders?.stop());

const spots = [
  { route: '/worship', testId: 'worship-video', title: 'Worship at The Well', play: 'Play worship video' },
  { route: '/pakistan', testId: 'pakistan-video', title: 'Stories from The Well Pakistan', play: 'Play the video from Pakistan' },
];

test('with the videos still placeholders, each spot is a titled poster saying the video is coming', async ({ page }) => {
  for (const spot of spots) {
    await page.goto(`${placeholders.url}${spot.route}`);
    const video = page.getByTestId(spot.testId);
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('data-state', 'coming-soon');
    await expect(video).toContainText(spot.title);
    await expect(video).toContainText('Video coming soon');
    await expect(video.locator('iframe, video')).toHaveCount(0);
    await expect(page.getByRole('button', { name: spot.play })).toHaveCount(0);
  }
  await expectAccessible(page, '/pakistan with its video to come');
  // One 'coming soon' poster a page at most: /worship leaves out its second video until its file is set.
  for (const route of ['/worship', '/pakistan', '/the-city']) {
    await page.goto(`${placeholders.url}${route}`);
    await expect(page.getByText('Video coming soon').locator('visible=true'), route).toHaveCount(1);
    if (route === '/worship') await expect(page.getByTestId('worship-file')).toBeHidden();
  }
});

test('with the sermon video still a placeholder, the sermon pop-up says so over a still, not a dead player', async ({ page }) => {
  await page.goto(`${placeholders.url}/`);
  await page.getByRole('button', { name: 'Watch Now' }).click();
  const sermon = page.getByTestId('sermon-modal');
  await expect(sermon.getByTestId('sermon-video-soon')).toContainText('coming soon');
  await expect(sermon.locator('iframe')).toHaveCount(0);
  await expect(sermon.getByRole('button', { name: 'View Notes' })).toBeVisible();
});

test('a set Pakistan video plays from its poster in the privacy-mode player', async ({ page }) => {
  await page.goto('/pakistan');
  const video = page.getByTestId('pakistan-video');
  await expect(video).toContainText('Stories from The Well Pakistan');
  await expect(video.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Play the video from Pakistan' }).click();
  await expect(video.locator('iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/ScMzIvxBSi4\?.*autoplay=1/);
  await page.getByRole('button', { name: 'Pause the video from Pakistan' }).click();
  await expect(video).toHaveAttribute('data-state', 'paused');
});
