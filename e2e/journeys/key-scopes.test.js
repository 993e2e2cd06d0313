// Issue 51's keys on the keys page: a key limited to one route group (its card says what it may call, a call outside
// answers 403 key_scope), with an expiry day and its own limit; a rotation that keeps the old key for an hour (both
// answer, the old card counts down "Expiring in", Revoke now ends it early). At 390 px the dialog and cards fit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, createVerifiedUser, launch, openPage, screenshot, signInOnLoginPage } from '../lib.js';

let browser;
let page;

const keyCards = () => page.getByTestId('api-key-card');
const call = async (key, path = '/api/time/utc') => {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { 'X-API-Key': key } });
  return { status: res.status, body: await res.json() };
};

before(async () => {
  browser = await launch();
  ({ page } = await openPage(browser, { width: 1280, height: 900 }));
  const user = await createVerifiedUser(page.context().request, { name: 'Scoped Customer', prefix: 'scopes' });
  await page.goto('/login');
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard/);
});

after(async () => {
  await browser?.close();
});

let key;

test('a key limited to the current time, with an expiry day and its own limit, made in the dialog', async () => {
  await page.goto('/dashboard/api-keys');
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel(/^Name/).fill('Clock');
  await dialog.getByRole('checkbox', { name: 'Current time' }).check();
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Expires on').fill(day);
  await dialog.getByLabel('Rate limit (requests per hour)').fill('101');
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await dialog.getByText('Your plan allows at most 100 requests per hour.').waitFor();
  await dialog.getByLabel('Rate limit (requests per hour)').fill('50');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'keys-dialog-scopes-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  const secret = page.getByRole('dialog', { name: 'Your new API key' });
  key = (await secret.getByTestId('new-key-value').textContent()).trim();
  await secret.getByRole('button', { name: 'Done' }).click();

  const limits = keyCards().first().getByTestId('key-card-limits');
  await limits.getByText(/May call: Current time · Expires .* \(in (29|30) days\) · Own limit: 50 requests per hour/).waitFor();
  assert.equal((await call(key)).status, 200);
  const refused = await call(key, '/api/timezone/list');
  assert.equal(refused.status, 403);
  assert.deepEqual([refused.body.code, refused.body.scope], ['key_scope', 'timezone']);
});

test('rotation with an hour of overlap: both keys answer, the old one counts down and is revoked early', async () => {
  await keyCards().first().getByRole('button', { name: 'Rotate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate API Key' });
  await confirm.getByRole('radio', { name: 'Keep the old key working for 1 hour' }).check();
  await confirm.getByRole('button', { name: 'Rotate Key' }).click();
  const secret = page.getByRole('dialog', { name: 'Your rotated API key' });
  const rotated = (await secret.getByTestId('new-key-value').textContent()).trim();
  await secret.getByRole('button', { name: 'Done' }).click();
  assert.equal((await call(key)).status, 200, 'the old key works during the overlap');
  assert.equal((await call(rotated)).status, 200);

  const old = keyCards().filter({ has: page.getByTestId('key-expiring') });
  await old
    .getByTestId('key-expiring')
    .getByText(/Expiring in (59 min|1 h)/)
    .waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await old.scrollIntoViewIfNeeded();
  await screenshot(page, 'keys-expiring-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await old.getByRole('button', { name: 'Revoke now' }).click();
  const revoke = page.getByRole('dialog', { name: 'Delete API Key' });
  await revoke.getByText('Revoke the old key of “Clock” now?', { exact: false }).waitFor();
  await revoke.getByRole('button', { name: 'Delete Key' }).click();
  await old.waitFor({ state: 'detached' });
  assert.equal((await call(key)).status, 401, 'the revoked old key is refused at once');
  assert.equal((await call(rotated)).status, 200);
  assert.equal(await keyCards().count(), 1);
});
