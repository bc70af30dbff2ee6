// The site in Urdu (issue 39), what only Urdu needs beyond what every language's pages
// share (languages.spec.ts: each route in its language and direction, its twins, the
// switch, the offer): every page in Urdu's script with no English word left, its
// glossary, its figures and clock read as written, and a layout written in start/end,
// never left/right, so it mirrors.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exported } from './export';
import { figuresDrawn } from './figures.mjs';
import { glossaryStrays, misshapen } from '../scripts/catalogue.mjs';
import { FIGURE_PATTERN } from '../src/lib/contract.generated';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { startOwnServer, type OwnServer } from './server';
import { newContent } from './thewell.mjs';

const routes: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));
const languages: { code: string; name: string; dir: string }[] = JSON.parse(readFileSync(new URL('../dist/languages.json', import.meta.url), 'utf8'));
/** A route's address in Urdu: '/' → '/ur/', '/about' → '/ur/about'. */
const ur = (route: string) => (route === '/' ? '/ur/' : `/ur${route}`);
/** The Urdu catalogue's text of a key (what the pages say). */
const catalogue: Record<string, { text: string }> = JSON.parse(readFileSync(new URL('../src/content/i18n/ur.json', import.meta.url), 'utf8'));
const said = (key: string) => catalogue[key].text;
/** Letters of the Arabic script (Urdu's). */
const URDU = /[\u0600-\u06ff]/;

test('Urdu is a language of the build, right to left', () => {
  expect(languages.find((l) => l.code === 'ur')).toEqual({ code: 'ur', name: 'اردو', dir: 'rtl', locale: 'ur_PK', offer: expect.anything() });
});

test('the glossary keeps one Urdu term for each thing: its check fails on a term it replaces, and on a missing one', () => {
  const glossary = (catalogue as unknown as { $glossary: Record<string, { term: string; replaces: string[] }> }).$glossary;
  const english = { 'a.watch': 'Watch the sermon', 'a.more': 'Read more' };
  const entries = (watch: string, more: string) => ({ $glossary: glossary, 'a.watch': { text: watch }, 'a.more': { text: more } });
  expect(glossaryStrays(english, entries('پیغام دیکھیں', 'مزید پڑھیں'))).toEqual([]);
  // "واعظ" is the preacher: the word the glossary replaces, wherever it is used.
  expect(glossaryStrays(english, entries('پیغام دیکھیں', 'واعظ پڑھیں'))).toEqual([expect.stringContaining('a.more says "واعظ"')]);
  // The English names a sermon; the Urdu says it another way.
  expect(glossaryStrays(english, entries('وعظ دیکھیں', 'مزید پڑھیں'))).toEqual([expect.stringMatching(/^a\.watch: its English names sermon/)]);
  expect(glossary.sermon.term).toBe('پیغام');
});

test('the catalogue check refuses a list the code could not read: the parts of the day, the units of large sums', () => {
  const periods = (text: string) => misshapen({ 'calendar.calendarWords.clock.periods': { text } });
  expect(periods(said('calendar.calendarWords.clock.periods'))).toEqual([]);
  for (const wrong of ['4: صبح؛ 12: دوپہر', '0 رات؛ 12 دوپہر', '0: رات؛ 12: دوپہر؛ 12: شام', '0: رات؛ 24: شام']) expect(periods(wrong), wrong).toEqual([expect.stringContaining('does not read')]);
  // A language on the 24-hour clock says no part of the day.
  expect(periods('0: ')).toEqual([]);
  const sums = (text: string) => misshapen({ 'parts.generated.PART_WORDS.said.largeSums': { text } });
  expect(sums(said('parts.generated.PART_WORDS.said.largeSums'))).toEqual([]);
  expect(sums('1,00,000 لاکھ؛ 1,00,00,000 کروڑ')).toEqual([expect.stringContaining('largest first')]);
});

test('moving between Urdu pages stays in Urdu', async ({ page }) => {
  await page.goto('/ur/');
  await page.locator('footer').getByRole('link', { name: 'قیادت' }).click();
  await expect(page).toHaveURL(/\/ur\/leadership$/);
  await expect(page.locator('h1')).toHaveText('قیادت');
  await page.goBack();
  await expect(page).toHaveURL(/\/ur\/$/);
});

