// Live Bible study by the browser's clock: live while on, the countdown otherwise, on
// both pages, and the visitor's own time (here set to Karachi). The suite's server has
// no meeting-url set: a live study then shows no meeting frame and no link to a
// placeholder meeting, but says how to get the link.
import { expect, test } from './fixtures';

const cases = [
  // Global: Wednesday 2026-11-18, 19:00 EST is 00:00Z on the 19th.
  { route: '/bible-study', at: '2026-11-19T00:00:00Z', live: true },
  { route: '/bible-study', at: '2026-11-19T01:30:59Z', live: true },
  { route: '/bible-study', at: '2026-11-19T01:31:00Z', live: false, countdown: '6 days, 22 hours and 29 minutes' },
  { route: '/bible-study', at: '2026-11-18T23:59:00Z', live: false, countdown: '0 hours and 1 minute' },
  // A Tuesday evening is not live: the global study is live on Wednesdays only.
  { route: '/bible-study', at: '2026-11-18T00:30:00Z', live: false, countdown: '23 hours and 30 minutes' },
  // A week when New York and Berlin are five hours apart.
  { route: '/bible-study', at: '2026-03-11T23:15:00Z', live: true },
  { route: '/europe-bible-study', at: '2026-03-11T18:15:00Z', live: true },
  // Europe: 19:00 CET on Wednesday 2026-11-18 is 18:00Z.
  { route: '/europe-bible-study', at: '2026-11-18T17:59:00Z', live: false, countdown: '0 hours and 1 minute' },
  { route: '/europe-bible-study', at: '2026-11-18T19:30:59Z', live: true },
  { route: '/europe-bible-study', at: '2026-11-19T18:00:00Z', live: false, countdown: '6 days, 0 hours and 0 minutes' },
];

for (const c of cases) {
  test(`${c.route} at ${c.at}: ${c.live ? 'live' : c.countdown}`, async ({ page }) => {
    // The browser's clock stands still at the instant (timers still run), so a
    // boundary like 20:30:59 stays the boundary however slow the machine is.
    await page.clock.setFixedTime(new Date(c.at));
    await page.goto(c.route);
    const status = page.getByTestId('study-status');
    if (c.live) {
      await expect(status.getByText('Live now')).toBeVisible();
      await expect(status.getByTestId('no-meeting')).toBeVisible();
      await expect(status.getByTestId('meeting-frame')).toHaveCount(0);
      await expect(status.getByRole('link', { name: /Open in the meeting app/ })).toHaveCount(0);
      await expect(page.locator('a[href*="zoom.us"], iframe[src*="zoom"]')).toHaveCount(0);
    } else {
      await expect(status.getByTestId('countdown')).toHaveText(c.countdown!);
      await expect(status.getByTestId('meeting-frame')).toHaveCount(0);
    }
  });
}

test('the page re-checks every minute: the countdown turns into the live study', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-18T23:58:30Z') });
  await page.goto('/bible-study');
  await expect(page.getByTestId('countdown')).toHaveText('0 hours and 2 minutes');
  await page.clock.runFor(61_000);
  await page.clock.runFor(61_000);
  await expect(page.getByTestId('study-status').getByText('Live now')).toBeVisible();
});

test.describe('in Karachi', () => {
  test.use({ timezoneId: 'Asia/Karachi' });

  test('the next session is shown in the visitor’s own time as well', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-17T12:00:00Z'));
    await page.goto('/bible-study');
    await expect(page.getByTestId('visitor-local')).toHaveText('Wednesday 7:00 PM EST. That is Thursday 5:00 AM your time.');
    await page.goto('/europe-bible-study');
    await expect(page.getByTestId('visitor-local')).toHaveText('Wednesday 7:00 PM CET. That is Wednesday 11:00 PM your time.');
  });
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('"your time" is left out where it would only repeat the meeting’s own time', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-17T12:00:00Z'));
    await page.goto('/bible-study');
    await expect(page.getByTestId('visitor-local')).toHaveText('Wednesday 7:00 PM EST.');
    await page.goto('/');
    const promo = page.locator('main li').filter({ hasText: 'Online, from the Americas' });
    await expect(promo).toContainText('Wednesday 7:00 PM EST');
    await expect(promo).not.toContainText('your time');
    // Europe's study still gives the visitor's own time.
    const europe = page.locator('main li').filter({ hasText: 'Online, from Europe' });
    await expect(europe).toContainText('Wednesday 7:00 PM CET (Wed 1:00 PM your time)');
    await page.goto('/contact');
    await expect(page.locator('main li').filter({ hasText: 'South Florida' })).toContainText('Next: Sunday 12:00 PM EST');
    await expect(page.locator('main li').filter({ hasText: 'South Florida' })).not.toContainText('your time');
  });
});

test('the Bible-study pages offer the calendar file', async ({ page, request }) => {
  await page.goto('/europe-bible-study');
  const link = page.getByRole('link', { name: 'Add to calendar' });
  await expect(link).toHaveAttribute('href', '/calendar/europe-bible-study.ics');
  const ics = await (await request.get('/calendar/europe-bible-study.ics')).text();
  expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=WE');
});

test('/europe during the study says plainly that it is on, and until when', async ({ page }) => {
  // 19:15 CET on Wednesday 2026-11-18.
  await page.clock.setFixedTime(new Date('2026-11-18T18:15:00Z'));
  await page.goto('/europe');
  const line = page.getByTestId('europe-next');
  await expect(line).toContainText('Live now, until 8:30 PM CET');
  await expect(line).toContainText('your time');
  await expect(line).not.toContainText('Next:');
  // After it, the next one.
  await page.clock.setFixedTime(new Date('2026-11-18T20:00:00Z'));
  await page.goto('/europe');
  await expect(line).toContainText('Next: Wednesday 7:00 PM CET');
});
