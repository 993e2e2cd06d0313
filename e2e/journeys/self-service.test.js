// Customer self-service: the usage CSV of the selected range, "Export my data" with its progress and file, and
// closing the account (its key answers 401 at once, its session is gone, the confirmation mail arrives and the
// address can register again).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BASE_URL, createVerifiedUser, launch, openPage, readMail, screenshot, signInOnLoginPage, until, downloadedFile } from '../lib.js';

let browser;
let page;
let context;
let errors;
let user;
let apiKey;

before(async () => {
  browser = await launch();
  ({ page, context, errors } = await openPage(browser, { width: 1280, height: 900 }));
  user = await createVerifiedUser(context.request, { name: 'Mary Jackson', prefix: 'selfservice' });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard$/);
  const created = await context.request.post('/api/api-keys', { data: { name: 'Wind tunnel' }, headers: { Origin: BASE_URL } });
  assert.equal(created.status(), 201);
  apiKey = (await created.json()).key;
  for (const path of ['/api/time/utc', '/api/time/current?timezone=America/New_York']) {
    const res = await context.request.get(path, { headers: { 'X-API-Key': apiKey } });
    assert.equal(res.status(), 200);
  }
  // The calls are written in batches: wait until both are readable.
  await until(async () => (await (await context.request.get('/api/usage?limit=10')).json()).items.length === 2, { what: 'both calls in usage' });
});
after(async () => {
  await context?.close();
  await browser?.close();
});

test('Usage: a key filter beside the endpoint filter, and Export CSV downloads the records of the range', async () => {
  await page.goto('/dashboard/usage', { waitUntil: 'networkidle' });
  await page.getByRole('combobox', { name: 'API Key' }).click();
  await page.getByRole('option', { name: /^Wind tunnel/ }).click();
  await screenshot(page, 'usage-key-filter-1280');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  assert.match(download.suggestedFilename(), /^usage-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await downloadedFile(download), 'utf8')).trim().split('\r\n');
  assert.equal(lines[0], '"timestamp","endpoint","method","status_code","response_ms","key_id","key_name","ip_address"');
  assert.deepEqual(
    lines.slice(1).map((l) => l.split(',')[1]),
    ['"/api/time/current"', '"/api/time/utc"'],
  );
  assert.ok(lines.slice(1).every((l) => l.includes('"Wind tunnel"')));
  assert.deepEqual(errors, [], errors.join('\n'));
});

test('Profile: Export my data builds the file in the background, then downloads it', async () => {
  await page.goto('/dashboard/profile', { waitUntil: 'networkidle' });
  const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Export my data' }) });
  await card.getByRole('button', { name: 'Export my data' }).click();
  const link = card.getByRole('link', { name: 'Download export' });
  await link.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const data = JSON.parse(await readFile(await downloadedFile(download), 'utf8'));
  assert.equal(data.profile.email, user.email);
  assert.equal(data.profile.firstName, 'Mary');
  assert.equal(data.apiKeys[0].name, 'Wind tunnel');
  assert.ok(!JSON.stringify(data).includes(apiKey), 'the full key is never exported');
  assert.deepEqual(
    data.usageRecords.map((r) => r.endpoint),
    ['/api/time/current', '/api/time/utc'],
  );
  assert.deepEqual(errors, [], errors.join('\n'));
});

test('Dashboard: at 80% of the free hourly quota a banner shows and one alert mail arrives', async () => {
  const since = Date.now() - 1000;
  // Two calls were made before: 78 more reach 80 of 100.
  for (let i = 0; i < 78; i++) {
    const res = await context.request.get('/api/time/utc', { headers: { 'X-API-Key': apiKey } });
    assert.equal(res.status(), 200);
  }
  const mail = await readMail(user.email, { subject: /80% of your hourly/, since });
  assert.match(mail.text, /The keys that used it most in the last hour: Wind tunnel \(tzk_live_\w{4}…\) \(\d+ requests\)/);
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await page.getByText('You have used 80 of your 100 requests this hour (80%).').waitFor();
  await screenshot(page, 'dashboard-quota-banner-1280', { fullPage: false });
  assert.deepEqual(errors, [], errors.join('\n'));
});

test('Profile: Delete account closes it; the key answers 401 at once and the address can register again', async () => {
  const since = Date.now() - 1000;
  await page.goto('/dashboard/profile', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await dialog.getByLabel('Password').fill(user.password);
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await dialog.getByLabel(`Type ${user.email} to confirm`).fill('someone@else.test');
  assert.equal(await confirm.isDisabled(), true);
  await dialog.getByLabel(`Type ${user.email} to confirm`).fill(user.email);
  await screenshot(page, 'profile-delete-account-1280', { fullPage: false });
  await confirm.click();
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByTestId('toast').getByText('Your account has been closed. A confirmation has been sent to your e-mail address.').waitFor();

  const keyAnswer = await context.request.get('/api/time/utc', { headers: { 'X-API-Key': apiKey } });
  assert.equal(keyAnswer.status(), 401);
  assert.equal((await context.request.get('/api/me')).status(), 401);
  await page.goto('/dashboard/profile');
  await page.waitForURL(/\/login\?returnTo=/);

  const mail = await readMail(user.email, { subject: /account is closed/, since });
  assert.match(mail.text, /register again/);
  const again = await context.request.post('/api/auth/register', {
    data: { name: 'Mary Jackson', email: user.email, password: 'Another-Horse-10' },
    headers: { Origin: BASE_URL },
  });
  assert.equal(again.status(), 201);
  await readMail(user.email, { subject: /Verify your e-mail/, since });
  assert.deepEqual(
    errors.filter((e) => !/status of 401/.test(e)),
    [],
    errors.join('\n'),
  );
});
