// The ministry's calendar as the volunteer's data (issue 36), each case on a server of
// its own changed as a volunteer would, while it runs: a skipped week, a week moved
// across a clock change, a new time for the Bible study, the North campus's monthly
// gathering given a date and a place, a gathering ended, one added, and notices. The
// pages are read as a visitor reads them, with the browser's clock set; the calendar
// files by an independent parser (Python's icalendar, e2e/files/ics_occurrences.py).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { pageText } from './checks';
import { expect, expectAccessible, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';

interface Occurrence {
  start: string;
  rule: string;
  location: string;
}

/** The occurrences calendar file `ics` holds from `from` to `to`, as Python's icalendar reads it. */
function occurrences(ics: string, from: string, to: string): Occurrence[] {
  const script = join(import.meta.dirname, 'files', 'ics_occurrences.py');
  return JSON.parse(execFileSync('/usr/bin/python3', [script, from, to], { input: ics, encoding: 'utf8' }));
}

interface Gathering {
  id: string;
  start: string;
  state: string;
  reason: string;
  place: string;
  live: boolean;
  skipped: { start: string; reason: string }[];
}

async function schedule(request: APIRequestContext, server: OwnServer, at: string): Promise<Gathering[]> {
  const response = await request.get(`${server.url}/api/schedule?at=${encodeURIComponent(at)}`);
  expect(response.status()).toBe(200);
  return (await response.json()).gatherings;
}

async function calendar(request: APIRequestContext, server: OwnServer, id: string): Promise<string> {
  const response = await request.get(`${server.url}/calendar/${id}.ics`);
  expect(response.status()).toBe(200);
  return response.text();
}

/** Waits for `seen` to hold and returns how long it took after `since` (Date.now()). */
async function within(since: number, seen: () => Promise<boolean>): Promise<number> {
  await expect.poll(seen, { timeout: 5_000, intervals: [25] }).toBe(true);
  return Date.now() - since;
}

/** Writes file `name` of content folder `folder` in `dataDir` as a volunteer would by hand. */
function writeContent(dataDir: string, folder: string, name: string, text: string): void {
  mkdirSync(join(dataDir, 'content', folder), { recursive: true });
  writeFileSync(join(dataDir, 'content', folder, name), text);
}

/** A gathering file's text: each field as TOML writes it (strings quoted, times and days bare). */
function gatheringFile(fields: Record<string, string>): string {
  return `+++\n${Object.entries(fields)
    .map(([name, value]) => `${name} = ${value}`)
    .join('\n')}\n+++\n`;
}

/** The Bible study's file with its start time `start` on Thursdays. */
const thursdayStudy = (start: string) =>
  gatheringFile({ name: '"The Well Global Bible Study"', campus: '"online"', repeats: '"every Thursday"', start, minutes: '90', zone: '"America/New_York"', where: '"online"' });

const routes: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));

/** The page's text read without JavaScript (the server's HTML as a reader gets it). */
async function textWithoutScript(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  const text = await pageText(page);
  await context.close();
  return text;
}

/** The instant a clock in `zone` reads `y-m-d h:min`. */
function instantIn(zone: string, y: number, m: number, d: number, h: number, min: number): Date {
  const offset = (at: number) => {
    const part = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
        .formatToParts(at)
        .map((p) => [p.type, Number(p.value)]),
    );
    return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute) - at;
  };
  const wall = Date.UTC(y, m - 1, d, h, min);
  return new Date(wall - offset(wall - offset(wall)));
}

/** An instant as the server and the calendar reader write it: 2026-11-26T00:00:00Z. */
const iso = (at: Date) => at.toISOString().replace('.000Z', 'Z');

/** The Wednesday the Global Bible Study skips in the test, from the real clock: the server
 *  writes "Not held on …" by its own clock (for the weeks up to 14 days ahead), so a fixed
 *  date stops working once it has passed. The first Wednesday whose 7 PM in New York is
 *  more than an hour away and whose next week keeps the same clock (no change of clocks
 *  between them, so the countdown reads 6 days, 23 hours and 55 minutes). */
