// What a volunteer sets without a developer: links, videos, the
// sermon's speaker, the contact email, and photos over the drawings. Set with
// `thewell site set` and a file in <data-dir>/photos/, on a server of its own.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, outsideRequest, test, VIDEO_FILE } from './fixtures';
import { startOwnServer, type OwnServer } from './server';

const PHOTO = join(import.meta.dirname, 'files', 'photo.jpg');
const GIVE = 'https://give.example.com';
const HERO_VIDEO = 'https://media.example.com/hero.webm';
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(({ dataDir, cli }) => {
    cli('site', 'set', 'contact-email', 'hello@thewell.church');
    cli('site', 'set', 'giving-url', `${GIVE}/thewell?church=7`);
    cli('site', 'set', 'sermon-video', 'https://youtu.be/dQw4w9WgXcQ');
    cli('site', 'set', 'sermon-speaker', 'Pastor Ana Ruiz');
    cli('site', 'set', 'hero-video-file', HERO_VIDEO);
    mkdirSync(join(dataDir, 'photos'));
    copyFileSync(PHOTO, join(dataDir, 'photos', 'sunday-worship-in-plantation.jpg'));
    copyFileSync(PHOTO, join(dataDir, 'photos', 'sunrise-over-plantation-florida.jpg'));
  });
});

test.afterAll(() => server?.stop());

test.beforeEach(async ({ context }) => {
  await context.route(HERO_VIDEO, (route) => route.fulfill({ contentType: 'video/webm', body: VIDEO_FILE }));
});

test('the home hero plays the background video of the settings, with a pause button', async ({ page }) => {
  await page.goto(`${server.url}/`);
  const video = page.getByTestId('hero-video');
  await expect(video).toHaveAttribute('src', HERO_VIDEO);
  await expect(video).toHaveAttribute('aria-hidden', 'true');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && !v.paused)).toBe(true);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay, v.playsInline])).toEqual([true, true, true, true]);
  const pause = page.getByRole('button', { name: 'Pause background video' });
  await pause.click();
  const play = page.getByRole('button', { name: 'Play background video' });
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await play.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await expectAccessible(page, 'home with its background video');
});

test('a video file that cannot be played leaves the drawn background', async ({ page, context }) => {
  // The route registered last answers first.
  await context.route(HERO_VIDEO, (route) => route.fulfill({ contentType: 'video/webm', body: 'not a video' }));
  const asked = page.waitForRequest(HERO_VIDEO);
  await page.goto(`${server.url}/`);
  await asked;
  await expect(page.getByTestId('hero-video')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /background video/ })).toHaveCount(0);
});

/** Resolves once effects scheduled by the last render have run (Preact runs them after a paint). */
async function afterEffects(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
}

test('no background video for visitors who ask for less motion, nor by default', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}/`);
  await afterEffects(page);
  await expect(page.getByTestId('hero-video')).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await afterEffects(page);
  await expect(page.getByTestId('hero-video')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause background video' })).toHaveCount(0);
});

test('the contact email and the sermon follow the settings', async ({ page }) => {
  await page.goto(`${server.url}/contact`);
  const email = page.getByRole('link', { name: 'hello@thewell.church' });
  await expect(email).toHaveAttribute('href', 'mailto:hello@thewell.church');
  await expect(page.getByText('contact@thewell.example')).toHaveCount(0);

  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Watch Now' }).click();
  const sermon = page.getByTestId('sermon-modal');
  await expect(sermon).toContainText('Matthew 25:1-13 · Pastor Ana Ruiz');
  await expect(sermon.getByTestId('sermon-video').locator('iframe')).toHaveAttribute('src', /\/embed\/dQw4w9WgXcQ\?/);
});

test('Donate and the fund buttons open the giving page of the settings', async ({ page, context }) => {
  await page.goto(`${server.url}/the-city`);
  const give = page.getByRole('link', { name: 'Give to The City' });
  await expect(give).toHaveAttribute('target', '_blank');
  const request = await outsideRequest(context, GIVE, () => give.click());
  expect(request.url()).toBe(`${GIVE}/thewell?church=7&fund=the-city`);
  expect(request.redirectedFrom()?.url()).toBe(`${server.url}/go/giving?fund=the-city`);

  // Donate (in the mobile menu at phone width) goes the same way.
  await expect(page.locator('header a', { hasText: 'Donate' }).first()).toHaveAttribute('href', '/go/giving');
});

test('a photo lies over its drawing, with the drawing’s description', async ({ page }) => {
  await page.goto(`${server.url}/`);
  const frame = page.locator('[data-photo="sunday-worship-in-plantation"]');
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAccessibleName('Sunday worship in Plantation');
  const photo = frame.locator('img');
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The browser took a WebP made for the frame, never the volunteer's original.
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/sunday-worship-in-plantation\.[0-9a-f]+\.\d+\.webp$/);
  // The photo fills the frame and sits on top of the drawing.
  const [frameBox, photoBox] = [await frame.boundingBox(), await photo.boundingBox()];
  expect(photoBox).toEqual(frameBox);
  const top = await frame.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.tagName;
  });
  expect(top).toBe('IMG');
  // Drawings without a photo stay drawings.
  await expect(page.locator('[data-photo="serving-our-city-together"] img')).toHaveCount(0);
  await expectAccessible(page, 'home with a photo');
});

test.describe('pop-ups', () => {
  test.use({ firstVisit: true });
  test('a pop-up drawn in the browser shows its photo too', async ({ page }) => {
    await page.goto(`${server.url}/`);
    const launch = page.getByTestId('launch-modal');
    await expect(launch).toBeVisible();
    const photo = launch.locator('[data-photo="sunrise-over-plantation-florida"] img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/photos/sunrise-over-plantation-florida.');
  });
});

test('a change reaches the running server without a restart', async ({ page }) => {
  test.slow();
  await page.goto(`${server.url}/contact`);
  server.cli('site', 'set', 'contact-email', 'office@thewell.church');
  try {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'office@thewell.church' })).toHaveAttribute('href', 'mailto:office@thewell.church', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
  } finally {
    server.cli('site', 'set', 'contact-email', 'hello@thewell.church');
  }
});
