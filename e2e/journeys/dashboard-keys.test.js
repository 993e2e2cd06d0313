// A new customer's keys against the real server, from the first one to the calls it makes: the overview's Quick Start
// and full hourly quota, a key restricted to 127.0.0.1 (line checks, copy, reveal behind the password) that is let in
// and one restricted elsewhere that is refused with 403, both calls on Usage, a key edited, deactivated, rotated and
// deleted, and the remaining hourly quota going down as the API is called.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, openPage, readMailLink, screenshot, signInOnLoginPage, uniqueEmail } from '../lib.js';
import { callApi, confirmReveal, passesAfterReloads, toast, unexpectedErrors } from '../customer.js';

const PASSWORD = 'correct-horse-battery-9';
const email = uniqueEmail('dash');

let browser;
let context;
let page;
let errors;

const keyCard = (name) => page.getByTestId('api-key-card').filter({ has: page.getByTestId('key-card-name').getByText(name, { exact: true }) });

async function createKey(name, ips = '', urls = '') {
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel(/^Name/).fill(name);
  if (ips) await dialog.getByLabel('IP restrictions').fill(ips);
  if (urls) await dialog.getByLabel('URL restrictions').fill(urls);
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  const secret = page.getByRole('dialog', { name: 'Your new API key' });
  const key = (await secret.getByTestId('new-key-value').textContent()).trim();
  assert.match(key, /^tzk_live_/);
  return { key, secret };
}