function skippedWeek() {
  const ny = 'America/New_York';
  const today = new Date(Date.now());
  for (let ahead = 0; ; ahead++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead));
    if (day.getUTCDay() !== 3) continue;
    const study = (weeks: number) => instantIn(ny, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate() + 7 * weeks, 19, 0);
    const zoneName = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: ny, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
    if (study(0).getTime() < Date.now() + 3_600_000 || zoneName(study(0)) !== zoneName(study(1))) continue;
    const long = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: ny, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
    return {
      /** Its date in New York, as `thewell schedule skip` takes it. */
      date: iso(day).slice(0, 10),
      /** The study's start that week, the week before and the two after. */
      study,
      /** 7:05 PM that evening in New York. */
      at: iso(new Date(study(0).getTime() + 5 * 60_000)),
      /** 7:05 PM that evening in Berlin, when the Europe study is on. */
      europe: instantIn('Europe/Berlin', day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 19, 5),
      /** "Wednesday, December 2, 7:00 PM EST": the next study, as the pages say it. */
      next: `${long(study(1))}, 7:00 PM ${zoneName(study(1))}`,
      /** "Wednesday, November 25". */
      long: long(study(0)),
    };
  }
}

test.describe('a skipped week @desktop', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(() => {});
  });
  test.afterAll(() => server?.stop());

  const week = skippedWeek();
  const AT = week.at;
  const day = (at: Date, days: number) => iso(new Date(at.getTime() + days * 86_400_000));

  test('skipped while the server runs: the banner, the study page and the calendar file follow within 2 s; Europe and Pakistan do not change', async ({ page, request }) => {
    const before = await schedule(request, server, AT);
    expect(before.find((g) => g.id === 'bible-study')).toMatchObject({ live: true, state: 'held' });
    const others = (gatherings: Gathering[]) => gatherings.filter((g) => g.id !== 'bible-study');
    const othersCalendars = await Promise.all(['europe-bible-study', 'bible-study-pakistan'].map((id) => calendar(request, server, id)));

    const since = Date.now();
    server.cli('schedule', 'skip', 'bible-study', week.date, '--reason', 'church retreat');
    const took = await within(since, async () => (await schedule(request, server, AT)).find((g) => g.id === 'bible-study')!.skipped.length === 1);
    expect(took).toBeLessThan(2_000);
    test.info().annotations.push({ type: 'followed in', description: `${took} ms` });

    const after = await schedule(request, server, AT);
    expect(after.find((g) => g.id === 'bible-study')).toMatchObject({
      live: false,
      start: iso(week.study(1)),
      state: 'held',
      skipped: [{ start: iso(week.study(0)), reason: 'church retreat' }],
    });
    expect(others(after)).toEqual(others(before));
    expect(await Promise.all(['europe-bible-study', 'bible-study-pakistan'].map((id) => calendar(request, server, id)))).toEqual(othersCalendars);

    await page.clock.setFixedTime(new Date(AT));
    await page.goto(`${server.url}/`);
    const banner = page.getByTestId('live-banner');
    await expect(banner).toContainText(`No Bible study tonight (church retreat). Next: ${week.next}`);
    await expect(banner).toContainText('your time');
    await expect(banner).not.toContainText('Live now');

    await page.goto(`${server.url}/bible-study`);
    const status = page.getByTestId('study-status');
    await expect(status.getByTestId('skipped')).toHaveText(`No Bible study tonight (church retreat). Next: ${week.next}.`);
    await expect(status.getByTestId('countdown')).toHaveText('6 days, 23 hours and 55 minutes');
    await expect(status.getByText('Live now')).toHaveCount(0);
    // The page says which week is not held, in the server's HTML too.
    await expect(page.getByText(`Not held on ${week.long} (church retreat)`)).toBeVisible();

    // The Europe study that evening is as it was.
    await page.clock.setFixedTime(week.europe);
    await page.goto(`${server.url}/europe-bible-study`);
    await expect(page.getByTestId('study-status').getByText('Live now')).toBeVisible();
    await expect(page.getByTestId('skipped')).toHaveCount(0);

    const listed = occurrences(await calendar(request, server, 'bible-study'), day(week.study(-1), -1), day(week.study(2), 1));
    expect(listed.map((o) => o.start)).toEqual([iso(week.study(-1)), iso(week.study(1)), iso(week.study(2))]);
  });

  test('taken back: the week is held again, and the calendar file lists it', async ({ request }) => {
    server.cli('schedule', 'restore', 'bible-study', week.date);
    await within(Date.now(), async () => (await schedule(request, server, AT)).find((g) => g.id === 'bible-study')!.live);
    const listed = occurrences(await calendar(request, server, 'bible-study'), day(week.study(-1), -1), day(week.study(1), 1));
    expect(listed.map((o) => o.start)).toEqual([iso(week.study(-1)), iso(week.study(0)), iso(week.study(1))]);
  });
});

