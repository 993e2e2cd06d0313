// Billing in sandbox mode against the real server: a declined card, an upgrade with 4242 that lifts the free
// quota at once, a 3-D Secure card, premium → enterprise, and the sandbox portal; screenshots at 1280 and 375 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BASE_URL, animationsDone, launch, openPage, readMail, screenshot, uniqueEmail, downloadedFile } from '../lib.js';

const PASSWORD = 'correct-horse-battery-9';

let browser;
const sessions = {};

/** Registers through the API, verifies through the dev mailbox link and signs in through the UI. */
async function newCustomer(name, width = 1280) {
  const email = uniqueEmail('billing');
  const { context, page, errors } = await openPage(browser, { width, height: 900 });
  const since = Date.now() - 1000;
  const res = await context.request.post('/api/auth/register', { data: { name, email, password: PASSWORD }, headers: { Origin: BASE_URL } });
  assert.equal(res.status(), 201, await res.text());
  const mail = await readMail(email, { since });
  const link = [...mail.text.matchAll(/https?:\/\/[^\s"'<>)\]]+verify-email\?token=[A-Za-z0-9_-]+/g)].map((m) => m[0]).at(-1);
  assert.ok(link, `no verification link in "${mail.subject}"`);
  await page.goto(link);
  await page.waitForURL(/\/login\?verified=1/);
  const form = page.locator('form[aria-label="Welcome Back"]');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
  return { email, context, page, errors };
}

const toast = (page) => page.getByTestId('toast').first();

async function openPayment(page, planButton = 'Upgrade to Premium') {
  await page.goto('/dashboard/billing');
  await page.getByRole('heading', { name: 'Billing & Subscription' }).waitFor();
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  await page.getByRole('button', { name: planButton }).click();
  await page.getByRole('heading', { name: 'Complete Your Upgrade' }).waitFor();
}

async function fillCard(page, number) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12 / 30');
  await page.getByTestId('card-cvc').fill('123');
}

async function callApi(key) {
  const res = await fetch(`${BASE_URL}/api/time/utc`, { headers: { 'X-API-Key': key } });
  await res.arrayBuffer();
  return res.status;
}

before(async () => {
  browser = await launch();
  sessions.a = await newCustomer('Fox Mulder');
  sessions.b = await newCustomer('Walter Skinner');
});

after(async () => {
  await browser?.close();
});

test('the free billing dashboard: Free badge, empty history, Need Help, Upgrade Plan', async () => {
  const { page } = sessions.a;
  await page.goto('/dashboard/billing');
  await page.getByTestId('billing-plan-badge').getByText('Free').waitFor();
  await page.getByText('No billing history yet.').waitFor();
  await page.getByRole('link', { name: 'Contact Support' }).waitFor();
  assert.equal(await page.getByTestId('subscription-details').count(), 0, 'no Subscription Details on the free plan');
  await screenshot(page, 'billing-free-1280');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByText('Recommended').waitFor();
  await screenshot(page, 'billing-plans-1280');
});

test('4000 0000 0000 0002 is declined: Payment Failed beside the form, once, still on free', async () => {
  const { page } = sessions.a;
  await openPayment(page);
  await page.getByTestId('sandbox-banner').getByText('Sandbox: no real charges.').waitFor();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay 5.00 USD' }).click();
  const failure = page.getByTestId('payment-error');
  await failure.getByText('Payment Failed').waitFor();
  await failure.getByText('Your card was declined.').waitFor();
  assert.equal(await page.getByTestId('toast').count(), 0, 'the decline is said beside the form, not again in a toast');
  await screenshot(page, 'billing-declined-1280');
  const me = await page.request.get('/api/me');
  assert.equal((await me.json()).plan, 'free');
});

test('a free user at the hourly limit upgrades with 4242: badge, Subscription Details, history row, and the 429 is gone', async () => {
  const { page, context } = sessions.a;
  const created = await context.request.post('/api/api-keys', {
    data: { name: 'Billing journey', ipRestrictions: [], urlRestrictions: [] },
    headers: { Origin: BASE_URL },
  });
  assert.equal(created.status(), 201, await created.text());
  const { key } = await created.json();
  const statuses = [];
  for (let i = 0; i < 101; i++) statuses.push(await callApi(key));
  assert.equal(statuses.at(-1), 429, 'the 101st call of the hour is refused on the free plan');

  await openPayment(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay 5.00 USD' }).click();
  await toast(page).getByText('Subscription Created!').waitFor();
  await toast(page).getByText('Successfully upgraded to the Premium plan').waitFor();
  assert.equal(await callApi(key), 200, 'right after the upgrade the same key is served again');

  await page.getByRole('heading', { name: 'Billing & Subscription' }).waitFor();
  await page.getByTestId('billing-plan-badge').getByText('Premium').waitFor();
  const details = page.getByTestId('subscription-details');
  await details.getByText('Active').first().waitFor();
  await details.getByTestId('auto-renewal').getByText('Enabled').waitFor();
  const row = page.getByTestId('billing-history-row').first();
  await row.getByText('Premium plan (monthly)').waitFor();
  await row.getByText('5.00 USD').waitFor();
  await row.getByText('Paid').waitFor();
  // The paid invoice's receipt is a PDF made by the server.
  const [receipt] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Receipt .* \(PDF\)$/ }).click()]);
  assert.match(receipt.suggestedFilename(), /^receipt-in_sbx_\w+\.pdf$/);
  assert.equal((await readFile(await downloadedFile(receipt))).subarray(0, 5).toString(), '%PDF-');
  await page.getByRole('button', { name: 'Manage Billing' }).waitFor();
  await page.getByRole('button', { name: 'Upgrade to Enterprise' }).waitFor();
  await screenshot(page, 'billing-premium-1280');
});

