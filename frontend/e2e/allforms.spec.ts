// Every form's UI on the shared plumbing: client rules, the success toast and the
// submission in `thewell export`, and the failure toast with entries kept.
import type { Page } from '@playwright/test';
import { exported } from './export';
import { expect, test } from './fixtures';

const unique = (label: string, project: string) => `${label}-${project}-${Date.now()}`;

async function openModal(page: Page, route: string, button: string, testId: string) {
  await page.goto(route);
  await page.getByRole('button', { name: button }).or(page.getByRole('link', { name: button })).first().click();
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  return dialog;
}

test('prayer request: missing answers stop it with a toast; a full one is stored', async ({ page }, info) => {
  let sent = 0;
  page.on('request', (r) => r.url().endsWith('/api/prayer-request') && sent++);
  const dialog = await openModal(page, '/about', 'Prayer Request', 'prayer-request-modal');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
  await dialog.getByLabel('Prayer request').fill('   ');
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByRole('alert')).toContainText('Missing Information');
  await expect(page.getByRole('alert')).toContainText('Please fill in your name and prayer request.');
  // Each empty field is marked where it is.
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Prayer request')).toHaveAccessibleDescription('Please write your prayer request.');
  // The toast is above the dialog, not behind its backdrop: it is what a tap on it
  // reaches, and its close button works.
  const toast = page.getByTestId('toast');
  const box = (await toast.boundingBox())!;
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="toast"]') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(hit).toBe(true);
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
  await expect(dialog).toBeVisible();
  // With the request written, only the name is asked for.
  await dialog.getByLabel('Prayer request').fill('For my family');
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByRole('alert')).toContainText('Please fill in your name.');
  await expect(page.getByRole('alert')).not.toContainText('prayer request.');
  expect(sent).toBe(0);
  const name = unique('Maryam', info.project.name);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('0300 1234567');
  await dialog.getByLabel('Prayer request').fill('میری ماں کی صحت کے لیے دعا کریں');
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByTestId('toast')).toContainText('Prayer Request Submitted');
  await expect(page.getByTestId('toast')).toContainText('Our team will be praying for you.');
  await expect(dialog).toHaveCount(0);
  expect(exported('prayer-request').find((r) => r.name === name)).toMatchObject({ phone: '0300 1234567', prayerRequest: 'میری ماں کی صحت کے لیے دعا کریں' });
});

test('prayer request failure keeps the entries and the window open', async ({ page, errors }) => {
  const dialog = await openModal(page, '/about', 'Prayer Request', 'prayer-request-modal');
  await page.route('**/api/prayer-request', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x","fields":{}}' }));
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Kept');
  await dialog.getByLabel('Prayer request').fill('Still here');
  await dialog.getByRole('button', { name: 'Submit Prayer Request' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to submit prayer request. Please try again.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Prayer request')).toHaveValue('Still here');
  errors.length = 0; // the browser logs the 503 this test asked for
});

test('North Campus interest is stored with its interests and consent', async ({ page }, info) => {
  const dialog = await openModal(page, '/united-states', 'Interested in Learning More', 'north-campus-modal');
  const last = unique('Ruiz', info.project.name);
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ana');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@example.com');
  await dialog.getByLabel('City and state').fill('Wilmington, DE');
  await dialog.getByLabel('Joining the launch team').check();
  await dialog.getByLabel('Supporting through prayer and encouragement').check();
  await dialog.getByRole('button', { name: 'Submit Interest' }).click();
  // Consent is required: the browser holds the form back until it is ticked.
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/I agree to be contacted/).check();
  await dialog.getByRole('button', { name: 'Submit Interest' }).click();
  await expect(page.getByTestId('toast')).toContainText('Interest Submitted!');
  await expect(dialog).toHaveCount(0);
  expect(exported('north-campus-interest').find((r) => r.lastName === last)).toMatchObject({
    location: 'Wilmington, DE',
    interests: ['Joining the launch team', 'Supporting through prayer and encouragement'],
    consent: true,
  });
});

test('Connect Card: the age group is one choice that clears on a second tap; lists toggle; stored', async ({ page }, info) => {
  const dialog = await openModal(page, '/new-here', 'Fill Out a Connect Card', 'connect-card-modal');
  const last = unique('Card', info.project.name);
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ana');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@example.com');
  const age = dialog.getByLabel('25–34');
  await age.check();
  await expect(age).toBeChecked();
  await dialog.getByLabel('35–44').check();
  await expect(age).not.toBeChecked();
  // Radio buttons (a single choice looks like one); choosing the chosen one again still clears it.
  await expect(dialog.getByRole('group', { name: 'Age group' }).getByRole('radio')).toHaveCount(6);
  await dialog.getByLabel('35–44').click();
  await expect(dialog.getByRole('group', { name: 'Age group' }).getByRole('radio', { checked: true })).toHaveCount(0);
  await age.check();
  await dialog.getByLabel('This is my first time').check();
  await dialog.getByLabel('I want to be baptized').check();
  await dialog.getByLabel('I want to join a Bible study').check();
  await dialog.getByLabel('I want to be baptized').uncheck();
  await dialog.getByLabel('How you heard about us').selectOption('friend-family');
  await dialog.getByLabel('Prayer request').fill('For my new job');
  await dialog.getByLabel(/phone, email or text/).check();
  await dialog.getByRole('button', { name: 'Submit Connect Card' }).click();
  await expect(page.getByTestId('toast')).toContainText('Connect Card Submitted!');
  expect(exported('connect-card').find((r) => r.lastName === last)).toMatchObject({
    ageGroup: '25–34',
    serviceInfo: ['This is my first time'],
    nextSteps: ['I want to join a Bible study'],
    howDidYouHear: 'friend-family',
    consent: true,
  });
});