before(async () => {
  browser = await launch();
  ({ context, page, errors } = await openPage(browser, { width: 1280, height: 900 }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });

  // A new user: register through the API, verify through the link in the dev mailbox, sign in in the UI.
  const since = Date.now() - 1000;
  const res = await context.request.post('/api/auth/register', {
    data: { name: 'Dana Scully', email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  assert.equal(res.status(), 201, await res.text());
  const link = await readMailLink(email, /verify-email\?token=/, { since });
  await page.goto(link);
  await page.waitForURL(/\/login\?verified=1/);
  await signInOnLoginPage(page, { email, password: PASSWORD });
  await page.waitForURL(/\/dashboard$/);
});

after(async () => {
  await browser?.close();
});

let localKey; // restricted to 127.0.0.1
let otherKey; // restricted to an address that excludes us

test('the overview greets the new user and shows a full hourly quota', async () => {
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-heading').getByText('Welcome back, Dana Scully!').waitFor();
  await page.getByTestId('plan-badge').getByText('Free plan').waitFor();
  await page.getByTestId('today-requests-hint').getByText('100 of 100 remaining this hour').waitFor();
  await page.getByRole('link', { name: 'Upgrade to Premium - $5/month' }).waitFor();
  await page.getByTestId('recent-keys-empty').waitFor();
  await page.getByTestId('quick-start-progress').getByText('0 of 3 done').waitFor();
});

test('creates a key restricted to 127.0.0.1 (line checks first), copies it and calls the API with it', async () => {
  await page.goto('/dashboard/api-keys');
  await page.getByText('No API Keys Yet').waitFor();
  await screenshot(page, 'dashboard-keys-empty-1280');

  // The client names the bad line before anything is sent.
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await toast(page).getByText('Name required').waitFor();
  await dialog.getByLabel(/^Name/).fill('Local only');
  await dialog.getByLabel('IP restrictions').fill('127.0.0.1\n\n10.0.0.300');
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await dialog.getByText('Line 3: "10.0.0.300" is not an IP address or CIDR range').waitFor();
  await dialog.getByLabel('IP restrictions').fill('127.0.0.1\n');
  await dialog.getByRole('button', { name: 'Create Key' }).click();

  const secret = page.getByRole('dialog', { name: 'Your new API key' });
  localKey = (await secret.getByTestId('new-key-value').textContent()).trim();
  assert.match(localKey, /^tzk_live_/);
  await toast(page).getByText('API Key Created').waitFor();
  await secret.getByRole('button', { name: 'Copy' }).click();
  await toast(page).getByText('Copied to clipboard').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, localKey);
  await secret.getByRole('button', { name: 'Done' }).click();

  const card = keyCard('Local only');
  await card.getByText('Never used').waitFor();
  await card.getByTestId('ip-badge').getByText('127.0.0.1').waitFor();
  assert.ok(!(await card.getByTestId('key-card-value').textContent()).includes(localKey), 'the list shows a masked key');
  await card.getByRole('button', { name: 'Reveal key' }).click();
  // Asked for the password first; a wrong one is marked on the field and reveals nothing.
  const confirm = page.getByRole('dialog', { name: "Confirm It's You" });
  await confirm.getByLabel(/^Password/).fill('not my password');
  await confirm.getByRole('button', { name: 'Reveal Key' }).click();
  await confirm.getByText('Password is incorrect').waitFor();
  await screenshot(page, 'dashboard-keys-reveal-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'dashboard-keys-reveal-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirmReveal(page, PASSWORD);
  await card.getByTestId('key-card-value').getByText(localKey).waitFor();
  await card.getByRole('button', { name: 'Copy key' }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), localKey);

  // The overview's Quick Start ticks the key off and waits for the first call…
  await page.goto('/dashboard');
  const quickStart = page.getByTestId('quick-start');
  await quickStart.getByTestId('quick-start-key-status').getByText('Key created').waitFor();
  await quickStart.getByText('Waiting for your first call…').waitFor();
  assert.equal(await quickStart.getByTestId('quick-start-call').getAttribute('data-done'), 'false');

  const allowed = await callApi(localKey);
  assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
  assert.equal(allowed.body.timezone, 'Europe/London');
  assert.ok(allowed.headers.get('ratelimit-remaining'), 'metered answers carry RateLimit-Remaining');

  // …which it ticks off by itself once the server has it, without a reload (the deadline only guards against a hang).
  await quickStart.locator('[data-testid="quick-start-call"][data-done="true"]').waitFor({ timeout: 30_000 });
  await quickStart
    .getByTestId('quick-start-call-status')
    .getByText(/^First call received /)
    .waitFor();
  await quickStart.getByTestId('quick-start-progress').getByText('2 of 3 done').waitFor();
  await screenshot(page, 'dashboard-quick-start-1280', { fullPage: false });
  await page.goto('/dashboard/api-keys'); // where the next steps go on
  await keyCard('Local only').waitFor();
});

test('a key restricted to another address is refused with 403', async () => {
  const { key, secret } = await createKey('Office', '10.1.2.3\n192.0.2.0/24', 'example.com\n*.example.com');
  otherKey = key;
  await secret.getByRole('button', { name: 'Done' }).click();
  const card = keyCard('Office');
  await card.getByTestId('ip-badge').getByText('192.0.2.0/24').waitFor();
  await card.getByTestId('url-badge').getByText('*.example.com').waitFor();
  const refused = await callApi(otherKey);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.code, 'ip_not_allowed');
  await screenshot(page, 'dashboard-keys-1280');
});

test('the usage page shows both calls with their status codes', async () => {
  await page.goto('/dashboard/usage');
  await passesAfterReloads(page, async () => {
    const codes = page.getByTestId('status-codes');
    assert.match(await codes.textContent({ timeout: 1000 }), /200: 1/);
    assert.match(await codes.textContent({ timeout: 1000 }), /403: 1/);
  });
  const rows = page.getByTestId('recent-request');
  assert.equal(await rows.count(), 2);
  const statuses = await page.getByTestId('recent-status').allTextContents();
  assert.deepEqual(statuses.sort(), ['200', '403']);
  await page.getByTestId('recent-requests').getByText('/api/time/current').first().waitFor();
  await page.getByTestId('usage-total-value').getByText('2', { exact: true }).waitFor();
  await page.getByTestId('usage-success-value').getByText('50.0%').waitFor();
  await screenshot(page, 'dashboard-usage-1280');
  // Having seen the usage, the Quick Start is done, as the server knows it: one line, its steps a click away.
  await page.goto('/dashboard');
  await page.getByTestId('quick-start-progress').getByText('Quick Start: 3 of 3 done').waitFor();
  await page.getByRole('button', { name: 'Show steps' }).click();
  await page.getByTestId('quick-start-usage-status').getByText('Usage seen').waitFor();
});

test('edits, deactivates, rotates (the old key stops) and deletes a key', async () => {
  await page.goto('/dashboard/api-keys');
  let card = keyCard('Office');
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit API Key' });
  await edit.getByLabel(/^Name/).fill('Office (local)');
  await edit.getByLabel('IP restrictions').fill('127.0.0.0/8');
  await edit.getByLabel('URL restrictions').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page).getByText('API Key Updated').waitFor();
  card = keyCard('Office (local)');
  await card.getByTestId('ip-badge').getByText('127.0.0.0/8').waitFor();
  assert.equal((await callApi(otherKey)).status, 200, 'the widened restriction lets us in');

  // Switch off, refused; switch on again.
  await card.getByLabel('Deactivate key').click();
  await card.getByText('Inactive', { exact: true }).first().waitFor();
  const inactive = await callApi(otherKey);
  assert.equal(inactive.status, 403);
  assert.equal(inactive.body.code, 'inactive_api_key');
  await card.getByLabel('Activate key').click();
  await card.getByLabel('Deactivate key').waitFor();

  await card.getByRole('button', { name: 'Rotate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate API Key' });
  await confirm.getByText('Applications still using the old key get 401 at once.').waitFor();
  await confirm.getByRole('button', { name: 'Rotate Key' }).click();
  const secret = page.getByRole('dialog', { name: 'Your rotated API key' });
  const rotated = (await secret.getByTestId('new-key-value').textContent()).trim();
  await toast(page).getByText('API Key Rotated').waitFor();
  assert.notEqual(rotated, otherKey);
  await secret.getByRole('button', { name: 'Done' }).click();
  assert.equal((await callApi(otherKey)).status, 401, 'the old key is refused at once');
  assert.equal((await callApi(rotated)).status, 200);

  await card.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete API Key' });
  await del.getByRole('button', { name: 'Delete Key' }).click();
  await toast(page).getByText('API Key Deleted').waitFor();
  await keyCard('Office (local)').waitFor({ state: 'detached' });
  assert.equal((await callApi(rotated)).status, 401, 'a deleted key is refused');
  assert.equal(await page.getByTestId('api-key-card').count(), 1);
});

test('the free plan’s remaining hourly quota goes down as the API is called', async () => {
  await page.goto('/dashboard');
  const remaining = async () => {
    const text = await page.getByTestId('today-requests-hint').textContent();
    return Number(/(\d+) of 100 remaining/.exec(text)[1]);
  };
  const start = await remaining();
  assert.ok(start < 100, `earlier calls already count (${start} left)`);
  for (let i = 0; i < 3; i += 1) assert.equal((await callApi(localKey, '/api/time/utc')).status, 200);
  await page.reload();
  assert.equal(await remaining(), start - 3);
  await page.getByTestId('recent-keys').getByText('Local only').waitFor();
  await screenshot(page, 'dashboard-overview-1280');
});

test('no page of this journey logged an unexpected console error', () => {
  assert.deepEqual(unexpectedErrors(errors), []);
});
