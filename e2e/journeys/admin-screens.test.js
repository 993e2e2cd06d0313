// The console's other screens against the real server, over a customer with a key and a support message, and the
// console's earlier actions on them played through the admin API: API Keys (a rotation refuses the old key at once),
// Support Messages, the Audit Log naming every action in words, and every screen at 375 px (axe on the new ones).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, animationsDone, launch, openSuperAdminConsole, screenshot } from '../lib.js';
import { callApi, createCustomerWithKey, toast, unexpectedErrors } from '../customer.js';
import { seriousAxeFindings } from '../axe.js';
import { playConsoleHistory, searchUsers } from '../console.js';

const KEY_NAME = 'Screens Key';

let browser;
let admin; // { context, page, errors }
let email;
let userKey;

before(async () => {
  browser = await launch();
  const customer = await createCustomerWithKey(browser, { name: 'Fox Mulder', prefix: 'admin-screens', keyName: KEY_NAME });
  ({ email, key: userKey } = customer);

  // A support message for the console to list.
  const sent = await fetch(`${BASE_URL}/api/support/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    body: JSON.stringify({ name: 'Fox Mulder', email, category: 'billing', subject: 'Invoice address', message: 'Please add our VAT number.' }),
  });
  assert.equal(sent.status, 201);

  admin = await openSuperAdminConsole(browser, { width: 1280, height: 900 });
  // What admin-users.test.js does to its customer: blocked, unblocked, granted Premium, limits negotiated and put back.
  await playConsoleHistory(admin.page.request, customer.id);
});

after(async () => {
  await browser?.close();
});

test("rotates the user's key: the dialog text, the toast, and the old key refused at once", async () => {
  const { page } = admin;
  await page.getByRole('menuitem', { name: 'API Keys' }).click();
  await page.waitForURL(/\/admin\/api-keys/);
  await page.getByPlaceholder('Search name, prefix or owner e-mail').fill(email);
  await page.waitForURL(/filter=/);
  const row = page.locator('tr', { hasText: KEY_NAME });
  await row.getByText(email).waitFor();
  await row.getByText('Active').waitFor();
  await row.getByText(/^tzk_live_\w{4}…$/).waitFor();
  await row
    .getByText(/^(Never|\w{3} \d{1,2}, \d{4}.*)$/)
    .first()
    .waitFor();
  await screenshot(page, 'admin-keys-1280');

  await row.getByRole('button', { name: `Rotate ${KEY_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate API Key' });
  await dialog.getByText(`This will generate a new API key for "${KEY_NAME}". The old key will be invalidated immediately.`, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await animationsDone(page);
  await screenshot(page, 'admin-rotate-dialog-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Rotate Key' }).click();
  await toast(page, 'API key rotated successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const old = await callApi(userKey);
  assert.equal(old.status, 401);
  assert.equal(old.body.code, 'invalid_api_key');
});

test('lists support messages and the audit log of every action', async () => {
  const { page } = admin;
  await page.getByRole('menuitem', { name: 'Support Messages' }).click();
  await page.locator('tr', { hasText: 'Invoice address' }).click();
  await page.getByText('Please add our VAT number.').waitFor();
  await screenshot(page, 'admin-support-message-1280');
  await page.getByRole('menuitem', { name: 'Support Messages' }).click();
  await page.locator('tr', { hasText: 'Invoice address' }).waitFor();
  await screenshot(page, 'admin-support-1280');

  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  for (const action of ['User blocked', 'User unblocked', 'Plan changed', 'Limits changed', 'Key rotated']) {
    await page.locator('tr', { hasText: action }).first().waitFor();
  }
  await page.getByText(`${email}: plan Free → Premium`).first().waitFor();
  // A custom-limits change in words, never a raw code or [object Object].
  await page.getByText(`${email}: custom limits plan default → 1 request/hour, plan default/second`).first().waitFor();
  assert.equal(await page.getByText('[object Object]').count(), 0);
  assert.equal(await page.getByText('user.limits_change').count(), 0);
  await screenshot(page, 'admin-audit-1280');
  // 401/403 are answers the console handles.
  assert.deepEqual(unexpectedErrors(admin.errors, /status of (401|403)/), []);
});

test('every screen works at 375 px', async () => {
  const state = await admin.context.storageState();
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: BASE_URL, storageState: state });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/admin');
  await page.getByTestId('stat-keys').getByText('Total API Keys').waitFor();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('link', { name: 'Logout' }))
    .first()
    .waitFor();
  await screenshot(page, 'admin-dashboard-375');
  await page.getByTestId('overview-mrr-value').getByText(/^\$/).waitFor();
  assert.deepEqual(await seriousAxeFindings(page), []);
  const dashboardOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(dashboardOverflow <= 1, `the overview overflows the 375 px viewport by ${dashboardOverflow}px`);
  await page
    .getByRole('button', { name: /open menu|menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Users' }).waitFor();
  await animationsDone(page); // the drawer has slid in
  await screenshot(page, 'admin-drawer-375', { fullPage: false });
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.waitForURL(/\/admin\/users/);
  await searchUsers(page, email);
  await page.getByRole('button', { name: `Block ${email}` }).waitFor();
  await page.getByRole('button', { name: `Manage ${email}` }).waitFor();
  await screenshot(page, 'admin-users-375');
  await page.getByRole('button', { name: `Manage ${email}` }).click();
  await page.getByRole('dialog', { name: 'Manage User' }).getByRole('button', { name: 'Update Plan' }).waitFor();
  await animationsDone(page); // the dialog has faded in
  await screenshot(page, 'admin-manage-user-375', { fullPage: false });
  await page.getByRole('dialog', { name: 'Manage User' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Manage User' }).waitFor({ state: 'detached' });
  await page.getByRole('link', { name: `View ${email}` }).click();
  await page.getByTestId('user-audit').getByText('Limits changed').first().waitFor();
  await page.getByTestId('user-keys').getByText(KEY_NAME).waitFor();
  await screenshot(page, 'admin-user-page-375');
  assert.deepEqual(await seriousAxeFindings(page), []);
  const userOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(userOverflow <= 1, `the user page overflows the 375 px viewport by ${userOverflow}px`);

  await page.goto('/admin/api-keys');
  await page
    .getByRole('button', { name: `Rotate ${KEY_NAME}` })
    .first()
    .waitFor();
  await screenshot(page, 'admin-keys-375');
  await page
    .getByRole('button', { name: `Rotate ${KEY_NAME}` })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Rotate API Key' }).getByRole('button', { name: 'Rotate Key' }).waitFor();
  await animationsDone(page);
  await screenshot(page, 'admin-rotate-dialog-375', { fullPage: false });
  await page.getByRole('dialog', { name: 'Rotate API Key' }).getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/support-messages');
  await page.getByText('Invoice address').first().waitFor();
  await screenshot(page, 'admin-support-375');
  await page.goto('/admin/audit-log');
  await page.getByText('Plan changed').first().waitFor();
  await screenshot(page, 'admin-audit-375');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the audit log overflows the 375 px viewport by ${overflow}px`);
  await context.close();
});