test('the checkout steps have addresses: Back and Forward move between them, the card is never kept, a failed 3-D Secure is said once', async () => {
  const { page, context, errors } = await newCustomer('Dana Scully');
  try {
    await openPayment(page);
    assert.match(page.url(), /\/dashboard\/billing\/checkout\/premium$/);
    await fillCard(page, '4000 0025 0000 3155');

    // Back from the card form: Billing's plan choice, not another page.
    await page.goBack();
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    assert.match(page.url(), /\/dashboard\/billing\/plans$/);
    // Forward: the same step and plan; the card is typed again (never kept in the address or in storage).
    await page.goForward();
    await page.getByRole('heading', { name: 'Complete Your Upgrade' }).waitFor();
    await page.getByText('You are upgrading to the Premium plan.').waitFor();
    assert.equal(await page.getByTestId('card-number').inputValue(), '');
    const kept = await page.evaluate(() => location.href + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.ok(!/4000\s?0025/.test(kept), 'no card number in the address or storage');
    // A reload keeps the step too.
    await page.reload();
    await page.getByRole('heading', { name: 'Complete Your Upgrade' }).waitFor();

    // 3-D Secure is a step of its own: failing it comes back to the card form, said once, with what to do next.
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay 5.00 USD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await dialog.waitFor();
    await page.waitForURL(/\/dashboard\/billing\/checkout\/premium\/confirm$/);
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL(/\/dashboard\/billing\/checkout\/premium$/);
    const failure = page.getByTestId('payment-error');
    await failure
      .getByText(
        'Payment confirmation failed: your bank did not confirm the payment. Nothing was charged. Pay again to retry the confirmation, or use another card.',
      )
      .waitFor();
    assert.equal(await page.getByTestId('toast').count(), 0, 'the failure is said beside the form, not again in a toast');
    await screenshot(page, 'billing-3ds-failed-1280');

    // Back in the middle of 3-D Secure leaves the question unanswered: the same failure, on the card form.
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay 5.00 USD' }).click();
    await dialog.waitFor();
    await page.waitForURL(/\/confirm$/);
    await page.goBack();
    await page.waitForURL(/\/dashboard\/billing\/checkout\/premium$/);
    await failure.getByText(/Payment confirmation failed: /).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // And Back from the card form still reaches the plans.
    await page.goBack();
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const me = await page.request.get('/api/me');
    assert.equal((await me.json()).plan, 'free');
    const unexpected = errors.filter((e) => !/status of (400|402|429)/.test(e));
    assert.deepEqual(unexpected, [], unexpected.join('\n'));
  } finally {
    await context.close();
  }
});

test('4000 0025 0000 3155 goes through the 3-D Secure confirmation step', async () => {
  const { page } = sessions.b;
  await openPayment(page);
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Pay 5.00 USD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await dialog.waitFor();
  await page.getByTestId('processing-alert').waitFor();
  await animationsDone(page); // the dialog has faded in
  await screenshot(page, 'billing-3ds-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await toast(page).getByText('Subscription Created!').waitFor();
  await page.getByTestId('billing-plan-badge').getByText('Premium').waitFor();
  await page.getByTestId('subscription-details').waitFor();
});

test('premium → enterprise through Confirm Plan Change, charged prorated', async () => {
  const { page } = sessions.b;
  await page.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Plan Change' });
  await dialog.waitFor();
  await animationsDone(page);
  await screenshot(page, 'billing-confirm-change-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Confirm Change' }).click();
  await toast(page).getByText('Plan Updated!').waitFor();
  await page.getByTestId('billing-plan-badge').getByText('Enterprise').waitFor();
  await page.getByTestId('billing-history-row').first().getByText('Prorated change to Enterprise plan').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Upgrade to Enterprise' }).count(), 0);
});

test('Manage Billing opens the sandbox portal; cancel at period end shows Disabled (Canceling)', async () => {
  const { page } = sessions.b;
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL(/\/dashboard\/billing\/portal\?session=/);
  await page.getByRole('heading', { name: 'Billing Portal' }).waitFor();
  await page.getByTestId('portal-card').getByText(/3155/).waitFor();
  await screenshot(page, 'billing-portal-1280');
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await toast(page).getByText('Subscription Canceled').waitFor();
  await page
    .getByTestId('portal-renewal')
    .getByText(/is canceled and ends on/)
    .waitFor();
  await page.getByRole('link', { name: 'Back to Billing' }).click();
  await page.getByTestId('auto-renewal').getByText('Disabled (Canceling)').waitFor();
});

test('the billing views at 375 px', async () => {
  const { context } = sessions.b;
  const small = await context.newPage();
  await small.setViewportSize({ width: 375, height: 800 });
  await small.goto('/dashboard/billing');
  await small.getByTestId('subscription-details').waitFor();
  await screenshot(small, 'billing-enterprise-375');
  const { page: free } = await newCustomer('Dana Small', 375);
  await free.goto('/dashboard/billing');
  await free.getByText('No billing history yet.').waitFor();
  await screenshot(free, 'billing-free-375');
  await free.getByRole('button', { name: 'Upgrade Plan' }).click();
  await free.getByText('Recommended').waitFor();
  await screenshot(free, 'billing-plans-375');
  await free.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await free.getByTestId('sandbox-banner').waitFor();
  await screenshot(free, 'billing-payment-375');
  const scrollWidth = await free.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= 375, `no horizontal scrolling at 375 px (scrollWidth ${scrollWidth})`);
});

test('no console errors on the billing pages', () => {
  const all = [...sessions.a.errors, ...sessions.b.errors].filter((e) => !/status of (400|402|429)/.test(e));
  assert.deepEqual(all, []);
});
