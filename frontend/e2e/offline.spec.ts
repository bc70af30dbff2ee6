// Without a signal: pages seen before stay readable (with a line saying they are the
// phone's copy), an address never seen shows the offline page, every dialog opens,
// forms typed offline are kept and sent once by themselves when the signal returns;
// online, a changed setting shows at once. The service worker is allowed here only.
import type { BrowserContext, Page } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { exported } from './export';
import { expect, test } from './fixtures';
import { modalCases } from './modalCases';
import { startOwnServer, type OwnServer } from './server';
import { newContent } from './thewell.mjs';

test.use({ serviceWorkers: 'allow' });

/** The paths of the pages the service worker has saved. */
function savedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('thewell-pages'))) return [];
    const keys = await (await caches.open('thewell-pages')).keys();
    return keys.map((r) => new URL(r.url).pathname);
  });
}

/** Waits until the worker controls the page and has saved each of `paths`. */
async function saved(page: Page, ...paths: string[]): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => savedPaths(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(paths));
}

/** Opens the prayer request, fills it and presses Send without a signal: kept on the phone. */
async function prayOffline(page: Page, name: string, request: string): Promise<void> {
  await page.getByRole('link', { name: 'Prayer Request' }).click();
  const dialog = page.getByTestId('prayer-request-modal');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Prayer request' }).fill(request);
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved on this phone');
  await expect(page.getByTestId('toast')).toContainText('It will be sent when you are back online.');
  await expect(dialog).toHaveCount(0);
}

/** Without errors but the browser's own lines about requests that failed offline. */
function onlyOfflineErrors(errors: string[]): void {
  expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to (load|fetch)/.test(e))).toEqual([]);
  errors.length = 0;
}

