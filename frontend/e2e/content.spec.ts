// The week's content changed by a volunteer while the server runs: a
// sermon written with `thewell content new` and edited shows in the sermon pop-up
// within 2 s, a broken edit leaves the last good version on the page and makes
// `thewell content check` fail naming file:line, and an event disappears from
// What's New once it has ended, leaving the plain empty state.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { drawWholePage } from './checks';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';
import { newContent } from './thewell.mjs';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(() => {});
});

test.afterAll(() => server?.stop());

/** Today in the church's home zone, YYYY-MM-DD. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

/** An instant as a local date-time in UTC, the way a content file writes it. */
function utcLocal(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** Waits until the page's HTML (the home page's by default) carries `text`; returns how long that took. */
async function servedWithin(text: string, path = '/'): Promise<number> {
  const started = Date.now();
  for (;;) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    if (html.includes(text)) return Date.now() - started;
    if (Date.now() - started > 10_000) throw new Error(`the page never carried ${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openSermon(page: Page) {
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Watch Now' }).click();
  const dialog = page.getByTestId('sermon-modal');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a new sermon shows within 2 s; a broken edit keeps the last good one and check names file:line', async ({ page, browser }) => {
  const path = newContent(server.cli, 'sermon', '--title', 'Living Water', '--date', today()).trim();
  expect(path).toMatch(/content\/sermons\/\d{4}-\d{2}-\d{2}-living-water\.md$/);
  const text = readFileSync(path, 'utf8')
    .replace('passage = "Book 1:1-10"', 'passage = "John 4:1-26"')
    .replace('speaker = ""', 'speaker = "Pastor Ana Ruiz"')
    .replace('heading = "1. First point"', 'heading = "1. Jesus asks for a drink"')
    .replace(/The description:[\s\S]*$/, 'At a well at noon, a conversation <script>alert(1)</script> that changed a town.\n');
  writeFileSync(path, text);
  expect(await servedWithin('John 4:1-26')).toBeLessThan(2000);

  page.on('dialog', () => {
    throw new Error('a content file ran script');
  });
  let dialog = await openSermon(page);
  await expect(dialog.getByRole('heading', { name: 'Living Water' })).toBeVisible();
  await expect(dialog).toContainText('John 4:1-26 · Pastor Ana Ruiz');
  await expect(dialog).toContainText('a conversation <script>alert(1)</script> that changed a town.');
  await dialog.getByRole('button', { name: 'View Notes' }).click();
  await expect(dialog).toContainText('1. Jesus asks for a drink');
  await expect(dialog).not.toContainText('Speaker to be announced');

  // /media lists it, newest first, the same with and without script.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto(`${server.url}/media`);
  const list = plain.getByTestId('sermon-list');
  await expect(list.locator('li h3').first()).toHaveText('Living Water');
  await list.getByText('Sermon notes').first().click();
  await expect(list).toContainText('1. Jesus asks for a drink');
  await drawWholePage(plain);
  const withoutScript = await list.innerText();
  await bare.close();
  await page.goto(`${server.url}/media`);
  await expect(page.getByTestId('sermon-list').locator('li h3').first()).toHaveText('Living Water');
  await page.getByTestId('sermon-list').getByText('Sermon notes').first().click();
  await drawWholePage(page);
  expect(await page.getByTestId('sermon-list').innerText()).toBe(withoutScript);

  // A broken edit: the title's quote left open (line 4), written whole (as an
  // editor's rename does), so no read sees it half-written.
  writeFileSync(`${path}.tmp`, text.replace('title = "Living Water"', 'title = "Living Water'));
  renameSync(`${path}.tmp`, path);
  await new Promise((r) => setTimeout(r, 1500));
  dialog = await openSermon(page);
  await expect(dialog.getByRole('heading', { name: 'Living Water' })).toBeVisible();
  await expect(dialog).toContainText('John 4:1-26');
  let check: { status: number | null; stdout: string } = { status: 0, stdout: '' };
  try {
    execFileSync(process.env.THEWELL_E2E_BIN!, ['--data-dir', server.dataDir, 'content', 'check'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    check = e as { status: number; stdout: string };
  }
  expect(check.status).toBe(1);
  expect(check.stdout).toMatch(/content\/sermons\/\d{4}-\d{2}-\d{2}-living-water\.md:\d+: /);
  expect(check.stdout).toContain('last good version');
  writeFileSync(path, text);
});

test.describe('a visitor in New York', () => {
  // The event's zone (UTC) is not the visitor's, so its time is also given in theirs.
  test.use({ timezoneId: 'America/New_York' });

  test('an event shows in its zone until it ends, then What\'s New says none is planned', async ({ page }) => {
    const start = Date.now() - 60 * 60 * 1000;
    const end = Date.now() + 5000;
    const folder = join(server.dataDir, 'content', 'events');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'today-picnic.md');
    writeFileSync(
      file,
      `+++\ntitle = "Church picnic"\nstart = ${utcLocal(start)}\nend = ${utcLocal(end)}\nzone = "UTC"\nplace = "Plantation Heritage Park"\nlink = "https://example.org/picnic"\n+++\nBring a dish to share.\n`,
    );
    await servedWithin('Church picnic');
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: "What's New" }).click();
    const dialog = page.getByTestId('whats-new-modal');
    const event = dialog.getByTestId('whats-new-event');
    await expect(event).toHaveCount(1);
    await expect(event).toContainText('Church picnic');
    await expect(event).toContainText(/UTC|GMT/);
    await expect(event).toContainText('your time');
    await expect(event.getByRole('link', { name: 'More about this event' })).toHaveAttribute('href', 'https://example.org/picnic');
    await expect(dialog).toContainText('Latest sermon');

    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now()) + 1200));
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).not.toContain('Church picnic');
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: "What's New" }).click();
    await expect(dialog.getByTestId('whats-new-event')).toHaveCount(0);
    await expect(dialog.getByTestId('whats-new-no-events')).toBeVisible();
    await expect(dialog).toContainText('Watch Sermon');
  });
});

test('a person file puts them on their page within 2 s, the same with and without script and after a client-side visit', async ({ page, browser }) => {
  page.on('dialog', () => {
    throw new Error('a content file ran script');
  });
  await page.goto(`${server.url}/worship-team`);
  await expect(page.getByTestId('no-one-named')).toHaveCount(1);
  await expect(page.locator('main')).not.toContainText('to be announced');

  const singer = newContent(server.cli, 'person', '--name', 'Grace Mbeki').trim();
  writeFileSync(
    singer,
    readFileSync(singer, 'utf8')
      .replace('role = "Campus Pastor"', 'role = "Worship Pastor"')
      .replace('group = "senior-leaders"', 'group = "worship-team"')
      .replace(/A short bio[\s\S]*$/, 'Leads <script>alert(1)</script> our Sunday worship.\n'),
  );
  expect(await servedWithin('Grace Mbeki', '/worship-team')).toBeLessThan(2000);
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const plain = await bare.newPage();
  await plain.goto(`${server.url}/worship-team`);
  const card = plain.getByTestId('team').getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Grace Mbeki' })).toBeVisible();
  await expect(card).toContainText('Worship Pastor');
  await expect(card).toContainText('Leads <script>alert(1)</script> our Sunday worship.');
  await expect(plain.getByTestId('no-one-named')).toHaveCount(0);
  await drawWholePage(plain);
  const withoutScript = await plain.locator('main').innerText();
  await bare.close();
  await page.goto(`${server.url}/worship-team`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await drawWholePage(page);
  expect(await page.locator('main').innerText()).toBe(withoutScript);

  // A leader, reached by a link inside the site (the page's script fetches the people).
  newContent(server.cli, 'person', '--name', 'Samuel Okoro');
  await servedWithin('Samuel Okoro', '/leadership');
  await page.goto(`${server.url}/about`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('link', { name: 'Meet our leadership' }).click();
  await expect(page).toHaveURL(/\/leadership$/);
  const leaders = page.locator('section', { has: page.getByRole('heading', { name: 'Senior Leaders' }) });
  await expect(leaders.getByRole('heading', { name: 'Samuel Okoro' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The sections without anyone named yet wait, said once.
  await expect(page.getByTestId('introduced-soon')).toHaveCount(1);
});

test.describe('the launch', () => {
  test.use({ firstVisit: true });

  test('a set launch shows its day and place; once its day is over the first visit skips it', async ({ page, context }) => {
    const file = join(server.dataDir, 'content', 'launch.md');
    mkdirSync(join(server.dataDir, 'content'), { recursive: true });
    writeFileSync(file, '+++\nstart = 2099-01-10T12:00:00\nplace = "1520 NW 65th Ave, Plantation, FL"\n+++\nOur first Sunday together.\n');
    await servedWithin('Our first Sunday together.');
    await page.goto(`${server.url}/`);
    const launch = page.getByTestId('launch-modal');
    await expect(launch).toContainText('Our first Sunday together.');
    await expect(launch.getByTestId('launch-when')).toContainText('Saturday, January 10 · 12:00 PM EST');
    await expect(launch).toContainText('1520 NW 65th Ave, Plantation, FL');

    writeFileSync(`${file}.tmp`, '+++\nstart = 2020-01-12T12:00:00\nplace = "1520 NW 65th Ave, Plantation, FL"\n+++\nOur first Sunday together, long ago.\n');
    renameSync(`${file}.tmp`, file);
    await servedWithin('long ago');
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/`);
    await expect(page.getByTestId('welcome-modal')).toBeVisible();
    await expect(page.getByTestId('launch-modal')).toHaveCount(0);
  });
});