test('Serve interest: grouped preferences, availability and consent are stored', async ({ page }, info) => {
  const dialog = await openModal(page, '/get-involved', 'Fill Out the Serve Interest Form', 'serve-modal');
  const last = unique('Serve', info.project.name);
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ana');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@example.com');
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
  await dialog.getByRole('checkbox', { name: 'Text', exact: true }).check();
  await dialog.getByLabel('Band / Musician').check();
  await dialog.getByLabel('Sound / Audio Engineer').check();
  await dialog.getByLabel('Sundays').check();
  await dialog.getByLabel('About you').fill('I play bass.');
  await dialog.getByLabel('Other skills').fill('Spreadsheets');
  await dialog.getByLabel(/orientation or training/).check();
  await dialog.getByRole('button', { name: 'Submit Interest' }).click();
  await expect(page.getByTestId('toast')).toContainText('Serve Interest Submitted!');
  expect(exported('serve-interest').find((r) => r.lastName === last)).toMatchObject({
    contactMethod: ['Text'],
    servicePreference: ['Band / Musician', 'Sound / Audio Engineer'],
    availability: ['Sundays'],
    aboutYou: 'I play bass.',
    otherSkills: 'Spreadsheets',
    consent: true,
  });
});

test.describe('on a first visit', () => {
  test.use({ firstVisit: true });

test('the launch RSVP reaches the export', async ({ page }, info) => {
  await page.goto('/');
  const launch = page.getByTestId('launch-modal');
  await launch.getByRole('button', { name: "I'll Be There!" }).click();
  const name = unique('Rsvp', info.project.name);
  await launch.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await launch.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
  await launch.getByRole('textbox', { name: 'Email', exact: true }).fill('rsvp@example.com');
  await launch.getByRole('button', { name: 'Confirm Attendance' }).click();
  await expect(launch.getByText('Thank You!')).toBeVisible();
  expect(exported('church-launch-response').find((r) => r.name === name)).toMatchObject({ email: 'rsvp@example.com' });
});

test('the launch RSVP shows the server’s own message when it refuses', async ({ page, errors }) => {
  await page.goto('/');
  const launch = page.getByTestId('launch-modal');
  await launch.getByRole('button', { name: "I'll Be There!" }).click();
  await page.route('**/api/church-launch-response', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"Too many submissions from your network. Please wait 5 seconds and try again.","fields":{}}' }),
  );
  await launch.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana Ruiz');
  await launch.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-123-4567');
  await launch.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@example.com');
  await launch.getByRole('button', { name: 'Confirm Attendance' }).click();
  await expect(page.getByRole('alert')).toContainText('Please wait 5 seconds');
  await expect(launch.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ana Ruiz');
  errors.length = 0;
});
});

for (const [route, button, list] of [
  ['/worship', 'Join the Mailing List', 'music'],
  ['/media', 'Notify Me', 'media'],
] as const) {
  test(`${route}: '${button}' stores a ${list} subscription`, async ({ page }, info) => {
    await page.goto(route);
    const email = `${unique(list, info.project.name)}@example.com`.toLowerCase();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByTestId('toast')).toContainText("You're on the list!");
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('');
    expect(exported('subscription').find((r) => r.email === email)).toMatchObject({ list });
  });
}

for (const [route, button, testId, submit, failure] of [
  ['/united-states', 'Interested in Learning More', 'north-campus-modal', 'Submit Interest', 'Failed to submit interest. Please try again.'],
  ['/new-here', 'Fill Out a Connect Card', 'connect-card-modal', 'Submit Connect Card', 'Failed to submit connect card. Please try again.'],
  ['/get-involved', 'Sign Up to Serve', 'serve-modal', 'Submit Interest', 'Failed to submit serve interest. Please try again.'],
] as const) {
  test(`${testId}: a failure keeps the window open and every entry`, async ({ page, errors }) => {
    const dialog = await openModal(page, route, button, testId);
    await page.route('**/api/*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue()));
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Kept');
    await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Entries');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('kept@example.com');
    const phone = dialog.getByRole('textbox', { name: 'Phone', exact: true });
    await phone.fill('555-123-4567');
    await dialog.getByRole('checkbox', { name: /agree|understand/ }).check();
    await dialog.getByRole('button', { name: submit }).click();
    await expect(page.getByRole('alert')).toContainText(failure);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Entries');
    await expect(phone).toHaveValue('555-123-4567');
    await expect(dialog.getByRole('checkbox', { name: /agree|understand/ })).toBeChecked();
    errors.length = 0; // the browser logs the 500 this test asked for
  });
}