async function offline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('pages seen online stay readable offline, say they are saved copies, and an unseen address shows the offline page', async ({ page, context, errors }) => {
  await page.goto('/');
  await page.goto('/bible-study');
  await saved(page, '/', '/bible-study', '/offline.html');
  // The schedule seen online gives the times offline.
  await expect(page.getByTestId('study-status')).toContainText(/Next|Live/i);
  await offline(context, page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Global Bible Study' })).toBeVisible();
  await expect(page.getByTestId('saved-line')).toContainText(/You are offline\. This is the copy saved on this phone today at \d{1,2}:\d{2} [AP]M\./);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Love God. Love People.');
  await expect(page.getByTestId('saved-line')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/bible-study$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Global Bible Study' })).toBeVisible();
  await expect(page.getByTestId('saved-line')).toBeVisible();

  // Moving within the site to a page never opened: it is not the saved copy, and no line says so.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Beliefs' }).click();
  await expect(page).toHaveURL(/\/beliefs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What We Believe' })).toBeVisible();
  await expect(page.getByTestId('saved-line')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId('saved-line')).toBeVisible();

  await page.goto('/leadership');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByTestId('saved-line')).toHaveCount(0);
  const savedList = page.getByTestId('saved-pages');
  await expect(savedList.getByRole('link', { name: 'Global Bible Study' })).toBeVisible();
  await expect(savedList.getByRole('link', { name: 'The Well' })).toBeVisible();
  // The Bible-study times, from the schedule saved on the phone, in its zone and the visitor's.
  await expect(page.getByTestId('offline-study')).toContainText(/Wednesday 7:00\sPM\sE[SD]T \(.+ your time\)/);
  await expect(page.getByRole('link', { name: 'the form on our contact page' })).toBeVisible();
  // A saved page opens from the offline page's list.
  await savedList.getByRole('link', { name: 'Global Bible Study' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Global Bible Study' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('saved-line').getByRole('button', { name: 'Load the latest' })).toBeVisible();
  onlyOfflineErrors(errors);
});

test('every dialog opens offline on a page seen before', async ({ page, context, errors }) => {
  const routes = [...new Set(modalCases.map((c) => c.route))];
  for (const route of routes) await page.goto(route);
  await saved(page, ...routes);
  await offline(context, page);
  for (const c of modalCases) {
    await page.goto(c.route);
    await expect(page.getByTestId('saved-line')).toBeVisible();
    await c.opener(page).click();
    const dialog = page.getByTestId(c.testId);
    await expect(dialog, `${c.name} opens offline`).toBeVisible();
    await expect(dialog.getByText(c.content[0], { exact: false }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  onlyOfflineErrors(errors);
});

test('a prayer request and a Connect Card sent offline are kept through closing and reload, then stored once by themselves', async ({ page, context, errors }, info) => {
  const marker = `Offline-${info.project.name}-${Date.now()}`;
  await page.goto('/new-here');
  await saved(page, '/new-here');
  await offline(context, page);

  // The prayer request: typed, sent without a signal, kept.
  await prayOffline(page, marker, 'For the road home.');
  await page.getByRole('link', { name: 'Prayer Request' }).click();
  let dialog = page.getByTestId('prayer-request-modal');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(marker);
  await expect(dialog.getByTestId('on-phone')).toHaveText('Saved on this phone. It will be sent when you are back online.');
  await page.keyboard.press('Escape');

  // The Connect Card: typed, closed before sending (kept), reopened and sent.
  await page.getByRole('link', { name: 'Fill Out a Connect Card' }).click();
  dialog = page.getByTestId('connect-card-modal');
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Card');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(marker);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('card@example.org');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Fill Out a Connect Card' }).click();
  // Offered, not filled in: the phone may be in other hands now.
  await expect(dialog.getByTestId('on-phone')).toContainText('Continue the answers kept on this phone?');
  await expect(dialog.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue(marker);
  await expect(dialog.getByTestId('on-phone')).toHaveCount(0);
  await dialog.getByLabel(/phone, email or text/).check();
  await dialog.getByRole('button', { name: 'Submit Connect Card' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved on this phone');

  // A reload without a signal: the page from the phone, the answers still there.
  await page.reload();
  await page.getByRole('link', { name: 'Prayer Request' }).click();
  await expect(page.getByTestId('prayer-request-modal').getByRole('textbox', { name: 'Prayer request' })).toHaveValue('For the road home.');
  await page.keyboard.press('Escape');
  expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(0);

  // The signal returns: both go by themselves, once each, and the visitor is told.
  // Each is confirmed, neither hidden behind the other (in one toast when they go
  // together, one after the other when they do not): every toast shown is recorded.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { toastsSeen: string[] }).toastsSeen = []);
    new MutationObserver(() => document.querySelectorAll('[data-testid="toast"]').forEach((t) => seen.push(t.textContent ?? ''))).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await context.setOffline(false);
  const toastsSeen = () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen.join(' | '));
  await expect.poll(toastsSeen, { timeout: 15_000 }).toContain('Prayer Request Submitted');
  await expect.poll(toastsSeen, { timeout: 15_000 }).toContain('Connect Card Submitted!');
  expect(await toastsSeen()).toMatch(/sent now that you are back online/i);
  await expect.poll(() => exported('prayer-request').filter((r) => r.name === marker).length).toBe(1);
  await expect.poll(() => exported('connect-card').filter((r) => r.lastName === marker).length).toBe(1);
  await page.getByRole('link', { name: 'Prayer Request' }).click();
  await expect(page.getByTestId('prayer-request-modal').getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(page.getByTestId('prayer-request-modal').getByTestId('on-phone')).toHaveCount(0);
  // A later visit sends nothing again.
  await page.reload();
  await page.waitForTimeout(500);
  expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(1);
  expect(exported('connect-card').filter((r) => r.lastName === marker)).toHaveLength(1);
  onlyOfflineErrors(errors);
});

test('a submission kept on the phone goes by itself after the page was closed, and the next page says so', async ({ page, context, errors }, info) => {
  const marker = `Later-${info.project.name}-${Date.now()}`;
  await page.goto('/about');
  await saved(page, '/about');
  await offline(context, page);
  await prayOffline(page, marker, 'Sent from the train.');
  await page.close();

  // Back online, later: the service worker (Background Sync) or the next page sends it; once.
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/about');
  await expect(next.getByTestId('toast')).toContainText('Sent now that you are back online.');
  await expect(next.getByTestId('toast')).toContainText('Prayer Request Submitted');
  await expect.poll(() => exported('prayer-request').filter((r) => r.name === marker).length).toBe(1);
  await next.reload();
  await expect(next.getByTestId('toast')).toHaveCount(0);
  expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(1);
  onlyOfflineErrors(errors);
});

test.describe('a week skipped, offline @desktop', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(({ cli }) => {
      cli('schedule', 'skip', 'bible-study', '2026-12-02', '--reason', 'Christmas outreach');
    });
  });
  test.afterAll(() => server?.stop());

  test('the offline page computes the next study from the saved schedule, the skipped week left out', async ({ page, context, errors }) => {
    // Wednesday 2026-11-25, morning in New York: the schedule seen online.
    await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z'));
    await page.goto(`${server.url}/bible-study`);
    await saved(page, '/bible-study', '/offline.html');
    await expect(page.getByTestId('countdown')).toHaveText('12 hours and 0 minutes');
    await offline(context, page);
    // That evening's study is over; the next Wednesday is skipped.
    await page.clock.setFixedTime(new Date('2026-11-26T02:00:00Z'));
    await page.goto(`${server.url}/about`);
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByTestId('offline-study')).toContainText('No Bible study on Wednesday, December 2 (Christmas outreach). Next: Wednesday, December 9, 7:00 PM EST');
    onlyOfflineErrors(errors);
  });
});

test.describe('on a server of its own', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer(({ dataDir }) => {
      mkdirSync(join(dataDir, 'photos'));
      copyFileSync(join(import.meta.dirname, 'files', 'photo.jpg'), join(dataDir, 'photos', 'sunday-worship-in-plantation.jpg'));
    });
  });
  test.afterAll(() => server?.stop());

  test('saving data (Save-Data: on), no photo loads until it is asked for', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' }, serviceWorkers: 'block' });
    // The first visit's pop-ups seen, as in every other test.
    await context.addInitScript(() => {
      localStorage.setItem('hasSeenChurchLaunch', 'true');
      localStorage.setItem('hasSeenGlobalWelcome', 'true');
    });
    const page = await context.newPage();
    const photos: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/photos/')) photos.push(r.url());
    });
    await page.goto(`${server.url}/`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
    expect(photos, 'photos loaded before being asked for').toEqual([]);
    const show = page.getByRole('button', { name: 'Show photo: Sunday worship in Plantation' });
    await show.scrollIntoViewIfNeeded();
    await show.click();
    const photo = page.locator('[data-photo="sunday-worship-in-plantation"] img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(photos).toHaveLength(1);
    await context.close();

    // Without it, the photo is in the page as the server writes it.
    const plain = await browser.newContext({ serviceWorkers: 'block' });
    const html = await (await plain.request.get(`${server.url}/`)).text();
    expect(html).toMatch(/<picture><source type="image\/webp" srcset="\/photos\/sunday-worship-in-plantation\./);
    await plain.close();
  });

  /** Waits until the server itself serves `text` at `path` (it reads changes within seconds). */
  async function served(path: string, text: string): Promise<void> {
    await expect.poll(async () => (await (await fetch(`${server.url}${path}`)).text()).includes(text), { timeout: 15_000 }).toBe(true);
  }

  test('online, a new sermon video and a new sermon show on the next page view, never the saved copy', async ({ page }) => {
    await page.goto(`${server.url}/`);
    await page.goto(`${server.url}/media`);
    await saved(page, '/', '/media');
    server.cli('site', 'set', 'sermon-video', 'https://youtu.be/ScMzIvxBSi4');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    newContent(server.cli, 'sermon', '--title', 'Water From The Rock', '--date', today);
    await served('/', 'ScMzIvxBSi4');
    await served('/media', 'Water From The Rock');

    await page.goto(`${server.url}/`);
    await expect(page.getByTestId('saved-line')).toHaveCount(0);
    expect(await page.locator('#site-settings').textContent()).toContain('ScMzIvxBSi4');
    await page.goto(`${server.url}/media`);
    await expect(page.getByTestId('saved-line')).toHaveCount(0);
    await expect(page.getByTestId('sermon-list').locator('li h3').first()).toHaveText('Water From The Rock');
    // The saved copies are the new ones too.
    const savedMedia = await page.evaluate(async () => (await (await caches.open('thewell-pages')).match('/media'))?.text());
    expect(savedMedia).toContain('Water From The Rock');
  });
});

/** The records the phone keeps for the forms (src/offline/phoneStore.ts), read from IndexedDB. */
function phoneRecords(page: Page): Promise<{ id: string; values: Record<string, unknown>; waiting?: unknown }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('thewell');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('forms')) return resolve([]);
          const all = db.transaction('forms').objectStore('forms').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Types a prayer request without sending it, and closes the dialog (kept on the phone). */