test.describe('a week moved across a clock change @desktop', () => {
  // New York is on summer time from 2027-03-14, Berlin only from 2027-03-28: that
  // week the two are five hours apart, not six.
  test.use({ timezoneId: 'Asia/Karachi' });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(({ cli }) => {
      // One joint study that week: 2:00 PM in New York is 7:00 PM in Berlin (18:00Z).
      cli('schedule', 'move', 'bible-study', '2027-03-17', '--to', '2027-03-18', '2:00 PM', '--reason', 'one study with Europe');
      cli('schedule', 'move', 'europe-bible-study', '2027-03-17', '--to', '2027-03-18', '19:00', '--reason', 'one study with the US');
    });
  });
  test.afterAll(() => server?.stop());

  test('one and the same instant on both study pages, in /api/schedule and in both calendar files', async ({ page, request }) => {
    const AT = '2027-03-17T12:00:00Z';
    const INSTANT = '2027-03-18T18:00:00Z';
    const answer = await schedule(request, server, AT);
    for (const id of ['bible-study', 'europe-bible-study']) {
      expect(answer.find((g) => g.id === id), id).toMatchObject({ start: INSTANT, state: 'moved' });
      // The week of the move: Monday 2027-03-15 to Sunday 2027-03-21.
      const listed = occurrences(await calendar(request, server, id), '2027-03-15T00:00:00Z', '2027-03-22T00:00:00Z');
      expect(listed.map((o) => o.start), id).toEqual([INSTANT]);
    }

    await page.clock.setFixedTime(new Date(AT));
    const seen: string[] = [];
    for (const [route, own] of [
      ['/bible-study', 'Thursday 2:00 PM EDT'],
      ['/europe-bible-study', 'Thursday 7:00 PM CET'],
    ]) {
      await page.goto(`${server.url}${route}`);
      await expect(page.getByTestId('visitor-local')).toHaveText(`${own}. That is Thursday 11:00 PM your time.`);
      seen.push(await page.getByTestId('countdown').innerText());
    }
    expect(seen).toEqual(['1 day, 6 hours and 0 minutes', '1 day, 6 hours and 0 minutes']);
  });
});

// Each way the pages write the Bible study's day and time, as the old and the new
// file give it: "Wednesdays 7:00 PM ET", "every Wednesday at 7:00 PM Eastern time",
// "Wednesdays · 7:00–8:30 PM Eastern time", "Wednesday, December 2, 7:00 PM EST".
const OLD_TIME = /Wednesdays?(,? [A-Z][a-z]+ \d+,)?( at| ·)? 7:00(–8:30)?\sPM\s(ET|EST|EDT|Eastern)/g;
const NEW_TIME = /Thursdays?(,? [A-Z][a-z]+ \d+,)?( at| ·)? 7:30(–9:00)?\sPM\s(ET|EST|EDT|Eastern)/g;
const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

