// Forms with JavaScript off (issue 52): the browser sends the form itself and the server
// answers with the page, its problems beside their fields and the answers kept, then its
// thank-you; the export holds each submission once, as typed.
import { readFileSync } from 'node:fs';
import { exported } from './export';
import { expect, test } from './fixtures';

for (const [route, words] of [
  ['/contact', { send: 'Send Message', thanks: 'Message Sent!' }],
  ['/ur/contact', { send: null, thanks: null }],
] as const) {
  test(`${route}: the contact form without JavaScript, sent once with a missing field and once complete`, async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = `Plain-${info.project.name}-${Date.now()}`;
    await page.goto(route);
    const form = page.locator('form[data-form="contact"]');
    await form.locator('[name="firstName"]').fill('Ana');
    await form.locator('[name="lastName"]').fill(marker);
    // An address the browser's own check lets through (it asks for an @ only) and the
    // server's refuses (a dotted domain): the problem the server shows on the page.
    await form.locator('[name="email"]').fill('ana@localhost');
    await form.locator('[name="subject"]').fill('آج کی دعا');
    await form.locator('[name="message"]').fill('Line one\nمیں آپ سے ملنا چاہتا ہوں');
    const submit = form.locator('button[type="submit"]');
    if (words.send) await expect(submit).toHaveText(words.send);
    await submit.click();
    await page.waitForLoadState();
    const email = form.locator('[name="email"]');
    await expect(page.locator('[data-error-for="email"]')).toBeVisible();
    await expect(page.locator('[data-error-for="email"]')).not.toBeEmpty();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveValue('ana@localhost');
    await expect(page.locator('[data-form-problem]')).toBeVisible();
    await expect(form.locator('[name="lastName"]')).toHaveValue(marker);
    await expect(form.locator('[name="subject"]')).toHaveValue('آج کی دعا');
    await expect(form.locator('[name="message"]')).toHaveValue('Line one\nمیں آپ سے ملنا چاہتا ہوں');
    expect(exported('contact').filter((row) => row.lastName === marker)).toEqual([]);

    await email.fill('ana@example.com');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\?sent=contact/);
    const thanks = page.locator('[data-form-thanks]');
    await expect(thanks).toBeVisible();
    if (words.thanks) await expect(thanks).toContainText(words.thanks);
    await expect(page.locator('[data-form-problem]')).toBeHidden();
    expect(exported('contact').filter((row) => row.lastName === marker)).toEqual([
      expect.objectContaining({ firstName: 'Ana', email: 'ana@example.com', subject: 'آج کی دعا', message: 'Line one\nمیں آپ سے ملنا چاہتا ہوں' }),
    ]);
    await context.close();
  });
}

test('the mailing list on /worship without JavaScript', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `plain-${info.project.name}-${Date.now()}@example.com`;
  await page.goto('/worship');
  const form = page.locator('form[data-form="subscription"]');
  await form.locator('[name="email"]').fill(email);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\?sent=subscription/);
  await expect(page.locator('[data-form-thanks]')).toBeVisible();
  expect(exported('subscription').filter((row) => row.email === email)).toEqual([expect.objectContaining({ list: 'music' })]);
  await context.close();
});

test("the Bible study's calendar link on /europe and /ur/europe without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [route, name] of [['/europe', 'Add to calendar'], ['/ur/europe', 'کیلنڈر میں شامل کریں']]) {
    await page.goto(route);
    const link = page.getByTestId('europe-next').getByRole('link', { name });
    await expect(link, route).toBeVisible();
    const file = await page.request.get((await link.getAttribute('href'))!);
    expect(file.status(), route).toBe(200);
    expect(file.headers()['content-type']).toContain('text/calendar');
    expect(await file.text()).toMatch(/BEGIN:VEVENT[\s\S]*RRULE:FREQ=WEEKLY;BYDAY=WE/);
  }
  await context.close();
});

test('without JavaScript no clock or countdown stands empty; with it they are there', async ({ browser }) => {
  const routes = ['/bible-study', '/europe-bible-study', '/europe', '/ur/bible-study', '/ur/europe-bible-study', '/ur/europe'];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(route);
      // (index.html hides every [data-needs-script] without script; in <main> here: the clock and the countdown.)
      const parts = page.locator('main [data-needs-script]');
      expect(await parts.count(), route).toBeGreaterThan(0);
      for (const part of await parts.all()) {
        if (javaScriptEnabled) await expect(part, route).toBeVisible();
        else await expect(part, route).toBeHidden();
      }
      // The clock's zone line is filled once script runs (its test id comes with the time).
      if (javaScriptEnabled) await expect(page.getByTestId(route.includes('europe') ? /berlin-clock|zone-clock/ : 'zone-clock').first(), route).toBeVisible();
    }
    await context.close();
  }
});

/** Each pop-up form: where a button opens it, its own page, and a submission as a
 *  visitor fills it in (`blank`: a required field given only spaces, which the
 *  browser's own check lets through and the server's refuses). */