async function typePrayer(page: Page, name: string, request: string): Promise<void> {
  await page.getByRole('link', { name: 'Prayer Request' }).click();
  const dialog = page.getByTestId('prayer-request-modal');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Prayer request' }).fill(request);
  // The answers are written once typing pauses.
  await expect.poll(async () => (await phoneRecords(page)).some((r) => r.values.name === name)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test.describe('a shared phone forgets @desktop', () => {
  test('an unsent prayer is offered, not filled in; Discard deletes it; after 24 hours it is deleted by itself', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-24T15:00:00Z') });
    await page.goto('/about');
    await typePrayer(page, 'Shared Phone', 'my divorce and my debts');

    // The next person to open the form sees a question, not the words.
    await page.getByRole('link', { name: 'Prayer Request' }).click();
    const dialog = page.getByTestId('prayer-request-modal');
    await expect(dialog.getByTestId('on-phone')).toHaveText(/Continue the answers kept on this phone\?\s*Continue\s*Discard/);
    await expect(dialog.getByRole('textbox', { name: 'Prayer request' })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog.getByTestId('on-phone')).toHaveCount(0);
    await expect.poll(() => phoneRecords(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Typed again and left: a day and an hour later it is gone from the phone itself.
    await typePrayer(page, 'Shared Phone', 'my divorce and my debts');
    await page.clock.fastForward('25:00:00');
    await page.getByRole('link', { name: 'Prayer Request' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Prayer request' })).toHaveValue('');
    await expect(dialog.getByTestId('on-phone')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(() => phoneRecords(page)).toEqual([]);
  });

  test('a submission that finds no signal for 7 days is deleted, the visitor told, and never sent', async ({ page, context, errors }, info) => {
    const marker = `Expired-${info.project.name}-${Date.now()}`;
    await page.clock.install({ time: new Date('2026-11-24T15:00:00Z') });
    await page.goto('/about');
    await saved(page, '/about');
    await offline(context, page);
    await prayOffline(page, marker, 'Sent from the mountains.');
    expect((await phoneRecords(page)).filter((r) => r.waiting)).toHaveLength(1);

    await page.clock.fastForward(169 * 3600 * 1000);
    await page.reload();
    await expect(page.getByTestId('toast')).toContainText('Not sent');
    await expect(page.getByTestId('toast')).toContainText('found no signal for 7 days, so this phone has deleted it. Please send it again.');
    await expect.poll(() => phoneRecords(page)).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await page.waitForTimeout(2_000);
    expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(0);
    onlyOfflineErrors(errors);
  });

  test('"Forget what this phone keeps" deletes the unsent answers, the waiting submission and the saved pages', async ({ page, context, errors }, info) => {
    const marker = `Forget-${info.project.name}-${Date.now()}`;
    await page.goto('/new-here');
    await saved(page, '/new-here');
    await page.goto('/about');
    await saved(page, '/new-here', '/about');
    await typePrayer(page, marker, 'Typed, never sent.');
    await offline(context, page);
    await page.goto('/new-here');
    await page.getByRole('link', { name: 'Fill Out a Connect Card' }).click();
    const card = page.getByTestId('connect-card-modal');
    await card.getByRole('textbox', { name: 'First name', exact: true }).fill('Card');
    await card.getByRole('textbox', { name: 'Last name', exact: true }).fill(marker);
    await card.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
    await card.getByRole('textbox', { name: 'Email', exact: true }).fill('card@example.org');
    await card.getByLabel(/phone, email or text/).check();
    await card.getByRole('button', { name: 'Submit Connect Card' }).click();
    await expect(page.getByTestId('toast')).toContainText('Saved on this phone');
    expect(await phoneRecords(page)).toHaveLength(2);

    // Asked first; a visitor who says no keeps everything.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByTestId('forget-phone').click();
    expect(await phoneRecords(page)).toHaveLength(2);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('answers not yet sent, anything waiting to be sent, and the saved pages');
      void dialog.accept();
    });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Forget what this phone keeps' }).click();
    await expect(page.getByTestId('toast')).toContainText('This phone no longer keeps anything from this site.');
    expect(await phoneRecords(page)).toEqual([]);
    expect(await savedPaths(page)).toEqual([]);

    // The signal returns: nothing goes out.
    await context.setOffline(false);
    await page.reload();
    await page.waitForTimeout(2_000);
    expect(exported('connect-card').filter((r) => r.lastName === marker)).toHaveLength(0);
    expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(0);
    onlyOfflineErrors(errors);
  });

  test('the worker saves no page the server marks no-store, and offers no copy older than 30 days', async ({ page, context, errors }) => {
    await page.goto('/about');
    await saved(page, '/about');
    // /go/giving answers "coming soon" with Cache-Control: no-store while giving is not set.
    const coming = await page.request.get('/go/giving', { maxRedirects: 0 });
    expect(coming.headers()['cache-control']).toBe('no-store');
    // (a page without the site's script: navigated to as a link would)
    await page.evaluate(() => location.assign('/go/giving'));
    await expect(page.locator('h1')).toHaveText('Online giving opens soon');
    await page.goto('/groups');
    await saved(page, '/about', '/groups');
    expect(await savedPaths(page)).not.toContain('/go/giving');

    // The copy of /groups made as if saved 31 days ago: never offered, and deleted.
    await page.evaluate(async () => {
      const pages = await caches.open('thewell-pages');
      const copy = await pages.match('/groups');
      const headers = new Headers(copy!.headers);
      headers.set('x-thewell-saved-at', new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString());
      await pages.put('/groups', new Response(await copy!.text(), { status: 200, headers }));
    });
    await offline(context, page);
    await page.goto('/groups');
    await expect(page.locator('h1')).toHaveText("You're offline");
    expect(await savedPaths(page)).not.toContain('/groups');
    // The copy of /about, a moment old, is still offered.
    await page.goto('/about');
    await expect(page.locator('h1')).toHaveText('About The Well');
    onlyOfflineErrors(errors);
  });
});

test('a form the browser sent itself without a signal (the page not yet alive) is kept by the worker, then stored once', async ({ page, context, errors }, info) => {
  const marker = `Plain-offline-${info.project.name}-${Date.now()}`;
  await page.goto('/prayer-request');
  await saved(page, '/prayer-request');
  await offline(context, page);
  const form = page.locator('form[data-form="prayer-request"]');
  await form.locator('[name="name"]').fill(marker);
  await form.locator('[name="prayerRequest"]').fill('دعا: for the way home');
  // Sent as the browser sends a form its page's script has not taken over yet.
  await form.evaluate((element: HTMLFormElement) => HTMLFormElement.prototype.submit.call(element));
  await page.waitForLoadState();
  await expect(page.locator('[data-form-waiting]')).toBeVisible();
  await expect(page.locator('[data-form-waiting]')).toHaveText('Saved on this phone. It will be sent when you are back online.');
  expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(0);

  await context.setOffline(false);
  await page.goto('/about');
  await expect(page.getByTestId('toast')).toContainText('Prayer Request Submitted', { timeout: 15_000 });
  await expect.poll(() => exported('prayer-request').filter((r) => r.name === marker)).toEqual([expect.objectContaining({ prayerRequest: 'دعا: for the way home' })]);
  // Nothing is sent again.
  await page.reload();
  await page.waitForTimeout(500);
  expect(exported('prayer-request').filter((r) => r.name === marker)).toHaveLength(1);
  onlyOfflineErrors(errors);
});