test.describe('the Bible study moved to Thursdays at 7:30 PM @desktop', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(() => {});
  });
  test.afterAll(() => server?.stop());

  test('its file changed by hand: on every route, with and without JavaScript, the new time wherever the old one was', async ({ browser, page, request, baseURL }) => {
    test.setTimeout(240_000);
    const since = Date.now();
    writeContent(server.dataDir, 'gatherings', 'bible-study.md', thursdayStudy('19:30'));
    const took = await within(since, async () => (await (await request.get(`${server.url}/bible-study`)).text()).includes('Thursdays · 7:30–9:00 PM Eastern time'));
    expect(took).toBeLessThan(2_000);
    test.info().annotations.push({ type: 'followed in', description: `${took} ms` });

    await page.clock.setFixedTime(new Date('2026-11-30T12:00:00Z'));
    let oldSeen = 0;
    for (const route of routes) {
      // Before: the suite's own server, on the built-in schedule.
      const before = await textWithoutScript(browser, `${baseURL}${route}`);
      const without = await textWithoutScript(browser, `${server.url}${route}`);
      // With the script, the schedule's answer held back: the text the server wrote stays.
      await page.route('**/api/schedule**', () => {});
      await page.goto(`${server.url}${route}`);
      await page.waitForTimeout(200);
      const hydrated = await pageText(page);
      await page.unrouteAll();
      // With the schedule's answer: the next date in the visitor's time too.
      await page.goto(`${server.url}${route}`);
      await page.waitForLoadState('networkidle');
      const answered = await pageText(page);

      expect(hydrated, `${route}: hydration changed the text`).toBe(without);
      expect(count(without, OLD_TIME), `${route} without JavaScript: ${without.match(OLD_TIME)}`).toBe(0);
      expect(count(answered, OLD_TIME), `${route} with JavaScript: ${answered.match(OLD_TIME)}`).toBe(0);
      expect(count(without, NEW_TIME), `${route}: the new time where the old one was`).toBe(count(before, OLD_TIME));
      expect(count(answered, NEW_TIME), route).toBeGreaterThanOrEqual(count(before, OLD_TIME));
      oldSeen += count(before, OLD_TIME);
    }
    // The old time was on the pages to begin with (the patterns match what they say).
    expect(oldSeen).toBeGreaterThan(5);
  });

  test('a broken file: content check names file and line, and the pages keep the last good schedule', async ({ browser, request }) => {
    // Line 5: the start.
    writeContent(server.dataDir, 'gatherings', 'bible-study.md', thursdayStudy('25:00'));
    let failure: { status?: number; stdout?: string } = {};
    try {
      server.cli('content', 'check');
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(failure.stdout).toMatch(/content\/gatherings\/bible-study\.md:5: .*hour between 00 and 23/);
    // Given the server a moment to have read it, the pages still say Thursday 7:30.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const text = await textWithoutScript(browser, `${server.url}/bible-study`);
    expect(count(text, NEW_TIME)).toBeGreaterThan(0);
    const answer = await schedule(request, server, '2026-11-30T12:00:00Z');
    expect(answer.find((g) => g.id === 'bible-study')!.start).toBe('2026-12-04T00:30:00Z');
  });
});

/** Where the Florida service moves to in the case below. */
const newAddress = '200 E Broward Blvd, Fort Lauderdale, FL 33301';