// What may stay in Latin letters on an Urdu page: email addresses and links; anything
// marked as another language (lang="en": the wordmark, a volunteer's text and places,
// each introduced as English; the switch's "Español") is skipped; a key's name ("F8")
// too. Times and their zones read in Urdu.
const ALLOWED = new Set<string>();

/** The English words a visitor reads in `within` (text, alt, aria-label, title, placeholder). */
async function englishIn(page: import('@playwright/test').Page, within: string): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const root = document.querySelector(selector)!;
    const out: string[] = selector === 'body' ? [document.title] : [];
    // (what is marked as another language than Urdu: English, the switch's "Español")
    const skipped = (el: Element | null) => !el || el.closest('script, style, noscript, [hidden], [aria-hidden="true"]') !== null || el.closest('[lang]')?.getAttribute('lang') !== 'ur';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (!skipped(walker.currentNode.parentElement)) out.push(walker.currentNode.textContent ?? '');
    for (const el of root.querySelectorAll('[alt], [aria-label], [title], [placeholder]')) {
      if (skipped(el)) continue;
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) out.push(el.getAttribute(name) ?? '');
    }
    return out;
  }, within);
  const found: string[] = [];
  for (const text of texts) {
    const words = text.replace(/\S+@\S+\.\w+|https?:\/\/\S+|\bF\d+\b/g, '').match(/[A-Za-z]+/g) ?? [];
    for (const word of words) if (!ALLOWED.has(word)) found.push(`${word} (in "${text.trim().slice(0, 80)}")`);
  }
  return found;
}

