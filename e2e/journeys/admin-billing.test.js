// Plans the console sets, against what customers pay in the sandbox: a customer on a granted plan sees it marked and
// starts paying, and the console changes their subscription; a subscriber's plan changed through the gateway
// (prorated), and Free cancels it. Then that customer's page (keys, usage, invoices, audit trail) and the overview's
// paid accounts, MRR and error rate. The console's earlier actions on the customer are played through the admin API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, createVerifiedUser, launch, openSuperAdminConsole, screenshot } from '../lib.js';
import { createCustomerWithKey, openCustomerDashboard, toast, unexpectedErrors } from '../customer.js';
import { seriousAxeFindingsLightAndDark } from '../axe.js';
import { playConsoleHistory, searchUsers } from '../console.js';

const KEY_NAME = 'Billing Key';

let browser;
let admin; // { context, page, errors }
let customer; // { email, password, name, id, key }
let email;

async function payWith4242(page) {
  await page.getByRole('heading', { name: 'Complete Your Upgrade' }).waitFor();
  await page.getByTestId('card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('card-expiry').fill('12 / 30');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await toast(page, 'Subscription Created!').waitFor();
}

async function setPlanInConsole(address, planName, mode) {
  const { page } = admin;
  // A fresh load: the customer changed their billing meanwhile, and the console's list cache would show the old row.
  await page.goto('/admin/users');
  await searchUsers(page, address);
  const row = page.locator('tr', { hasText: address });
  await row.getByRole('button', { name: `Manage ${address}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage User' });
  await dialog.getByTestId('plan-change-mode').getByText(mode).waitFor();
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: planName }).click();
  await dialog.getByRole('button', { name: 'Update Plan' }).click();
  await toast(page, 'User plan updated successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });
  return row;
}

before(async () => {
  browser = await launch();
  customer = await createCustomerWithKey(browser, { name: 'Fox Mulder', prefix: 'admin-target', keyName: KEY_NAME });
  ({ email } = customer);
  admin = await openSuperAdminConsole(browser, { width: 1280, height: 900 });
  // What admin-users.test.js does to its customer: blocked, unblocked, granted Premium, limits negotiated and put back.
  await playConsoleHistory(admin.page.request, customer.id);
});

after(async () => {
  await browser?.close();
});

test('the customer of a granted plan sees it marked, finds the plans, and starts paying (upgrade, then the portal)', async () => {
  const { context, page } = await openCustomerDashboard(browser, customer);
  await page.goto('/dashboard/billing');
  await page.getByTestId('plan-granted').getByText('Plan granted by TimeZone API').waitFor();
  await page.getByTestId('billing-plan-badge').getByText('Premium').waitFor();

  await page.getByRole('button', { name: 'Manage Billing' }).click();
  const none = page.getByRole('dialog', { name: 'No Billing Account Yet' });
  await none.getByRole('button', { name: 'Choose a Plan' }).click();
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  await page.getByTestId('plan-card-premium').getByText('Current Plan').waitFor();
  await page.getByTestId('plan-card-premium').getByRole('button', { name: 'Start Subscription' }).waitFor();

  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
  await payWith4242(page);
  await page.getByTestId('billing-plan-badge').getByText('Enterprise').waitFor();
  await page.getByTestId('subscription-details').getByText('Enterprise').waitFor();
  assert.equal(await page.getByTestId('plan-granted').count(), 0, 'a paid subscription replaces the grant');

  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL(/\/dashboard\/billing\/portal\?session=/);
  await page.getByRole('heading', { name: 'Billing Portal' }).waitFor();
  await context.close();

  const row = await setPlanInConsole(email, 'Premium', /pays through a subscription/);
  await row.getByText('Premium').waitFor();
  assert.equal(await row.getByText('Granted').count(), 0);
});

test("the console changes a sandbox subscriber's plan through the gateway (prorated), and free cancels it", async () => {
  const request = (await browser.newContext({ baseURL: BASE_URL })).request;
  const subscriber = await createVerifiedUser(request, { name: 'Dana Scully', prefix: 'admin-subscriber' });
  const { context, page } = await openCustomerDashboard(browser, subscriber);
  await page.goto('/dashboard/billing');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await payWith4242(page);
  await page.getByTestId('billing-plan-badge').getByText('Premium').waitFor();

  const row = await setPlanInConsole(subscriber.email, 'Enterprise', /pays through a subscription/);
  await row.getByText('Enterprise').waitFor();

  await page.goto('/dashboard/billing');
  await page.getByTestId('billing-plan-badge').getByText('Enterprise').waitFor();
  await page.getByTestId('billing-history-row').first().getByText('Prorated change to Enterprise plan').waitFor();
  await page.getByRole('button', { name: 'View Plans' }).click();
  await page.getByTestId('plan-card-enterprise').getByRole('button', { name: 'Current Plan' }).waitFor();
  assert.equal(await page.getByTestId('plan-card-premium').getByRole('button', { name: 'Downgrade' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL(/\/dashboard\/billing\/portal\?session=/);
  await page.getByRole('heading', { name: 'Billing Portal' }).waitFor();

  const freed = await setPlanInConsole(subscriber.email, 'Free', /pays through a subscription/);
  await freed.getByText('Free').waitFor();
  await page.goto('/dashboard/billing');
  await page.getByTestId('billing-plan-badge').getByText('Free').waitFor();
  // The cancelled customer can start paying again: a new checkout, not a plan change of the ended subscription.
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await payWith4242(page);
  await page.getByTestId('billing-plan-badge').getByText('Premium').waitFor();
  await context.close();
});

test("opens the user's page: profile, limits, keys by prefix, 30 days of usage, invoices and the audit trail, times in the display zone (the browser’s UTC)", async () => {
  const { page } = admin;
  await page.goto('/admin/users');
  await searchUsers(page, email);
  await page
    .locator('tr', { hasText: email })
    .getByRole('link', { name: `View ${email}` })
    .click();
  await page.waitForURL(/\/admin\/users\/[0-9a-f-]{36}\/show$/);
  const profile = page.getByTestId('user-profile');
  await profile.getByTestId('user-name').getByText('Fox Mulder').waitFor();
  await profile.getByText('Premium').first().waitFor();
  await profile.getByText('Active').waitFor();
  await profile.getByTestId('user-limits').getByText("unlimited requests, up to 50 per second (the plan's)").waitFor();
  await profile.getByRole('button', { name: `Manage ${email}` }).waitFor();
  await profile.getByRole('button', { name: `Block ${email}` }).waitFor();

  const keys = page.getByTestId('user-keys');
  await keys.getByText(KEY_NAME).waitFor();
  await keys.getByText(/^tzk_live_\w{4}…$/).waitFor();
  assert.equal(await keys.getByText(/tzk_live_\w{20,}/).count(), 0, 'no secret on the page');

  // The customer's call (before() made it with their key) is in today's roll-up.
  await page
    .getByTestId('user-usage-total')
    .getByText(/^[1-9][\d,]* requests?, [\d,]+ answered with an error \(4xx or 5xx\)$/)
    .waitFor();
  await page.getByTestId('user-usage').getByText('Last 30 days, days from midnight in Coordinated Universal Time (UTC)').waitFor();

  const invoices = page.getByTestId('user-invoices');
  await invoices.getByText('Paid').first().waitFor();
  await invoices.getByText(/ USD$/).first().waitFor();
  await invoices
    .getByText(/· \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC$/)
    .first()
    .waitFor();

  const audit = page.getByTestId('user-audit');
  for (const action of ['User blocked', 'User unblocked', 'Plan changed', 'Limits changed']) await audit.getByText(action, { exact: true }).first().waitFor();
  await audit.getByText(`${email}: custom limits plan default → 1 request/hour, plan default/second`).first().waitFor();
  await audit
    .getByText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC · by /)
    .first()
    .waitFor();
  assert.equal(await audit.getByText('user.limits_change').count(), 0);
  await screenshot(page, 'admin-user-page-1280');
  assert.deepEqual(await seriousAxeFindingsLightAndDark(page), []);
});

test("the overview shows signups per day, paid accounts, MRR and the last 24 hours' error rate", async () => {
  const { page } = admin;
  await page.goto('/admin');
  // This journey's subscribers pay: Fox Mulder (Premium) and Dana Scully (Premium); with the super admin, three signups.
  await page
    .getByTestId('overview-paid-value')
    .getByText(/^([2-9]|\d{2,})$/)
    .waitFor();
  await page
    .getByTestId('overview-mrr-value')
    .getByText(/^\$([1-9][\d,]*)\.\d{2}$/)
    .waitFor();
  await page
    .getByTestId('overview-mrr')
    .getByText(/Premium: \d+ × \$5\.00/)
    .waitFor();
  await page
    .getByTestId('overview-errors-value')
    .getByText(/^[\d.]+% 5xx · [\d.]+% 4xx$/)
    .waitFor();
  await page
    .getByTestId('overview-errors')
    .getByText(/of [1-9][\d,]* requests?, .* UTC to .* UTC$/)
    .waitFor();
  await page
    .getByTestId('overview-signups-total')
    .getByText(/^([3-9]|\d{2,})$/)
    .waitFor();
  await page.getByRole('img', { name: /^Signups per day from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC\)$/ }).waitFor();
  await screenshot(page, 'admin-overview-1280');
  assert.deepEqual(await seriousAxeFindingsLightAndDark(page), []);
});

test('no console page of this journey logged an unexpected error', () => {
  // 401/403 are answers the console handles.
  assert.deepEqual(unexpectedErrors(admin.errors, /status of (401|403)/), []);
});