test.describe('the North campus’s monthly gathering, a gathering ended and one added @desktop', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(({ dataDir }) => {
      const gathering = (id: string, fields: Record<string, string>) => writeContent(dataDir, 'gatherings', `${id}.md`, gatheringFile(fields));
      gathering('north-monthly', { name: '"North Campus Gathering"', campus: '"north"', repeats: '"first Saturday"', first: '2027-01-02', start: '10:00', minutes: '120', zone: '"America/New_York"', where: '"Brandywine Hall, 1 Main St, Wilmington, DE"' });
      gathering('sunday-service-pakistan', { name: '"The Well Pakistan Sunday Service"', campus: '"pakistan"', repeats: '"every Sunday"', last: '2026-11-01', start: '10:00', minutes: '120', zone: '"Asia/Karachi"', where: '"In person"' });
      gathering('sunday-service-florida', { name: '"The Well Sunday Service"', campus: '"south-florida"', repeats: '"every Sunday"', start: '12:00', minutes: '90', zone: '"America/New_York"', where: `"${newAddress}"` });
      gathering('youth-night', { name: '"Youth Night"', campus: '"pakistan"', repeats: '"last Friday"', start: '18:00', minutes: '90', zone: '"Asia/Karachi"', where: '"The church hall"' });
    });
  });
  test.afterAll(() => server?.stop());

  test('/united-states gives its first date and place, with and without JavaScript; the API and a monthly calendar file agree', async ({ browser, page, request }) => {
    const without = await textWithoutScript(browser, `${server.url}/united-states`);
    expect(without).toContain('Starting Saturday, January 2');
    expect(without).toContain('Brandywine Hall, 1 Main St, Wilmington, DE');
    expect(without).not.toContain('Coming soon');

    const answer = await schedule(request, server, '2026-12-01T00:00:00Z');
    expect(answer.find((g) => g.id === 'north-monthly')).toMatchObject({ start: '2027-01-02T15:00:00Z', state: 'held', place: 'Brandywine Hall, 1 Main St, Wilmington, DE' });

    const listed = occurrences(await calendar(request, server, 'north-monthly'), '2026-12-01T00:00:00Z', '2027-03-31T00:00:00Z');
    expect(listed.map((o) => o.start)).toEqual(['2027-01-02T15:00:00Z', '2027-02-06T15:00:00Z', '2027-03-06T15:00:00Z']);
    expect(listed[0].rule).toBe('FREQ=MONTHLY;BYDAY=1SA');
    expect(listed[0].location).toBe('Brandywine Hall, 1 Main St, Wilmington, DE');

    await page.clock.setFixedTime(new Date('2026-12-01T00:00:00Z'));
    await page.goto(`${server.url}/united-states`);
    await expect(page.getByText('Starting Saturday, January 2').first()).toBeVisible();
    await expectAccessible(page, '/united-states with the monthly gathering dated');
  });

  test('the Florida service moved: its new address on every page that gave the old one, and in the home page’s structured data', async ({ request }) => {
    for (const route of routes) {
      const served = await (await request.get(`${server.url}${route}`)).text();
      expect(served, route).not.toContain('65th Ave');
    }
    for (const route of ['/', '/united-states', '/new-here', '/contact', '/about']) {
      const served = await (await request.get(`${server.url}${route}`)).text();
      expect(served, route).toContain(newAddress);
    }
    const home = await (await request.get(`${server.url}/`)).text();
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(home);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1])).toMatchObject({ '@type': 'Church', address: newAddress });
  });

  test('a gathering past its last date leaves every page; one a volunteer added shows on its campus page', async ({ browser, page, request }) => {
    const answer = await schedule(request, server, '2026-12-01T00:00:00Z');
    expect(answer.map((g) => g.id)).not.toContain('sunday-service-pakistan');
    expect(answer.find((g) => g.id === 'youth-night')).toMatchObject({ start: '2026-12-25T13:00:00Z' });
    // Its calendar file stays, so that subscribed calendars learn it has ended: nothing after its last date.
    const ended = occurrences(await calendar(request, server, 'sunday-service-pakistan'), '2026-10-01T00:00:00Z', '2027-06-01T00:00:00Z');
    expect(ended.map((o) => o.start)).toEqual(['2026-10-04T05:00:00Z', '2026-10-11T05:00:00Z', '2026-10-18T05:00:00Z', '2026-10-25T05:00:00Z', '2026-11-01T05:00:00Z']);

    for (const js of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const visitor = js ? page : await context.newPage();
      await visitor.goto(`${server.url}/pakistan`);
      const text = await pageText(visitor);
      expect(text, `/pakistan, JavaScript ${js ? 'on' : 'off'}`).not.toContain('Sunday Service');
      expect(text).toContain('Youth Night');
      expect(text).toContain('The church hall');
      await visitor.goto(`${server.url}/contact`);
      expect(await pageText(visitor)).not.toMatch(/Sunday.{0,20}PKT/);
      await context.close();
    }
    await expectAccessible(page, '/contact with a gathering ended');
    await page.goto(`${server.url}/pakistan`);
    await expectAccessible(page, '/pakistan with a gathering added');
  });
});