test('every Urdu page reads in Urdu: no English word but times, zones, emails and what is marked English', async ({ page, errors }) => {
  const found: string[] = [];
  for (const path of [...routes.map(ur), '/ur/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // Its heading, title and description in Urdu's script (languages.spec.ts checks the rest every language shares).
    await expect(page.locator('h1')).toHaveText(URDU);
    expect(await page.title()).toMatch(URDU);
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', URDU);
    for (const word of await englishIn(page, 'body')) found.push(`${path}: ${word}`);
  }
  errors.length = 0; // the browser logs the 404 of the page that does not exist
  expect(found).toEqual([]);
});

test('every form pop-up reads in Urdu on an Urdu page', async ({ page }) => {
  const found: string[] = [];
  for (const [path, button, testId] of [
    ['/ur/about', 'modals.prayerRequest.title', 'prayer-request-modal'],
    ['/ur/new-here', 'ministry.newHere.connect.button', 'connect-card-modal'],
    ['/ur/get-involved', 'ministry.getInvolved.buttonBottom', 'serve-modal'],
    ['/ur/united-states', 'campusPages.unitedStates.north.button', 'north-campus-modal'],
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // Links to the forms' own pages until the page is alive (components/PopUpLink.tsx).
    await page.getByRole('link', { name: said(button) }).first().click();
    await expect(page.getByTestId(testId)).toBeVisible();
    for (const word of await englishIn(page, `[data-testid="${testId}"]`)) found.push(`${testId}: ${word}`);
  }
  expect(found).toEqual([]);
});

test('a prayer request from /ur/: its labels and errors in Urdu, client and server, and stored as typed', async ({ page, errors }, info) => {
  await page.goto('/ur/about');
  await page.getByRole('link', { name: said('modals.prayerRequest.title') }).first().click();
  const dialog = page.getByTestId('prayer-request-modal');
  const name = dialog.getByRole('textbox', { name: said('forms.generated.FIELD_WORDS.labels.Name'), exact: true });
  const request = dialog.getByRole('textbox', { name: said('forms.generated.FIELD_WORDS.labels.Prayer request') });
  const send = dialog.getByRole('button', { name: said('modals.prayerRequest.submit') });
  await expect(dialog.getByRole('textbox', { name: said('forms.generated.FIELD_WORDS.labels.Phone') })).toBeVisible();
  // Nothing but spaces: the page's own check, in Urdu, beside the field and in the toast.
  await name.fill('   ');
  await request.fill('   ');
  await send.click();
  await expect(page.getByRole('alert')).toContainText(said('modals.prayerRequest.missing.both'));
  await expect(request).toHaveAccessibleDescription(said('modals.prayerRequest.required.prayerRequest'));
  // A name pasted with a hidden direction mark (U+2067) passes the page and is refused
  // by the server, whose message comes in Urdu beside the field, the answers kept.
  const typed = `مریم ${info.project.name} ${Date.now()}`;
  const text = 'میرے بیٹے کی نوکری کے لیے دعا کریں۔\nشکریہ';
  await name.fill(`\u2067${typed}`);
  await request.fill(text);
  await send.click();
  await expect(page.getByRole('alert')).toContainText(said('modals.failureWords.checkAnswers'));
  const refusal = said('forms.generated.MESSAGE_WORDS.hiddenCharacter').replace('{label}', said('forms.generated.FIELD_WORDS.labels.Name'));
  await expect(name).toHaveAccessibleDescription(refusal);
  await expect(request).toHaveValue(text);
  errors.length = 0; // the browser logs the 400 this test asked for
  await name.fill(typed);
  await send.click();
  await expect(page.getByTestId('toast')).toContainText(said('modals.prayerRequest.messages.success.title'));
  await expect(dialog).toHaveCount(0);
  expect(exported('prayer-request').find((r) => r.name === typed)).toMatchObject({ prayerRequest: text });
});

/** The times of day a text names, each as its 24-hour 'HH:MM' (English '<h>:<mm> PM', Urdu
 *  '<part of the day> <h> بجے', the parts from the catalogue), and its other numbers, in order. */
function instantsIn(text: string): { times: string[]; numbers: string[] } {
  const periods = said('calendar.calendarWords.clock.periods')
    .split('؛')
    .map((part) => ({ from: Number(part.split(':')[0]), word: part.split(':')[1].trim() }));
  const periodOf = (hour: number) => periods.filter((p) => p.from <= hour).at(-1)!.word;
  const times: string[] = [];
  const time = (hour: number, minute: string) => times.push(`${String(hour).padStart(2, '0')}:${minute}`);
  const rest = text
    .replace(/(\d{1,2}):(\d\d)\s(AM|PM)/g, (_, h: string, m: string, half: string) => {
      time((Number(h) % 12) + (half === 'PM' ? 12 : 0), m);
      return ' ';
    })
    .replace(new RegExp(`(${periods.map((p) => p.word).join('|')})\\s(\\d{1,2})(?::(\\d\\d))?\\sبجے`, 'g'), (_, word: string, h: string, m?: string) => {
      // The hour of the day read on the 12-hour clock in the part of the day named.
      time([...Array(24).keys()].find((hour) => hour % 12 === Number(h) % 12 && periodOf(hour) === word) ?? -1, m ?? '00');
      return ' ';
    });
  return { times, numbers: rest.match(/\d+/g) ?? [] };
}

test('a time of day reads the same instant in English and in Urdu', () => {
  expect(instantsIn('7:00 PM EST (Thu 5:00 AM your time), 12:30 AM')).toEqual({ times: ['19:00', '05:00', '00:30'], numbers: [] });
  expect(instantsIn('شام 7 بجے، رات 12:30 بجے، رات 9 بجے، دوپہر 12 بجے، 2 دن')).toEqual({ times: ['19:00', '00:30', '21:00', '12:00'], numbers: ['2'] });
});

test.describe('in Karachi, across the clock changes of the United States', () => {
  test.use({ timezoneId: 'Asia/Karachi' });
  const weekdays = [...['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], ...[0, 1, 2, 3, 4, 5, 6].map((d) => said(`calendar.calendarWords.weekdays.${d}`))];
  /** The times, numbers and days the study's status and the visitor's own time show. */
  const instants = async (page: import('@playwright/test').Page, path: string) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const status = page.getByTestId('study-status');
    // Its content is drawn after hydration: the live line, or the countdown with the
    // visitor's own time (Karachi is never the meeting's zone). The prerendered countdown,
    // without the visitor's time, may still stand a moment before the live line replaces it.
    const liveNow = status.getByText(path.startsWith('/ur/') ? said('calendar.calendarWords.liveNow') : 'Live now');
    await expect(status.getByTestId('visitor-local').or(liveNow)).toBeVisible();
    const text = await status.innerText(); // the visitor's own time is within it
    // The days named, by their number (0 is Sunday) in either language.
    const days = [...text.matchAll(new RegExp(weekdays.join('|'), 'g'))].map((m) => weekdays.indexOf(m[0]) % 7);
    return { live: await status.getByTestId('countdown').count() === 0, days, ...instantsIn(text) };
  };
  // A week before and after the spring change (8 March 2026), live in the first EDT
  // week, and either side of the autumn one (1 November 2026).
  for (const at of ['2026-03-04T12:00:00Z', '2026-03-09T12:00:00Z', '2026-03-11T23:15:00Z', '2026-10-28T12:00:00Z', '2026-11-01T05:30:00Z', '2026-11-02T12:00:00Z']) {
    test(`/ur/bible-study at ${at} shows the instants /bible-study shows`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(at));
      const english = await instants(page, '/bible-study');
      // Live (no numbers: "Live now") only in the study's hour; else a countdown and times.
      expect(english.live, JSON.stringify(english)).toBe(at === '2026-03-11T23:15:00Z');
      // Else the start in the study's zone and in the visitor's, and the time left.
      if (!english.live) expect([english.times.length, english.days.length], JSON.stringify(english)).toEqual([2, 2]);
      if (!english.live) expect(english.numbers.length).toBeGreaterThan(1);
      expect(await instants(page, '/ur/bible-study')).toEqual(english);
    });
  }
});

test('a browser that prefers English is offered nothing', async ({ page }) => {
  await page.goto('/about');
  await page.waitForTimeout(300);
  await expect(page.getByTestId('language-offer')).toHaveCount(0);
});

test('@phone at 360 px the Urdu header is mirrored', async ({ page }) => {
  await page.goto('/ur/pakistan');
  const logo = await page.locator('header a[href="/ur/"]').boundingBox();
  const menu = await page.getByRole('button', { name: 'مینو کھولیں' }).boundingBox();
  // The logo at the right, the menu button at the left: the English header mirrored.
  expect(logo!.x + logo!.width).toBeGreaterThan(300);
  expect(menu!.x).toBeLessThan(60);
});

test('the logo links are named first by the wordmark they show, in English and in Urdu (WCAG 2.5.3: a voice command that says "The Well" finds them)', async ({ page }) => {
  for (const [route, rest] of [['/', ', home'], ['/ur/', said('frame.frame.homeAfterName')]]) {
    await page.goto(route);
    for (const part of ['header', 'footer']) {
      const link = page.locator(part).getByRole('link').first();
      await expect(link.locator('[lang="en"]')).toHaveText('The Well');
      // Chromium puts a space between the wordmark and the words hidden after it.
      await expect(link).toHaveAccessibleName(new RegExp(`^The Well ?${rest.trim()}$`));
      await expect(link).toHaveAttribute('href', route);
    }
  }
});

test('the components are laid out in start and end, never left and right, so Urdu mirrors them', () => {
  const physical = /(?<![\w-])-?(?:ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|scroll-ml|scroll-mr)-[\w[\].%/-]+|(?<![\w-])(?:text-left|text-right|float-left|float-right)(?![\w-])/g;
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  const found: string[] = [];
  for (const file of files(join(import.meta.dirname, '..', 'src')).filter((f) => /\.tsx?$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    for (const [i, line] of text.split('\n').entries()) {
      // Only class lists: the words a class names sit in class=, className= or a quoted string of classes.
      for (const match of line.matchAll(/class(?:Name)?=\{?[`"']([^`"']*)|'([^']*\b(?:px|py|flex|rounded|absolute)\b[^']*)'/g)) {
        for (const bad of (match[1] ?? match[2] ?? '').matchAll(physical)) found.push(`${file.split('/src/')[1]}:${i + 1}: ${bad[0]}`);
      }
    }
  }
  expect(found).toEqual([]);
});

/** Where the figures with parts inside `selector` are drawn (see e2e/figures.mjs). */
const drawn = (page: Page, selector: string) =>
  page.evaluate(`(${figuresDrawn})(${JSON.stringify(selector)}, ${JSON.stringify(FIGURE_PATTERN)})`) as Promise<{ read: string[]; reversed: string[] }>;

test('figures read as written on Urdu pages: the Bible references of /ur/beliefs, the study\'s times; the Connect Card\'s age groups in Urdu words, its email and phone left to right', async ({ page }) => {
  // After Arabic letters, "3:16-17" is drawn "17-3:16" unless it is isolated.
  const references = Object.entries(catalogue)
    .filter(([key]) => /^beliefs\.beliefs\.(statements\.\d+|hope)\.ref$/.test(key))
    .map(([, entry]) => entry.text.match(/[0-9]+[:][0-9–-]+/)?.[0])
    .filter(Boolean);
  expect(references.length).toBeGreaterThan(10);
  await page.goto('/ur/beliefs');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const beliefs = await drawn(page, '[data-testid="belief-ref"]');
  expect(beliefs.reversed).toEqual([]);
  expect(beliefs.read.sort()).toEqual([...references].sort());
  // The check sees the fault it guards against: the same kind of reference, not isolated.
  await page.evaluate(() => {
    const bare = document.createElement('p');
    bare.dataset.testid = 'bare-ref';
    bare.textContent = 'یوحنا 4:1-14';
    document.querySelector('main')!.append(bare);
  });
  expect((await drawn(page, '[data-testid="bare-ref"]')).reversed).toEqual([expect.stringMatching(/^4:1-14 drawn at/)]);
  // Urdu has no italics: the references are upright.
  await expect(page.getByTestId('belief-ref').first()).toHaveCSS('font-style', 'normal');

  // The times of the study, its end ("8:30") among them.
  await page.goto('/ur/bible-study');
  const times = await drawn(page, 'main');
  expect(times.reversed).toEqual([]);
  expect(times.read).toEqual(expect.arrayContaining(['8:30']));
  // The age groups as Urdu writes them ("18 سے 24 سال", "55 سال یا زیادہ"), the value sent the English.
  await page.goto('/ur/connect-card');
  const form = page.locator('form');
  for (const age of ['18–24', '25–34', '35–44', '45–54', '55+']) {
    await expect(form.getByRole('radio', { name: said(`forms.generated.FIELD_WORDS.options.${age}`), exact: true })).toHaveAttribute('value', age);
  }
  expect((await drawn(page, 'form')).reversed).toEqual([]);
  // An email or a phone number is typed left to right in any language.
  for (const type of ['email', 'tel']) await expect(page.locator(`form input[type="${type}"]`)).toHaveAttribute('dir', 'ltr');
});

test.describe('a sermon file that carries its Urdu', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(() => {});
  });
  test.afterAll(() => server?.stop());

  test('shows the Urdu in the Urdu sermon pop-up and /ur/media, with and without script; the English elsewhere', async ({ page, browser }) => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    mkdirSync(join(server.dataDir, 'content', 'sermons'), { recursive: true });
    writeFileSync(
      join(server.dataDir, 'content', 'sermons', `${day}-living-water.md`),
      [
        '+++',
        'title = "Living Water"',
        `date = ${day}`,
        'passage = "John 4:1-14"',
        '[[notes]]',
        'heading = "A thirst"',
        '[ur]',
        'title = "زندہ پانی"',
        'passage = "یوحنا 4:1-14"',
        '[[ur.notes]]',
        'heading = "ایک پیاس"',
        'scripture = "یوحنا 4:13-14"',
        '+++',
        'Jesus meets a woman at a well.',
        '+++ ur',
        'یسوع کنویں پر ایک عورت سے ملتے ہیں۔',
        '',
      ].join('\n'),
    );
    await expect.poll(async () => (await (await fetch(`${server.url}/ur/media`)).text()).includes('زندہ پانی'), { timeout: 5_000 }).toBe(true);

    await page.goto(`${server.url}/ur/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: said('home.home.watchNow') }).first().click();
    const dialog = page.getByTestId('sermon-modal');
    await expect(dialog.getByRole('heading', { name: 'زندہ پانی' })).toBeVisible();
    await expect(dialog).toContainText('یسوع کنویں پر ایک عورت سے ملتے ہیں۔');
    await expect(dialog).toContainText('یوحنا 4:1-14');
    // Nothing of it is marked English, and no line says it is in English.
    await expect(dialog.locator('[lang="en"]', { hasText: /Living|Jesus|John/ })).toHaveCount(0);
    await expect(dialog).not.toContainText('انگریزی میں');
    await dialog.getByRole('button', { name: said('modals.sermon.viewNotes') }).click();
    await expect(dialog).toContainText('ایک پیاس');
    // The passage under the title and the note's verses read as written.
    const inDialog = await drawn(page, '[data-testid="sermon-modal"] p');
    expect(inDialog.reversed).toEqual([]);
    expect(inDialog.read).toEqual(expect.arrayContaining(['4:1-14', '4:13-14']));
    await expectAccessible(page, 'the Urdu sermon pop-up with an Urdu sermon');

    const bare = await browser.newContext({ javaScriptEnabled: false });
    const plain = await bare.newPage();
    await plain.goto(`${server.url}/ur/media`);
    const list = plain.getByTestId('sermon-list');
    await expect(list.locator('li h3').first()).toHaveText('زندہ پانی');
    await expect(list).toContainText('یسوع کنویں پر ایک عورت سے ملتے ہیں۔');
    // The server writes the list: its passage reads as written without script too.
    const listed = await drawn(plain, '[data-testid="sermon-list"] li');
    expect(listed.reversed).toEqual([]);
    expect(listed.read).toContain('4:1-14');
    await bare.close();

    await page.goto(`${server.url}/media`);
    await expect(page.getByTestId('sermon-list').locator('li h3').first()).toHaveText('Living Water');
    await expect(page.getByTestId('sermon-list')).not.toContainText('زندہ پانی');
  });
});

// A site in use, read in Urdu from Karachi at several moments: every line the pages
// compute (a skipped week, the visitor's own time, the countdown or the live study, an
// event this week with its default label, the amount raised and its day, the welcome
// pop-up and What's New) in Urdu words.
test.describe('a filled site, read in Urdu at several moments', () => {
  test.use({ timezoneId: 'Asia/Karachi', firstVisit: true });
  let server: OwnServer;
  /** A day `days` from today in New York (the study's zone), YYYY-MM-DD, and its weekday. */
  const nyDay = (days: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'long' }).format(at);
    return { date, weekday };
  };
  /** The next Wednesdays after today in New York. */
  const wednesdays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(nyDay).filter((d) => d.weekday === 'Wednesday');
  test.beforeAll(async () => {
    server = await startOwnServer(({ cli }) => {
      cli('site', 'set', 'building-raised', '12500');
      // The reason as a volunteer gives it: in English, and in Urdu for the Urdu pages.
      cli('schedule', 'skip', 'bible-study', wednesdays[0].date, '--reason', "Pastors' retreat", '--reason-in', 'ur', 'پادریوں کی ریٹریٹ');
      newContent(cli, 'event', '--date', nyDay(2).date, '--title', 'Community lunch');
    });
  });
  test.afterAll(() => server?.stop());

  // The week skipped and its countdown (now); the event's hour; the next week's study
  // live (the event over by then).
  const moments = [
    { name: 'now', at: null, event: true },
    { name: 'the event on', at: () => `${nyDay(2).date}T10:30:00-05:00`, event: true },
    { name: 'the study live', at: () => `${wednesdays[1].date}T19:30:00-05:00`, event: false },
  ];
  for (const { name, at, event } of moments) {
    test(`@desktop every Urdu route, pop-up and computed line reads in Urdu: ${name}`, async ({ page }) => {
      if (at) await page.clock.setFixedTime(new Date(at()));
      const found: string[] = [];
      // The first visit's pop-ups on the home page, the launch then the welcome, then
      // What's New with the event.
      await page.goto(`${server.url}/ur/`);
      for (const testId of ['launch-modal', 'welcome-modal']) {
        const dialog = page.getByTestId(testId);
        await expect(dialog).toBeVisible();
        for (const word of await englishIn(page, `[data-testid="${testId}"]`)) found.push(`${name}, ${testId}: ${word}`);
        await dialog.getByRole('button', { name: said('frame.frame.close'), exact: true }).click();
      }
      await page.getByTestId('floating-buttons').getByRole('button', { name: said('frame.frame.quick.whats-new') }).click();
      const whatsNew = page.getByTestId('whats-new-modal');
      await expect(whatsNew).toBeVisible();
      if (event) await expect(whatsNew).toContainText(said('modals.whatsNew.eventTag'));
      for (const word of await englishIn(page, '[data-testid="whats-new-modal"]')) found.push(`${name}, What's New: ${word}`);
      for (const path of routes.map(ur)) {
        await page.goto(`${server.url}${path}`);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        for (const word of await englishIn(page, 'body')) found.push(`${name}, ${path}: ${word}`);
      }
      expect(found).toEqual([]);
    });
  }

  test('@desktop a skipped week is said in one Urdu sentence: its reason, the next date and the stops Urdu writes', async ({ page }) => {
    await page.goto(`${server.url}/ur/bible-study`);
    const line = page.getByTestId('skipped');
    await expect(line).toContainText('پادریوں کی ریٹریٹ');
    await expect(line).not.toContainText('Pastors');
    await expect(line).toContainText(said('calendar.calendarWords.next').replace(' %when', ''));
    // The time and its zone, named in Urdu, never wrap apart.
    const zone = said('calendar.gatheringWords.zones.eastern').replace(/ /g, '\u00a0');
    expect(await line.innerText()).toMatch(new RegExp(`\\d\u00a0بجے\u00a0\\(${zone}\\)`));
    // The Urdu comma and full stop (، ۔), never the Latin ones.
    expect(await line.innerText()).not.toMatch(/[,.]/);
    expect(await line.innerText()).toMatch(/۔$/);
    // The English pages keep the English reason.
    await page.goto(`${server.url}/bible-study`);
    await expect(page.getByTestId('skipped')).toContainText("(Pastors' retreat)");
  });

  test('@desktop the building line says the sum and its day as Urdu writes them', async ({ page }) => {
    await page.goto(`${server.url}/ur/pakistan-building`);
    const line = page.locator('main p', { hasText: '12,500' }).first();
    await expect(line).toContainText('12,500 ڈالر');
    await expect(line).toContainText('35,000 ڈالر');
    await expect(line).toContainText('35 فیصد');
    const months = said('calendar.calendarWords.months.0');
    expect(months).toMatch(URDU);
    await expect(page.locator('main')).not.toContainText(/January|February|March|April|May|June|July|August|September|October|November|December/);
    expect((await drawn(page, 'main p')).reversed).toEqual([]);
    // A large sum in crore (the setting holds "$100 million"'s dollars), the English in millions.
    await page.goto(`${server.url}/ur/the-city`);
    await expect(page.locator('main')).toContainText('10 کروڑ ڈالر');
    await expect(page.locator('main')).not.toContainText('million');
    await page.goto(`${server.url}/the-city`);
    await expect(page.locator('main')).toContainText('$100 million');
  });
});

test('the Donate link of an Urdu page leads to its Urdu page while giving is not set', async ({ page }) => {
  await page.goto('/ur/');
  const donate = page.locator('header a[href="/ur/go/giving"]').first();
  await expect(donate).toHaveAttribute('target', '_blank');
  // (followed as the new tab does: a page without the site's script)
  await page.evaluate(() => location.assign('/ur/go/giving'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('h1')).toHaveText(said('parts.generated.PART_WORDS.said.goGivingHeading'));
  await expect(page.getByRole('link', { name: said('parts.generated.PART_WORDS.said.contactUs') })).toHaveAttribute('href', '/ur/contact');
  expect(await englishIn(page, 'body')).toEqual([]);
});