const popUpForms = [
  {
    popUp: 'prayer-request', api: 'prayer-request', opener: '/ur/about', lang: 'ur', marker: 'name', blank: 'prayerRequest',
    text: { phone: '0300 1234567', prayerRequest: 'میرے خاندان کے لیے دعا کریں\nLine two' },
    tick: [],
  },
  {
    popUp: 'connect-card', api: 'connect-card', opener: '/new-here', lang: 'en', marker: 'lastName', blank: 'firstName',
    text: { firstName: 'Ana', phone: '954 555 0101', email: 'ana@example.com', prayerRequest: 'For my mother' },
    tick: [['ageGroup', '25–34'], ['nextSteps', 'I want to be baptized'], ['nextSteps', 'I want to join a Bible study'], ['consent', 'true']],
    select: ['howDidYouHear', 'website'],
  },
  {
    popUp: 'serve', api: 'serve-interest', opener: '/get-involved', lang: 'en', marker: 'lastName', blank: 'phone',
    text: { firstName: 'Ben', email: 'ben@example.com', phone: '954 555 0102' },
    tick: [['servicePreference', 'Photography'], ['servicePreference', 'Kids Ministry'], ['availability', 'Sundays'], ['consent', 'true']],
  },
  {
    popUp: 'north-campus', api: 'north-campus-interest', opener: '/ur/united-states', lang: 'ur', marker: 'lastName', blank: 'firstName',
    text: { firstName: 'سارہ', email: 'sara@example.com', questions: 'کیا بچوں کے لیے کچھ ہے؟' },
    tick: [['interests', 'Joining the launch team'], ['consent', 'true']],
  },
  {
    popUp: 'launch', api: 'church-launch-response', opener: '/', lang: 'en', marker: 'name', blank: 'email',
    text: { phone: '954 555 0103', email: 'dan@example.com' },
    tick: [],
  },
] as const;

for (const c of popUpForms) {
  test(`the ${c.popUp} pop-up's form without JavaScript: reached from ${c.opener} by its link, refused once, then stored once`, async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const address = `${c.lang === 'ur' ? '/ur' : ''}/${c.popUp}`;
    const marker = `Plain-${info.project.name}-${Date.now()}`;
    await page.goto(c.opener);
    const link = page.locator(`a[data-pop-up="${c.popUp}"]:visible, [data-without-script] a[href="${address}"]:visible`).first();
    await expect(link).toHaveAttribute('href', address);
    await link.click();
    await page.waitForURL((url) => url.pathname === address);
    const form = page.locator(`form[data-form="${c.api}"]`);
    await expect(form).toBeVisible();

    const text: Record<string, string> = { ...c.text, [c.marker]: marker };
    for (const [name, value] of Object.entries(text)) await form.locator(`[name="${name}"]`).fill(value);
    await form.locator(`[name="${c.blank}"]`).fill('   ');
    for (const [name, value] of c.tick) await form.locator(`[name="${name}"][value="${value}"]`).check();
    if ('select' in c) await form.locator(`[name="${c.select[0]}"]`).selectOption(c.select[1]);
    await form.locator('button[type="submit"]').click();
    await page.waitForLoadState();
    await expect(page.locator(`[data-error-for="${c.blank}"]`)).toBeVisible();
    await expect(form.locator(`[name="${c.blank}"]`)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-form-problem]')).toBeVisible();
    // Every answer is kept: typed, ticked and chosen.
    for (const [name, value] of Object.entries(text)) if (name !== c.blank) await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
    for (const [name, value] of c.tick) await expect(form.locator(`[name="${name}"][value="${value}"]`)).toBeChecked();
    if ('select' in c) await expect(form.locator(`[name="${c.select[0]}"]`)).toHaveValue(c.select[1]);
    expect(exported(c.api).filter((row) => row[c.marker] === marker)).toEqual([]);

    await form.locator(`[name="${c.blank}"]`).fill(text[c.blank]);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(new RegExp(`\\?sent=${c.api}`));
    await expect(page.locator('[data-form-thanks]')).toBeVisible();
    const rows = exported(c.api).filter((row) => row[c.marker] === marker);
    const ticked: Record<string, unknown> = {};
    for (const [name, value] of c.tick) {
      if (name === 'consent') ticked.consent = true;
      else if (name === 'ageGroup') ticked.ageGroup = value;
      else ticked[name] = [...((ticked[name] as string[]) ?? []), value];
    }
    expect(rows).toEqual([expect.objectContaining({ ...text, ...ticked, ...('select' in c ? { [c.select[0]]: c.select[1] } : {}) })]);
    await context.close();
  });
}

test('without JavaScript, every pop-up form is a link to its own page, on every route and in every language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const routes: string[] = JSON.parse(readFileSync(new URL('../dist/routes.json', import.meta.url), 'utf8'));
  const prefixes = ['', ...JSON.parse(readFileSync(new URL('../dist/languages.json', import.meta.url), 'utf8')).map((l: { code: string }) => `/${l.code}`)];
  const seen = new Set<string>();
  for (const prefix of prefixes) {
    for (const route of routes) {
      const at = route === '/' ? `${prefix}/` : `${prefix}${route}`;
      await page.goto(at);
      // No button that opens a pop-up is shown without the script that would open it.
      expect(await page.locator('button[aria-haspopup="dialog"]:visible').count(), at).toBe(0);
      for (const link of await page.locator('a[data-pop-up]:visible').all()) {
        const name = await link.getAttribute('data-pop-up');
        expect(await link.getAttribute('href'), `${at}: ${name}`).toBe(`${prefix}/${name}`);
        seen.add(`${prefix}/${name}`);
      }
    }
  }
  // Every pop-up form but the launch's (its pop-up opens by itself; home has a link) has an opener.
  expect([...seen].sort()).toEqual(prefixes.flatMap((p) => ['connect-card', 'north-campus', 'prayer-request', 'serve'].map((n) => `${p}/${n}`)).sort());
  await context.close();
});