test.describe('notices @desktop', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(() => {});
  });
  test.afterAll(() => server?.stop());

  /** The notices `route` shows, as served (its notices element's HTML). */
  const html = async (request: APIRequestContext, route: string) => {
    const page = await (await request.get(`${server.url}${route}`)).text();
    const notices = /<div data-notices[^>]*>(.*?)<\/div>/s.exec(page);
    expect(notices, `${route} has its notices element`).not.toBeNull();
    return notices![1];
  };

  test('a notice added shows on every route within 2 s without JavaScript, as text', async ({ browser, request }) => {
    const text = 'No service today: the building has no power <script>alert(1)</script>';
    // An hour from now, in UTC.
    const until = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const since = Date.now();
    server.cli('notice', 'add', text, '--until', until, '--zone', 'UTC', '--link', 'https://example.org/power');
    const took = await within(since, async () => (await html(request, '/')).includes('No service today'));
    expect(took).toBeLessThan(2_000);
    test.info().annotations.push({ type: 'shown in', description: `${took} ms` });
    for (const route of routes) {
      expect(await html(request, route), route).toContain('No service today: the building has no power &lt;script&gt;alert(1)&lt;/script&gt;');
      // Nowhere in the page as markup (the content block escapes it too).
      expect(await (await request.get(`${server.url}${route}`)).text(), route).not.toContain('<script>alert(1)');
    }
    // At the top of the page, before its header's links, as the words typed.
    const plain = await textWithoutScript(browser, `${server.url}/giving`);
    expect(plain).toContain(`${text} More`);
    expect(plain.indexOf(text), plain.slice(0, 160)).toBeLessThan(plain.indexOf('About'));
  });

  test('a notice given in Urdu too says the Urdu on the Urdu pages, unmarked, served and drawn', async ({ page, request }) => {
    server.cli('notice', 'add', 'The office is closed on Friday', '--in', 'ur', 'دفتر جمعہ کو بند ہے', '--until', '2030-01-01 00:00');
    await within(Date.now(), async () => (await html(request, '/ur/pakistan')).includes('دفتر جمعہ کو بند ہے'));
    expect(await html(request, '/ur/pakistan')).toContain('<span>دفتر جمعہ کو بند ہے</span>');
    expect(await html(request, '/ur/pakistan')).not.toContain('The office is closed');
    expect(await html(request, '/pakistan')).toContain('<span>The office is closed on Friday</span>');
    expect(await html(request, '/pakistan')).not.toContain('دفتر');
    await page.goto(`${server.url}/ur/pakistan`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const drawn = page.locator('[data-notices] span', { hasText: 'دفتر جمعہ کو بند ہے' });
    await expect(drawn).toBeVisible();
    await expect(drawn).not.toHaveAttribute('lang', /./);
    await expect(page.locator('[data-notices]')).not.toContainText('The office is closed');
    // Notices above the header push the floating quick actions down with it: never under it.
    await page.goto(`${server.url}/about`);
    const header = (await page.locator('header').first().boundingBox())!;
    const first = (await page.getByTestId('floating-buttons').getByRole('button').first().boundingBox())!;
    expect(first.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.getByTestId('floating-buttons').getByRole('button').first().click({ trial: true, timeout: 2_000 });
  });

  test('a notice is marked English on a page in another language by the language it was written in, not its letters', async ({ page, request }) => {
    // Given in Spanish: the Spanish pages say it unmarked, though its letters are Latin.
    server.cli('notice', 'add', 'Parking is closed on Sunday', '--in', 'es', 'El estacionamiento está cerrado el domingo', '--until', '2030-01-01 00:00');
    // Given in English only: the Spanish pages show the English, marked so.
    server.cli('notice', 'add', 'The choir rehearses on Thursday', '--until', '2030-01-01 00:00');
    await within(Date.now(), async () => (await html(request, '/es/pakistan')).includes('The choir rehearses'));
    const served = await html(request, '/es/pakistan');
    expect(served).toContain('<span>El estacionamiento está cerrado el domingo</span>');
    expect(served).toContain('<span lang="en" dir="ltr">The choir rehearses on Thursday</span>');
    await page.goto(`${server.url}/es/pakistan`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('[data-notices] span', { hasText: 'El estacionamiento' })).not.toHaveAttribute('lang', /./);
    await expect(page.locator('[data-notices] span', { hasText: 'The choir rehearses' })).toHaveAttribute('lang', 'en');
  });

  test('a campus notice shows on that campus’s pages only; a notice leaves by itself when it ends', async ({ page, request }) => {
    server.cli('notice', 'add', 'The Lahore study meets at the school this week', '--until', '2030-01-01 00:00', '--campus', 'pakistan');
    // Ends four seconds from now, on a whole second (a file's `until` gives seconds).
    const end = new Date(Math.floor((Date.now() + 4_000) / 1_000) * 1_000);
    const local = end.toISOString().slice(0, 19);
    writeContent(server.dataDir, 'notices', 'soon-over.md', `+++\nuntil = ${local}\nzone = "UTC"\n+++\nThe doors open late today.\n`);
    await within(Date.now(), async () => (await html(request, '/pakistan')).includes('meets at the school') && (await html(request, '/about')).includes('doors open late'));
    expect(await html(request, '/pakistan-building')).toContain('meets at the school');
    expect(await html(request, '/europe')).not.toContain('meets at the school');

    await page.goto(`${server.url}/pakistan`);
    await expect(page.getByText('The Lahore study meets at the school this week')).toBeVisible();
    await expectAccessible(page, '/pakistan with notices');
    // On the Urdu page, the volunteer's English is marked English (as written, its own
    // direction), in the HTML and once the page's script has drawn the notices.
    expect(await html(request, '/ur/pakistan')).toContain('<span lang="en" dir="ltr">The Lahore study meets at the school this week</span>');
    await page.goto(`${server.url}/ur/pakistan`);
    await expect(page.locator('[data-notices] span[lang="en"][dir="ltr"]', { hasText: 'The Lahore study' })).toBeVisible();

    // Beside the Pakistan gatherings' lines on other pages, in the HTML and after the
    // script has run; never beside another campus's line.
    const school = 'The Lahore study meets at the school this week';
    const besidePakistan: [string, string][] = [
      ['/', 'In person in Pakistan'],
      ['/contact', 'Pakistan'],
      ['/global-campuses', 'Pakistan'],
    ];
    for (const [route, line] of besidePakistan) {
      const served = await (await request.get(`${server.url}${route}`)).text();
      expect(served, route).toMatch(new RegExp(`data-word="[a-z-]*pakistan\\.notice"[^>]*>${school}<`));
      expect(served, route).not.toMatch(new RegExp(`data-word="(?![a-z-]*pakistan)[a-z-]+\\.notice"[^>]*>${school}<`));
      await page.goto(`${server.url}${route}`);
      const item = page.locator('li').filter({ hasText: line }).filter({ hasText: school });
      await expect(item.first(), route).toBeVisible();
      await expect(page.locator('li').filter({ hasText: school }), route).toHaveCount(1);
    }
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: 'Global Ministry' }).click();
    const dialog = page.getByTestId('global-ministry-modal');
    await expect(dialog.locator('li').filter({ hasText: 'Pakistan' }).getByText(school).first()).toBeVisible();
    await expect(dialog.locator('li').filter({ hasText: 'Europe' }).getByText(school)).toHaveCount(0);
    await expectAccessible(page, 'the Global Ministry pop-up with a campus notice');

    await expect.poll(async () => (await html(request, '/about')).includes('doors open late'), { timeout: 10_000 }).toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(end.getTime());
    expect(await html(request, '/pakistan')).toContain('meets at the school');
  });
});
