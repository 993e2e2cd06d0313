// Webhooks in the dashboard, against the real server (e2e/run.js sets WEBHOOK_ALLOW_PRIVATE=true so a receiver on
// 127.0.0.1 may be used): an Enterprise customer adds an endpoint (the signing secret shown once), sends a test event,
// sees it in the delivery log and resends it. The receiver here checks each delivery with the standardwebhooks
// verifier, as a customer's would. A failing endpoint's own page shows its health, an attempt's payload and answer and
// the next retry; the URL and events are edited there; a typed test event is sent once. The console's Jobs page fits
// 390 px. Screenshots at 1280 and 390 px; axe without serious findings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import {
  BASE_URL,
  SUPER_ADMIN,
  animationsDone,
  createVerifiedUser,
  ensureSuperAdminTotp,
  launch,
  openPage,
  openSuperAdminConsole,
  screenshot,
  signInOnLoginPage,
  totpCode,
  until,
} from '../lib.js';
import { seriousAxeFindings } from '../axe.js';

/** How far the page scrolls sideways (0 when it fits its viewport). */
const horizontalOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

let browser;
let customer;
let receiver;
const received = [];

before(async () => {
  receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url.startsWith('/fail')) res.writeHead(503, { 'content-type': 'text/plain' }).end('receiver down for maintenance');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  browser = await launch();

  // A verified customer, made Enterprise by the super admin (the plan webhooks come with).
  const setup = await browser.newContext({ baseURL: BASE_URL });
  const user = await createVerifiedUser(setup.request, { name: 'Hook Owner', prefix: 'hooks' });
  const login = await setup.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: { Origin: BASE_URL } });
  assert.equal(login.status(), 200, await login.text());
  const { id } = await (await setup.request.get('/api/me')).json();
  await setup.close();
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const totp = await totpCode(await ensureSuperAdminTotp(admin.request));
  assert.equal((await admin.request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } })).status(), 200);
  const plan = await admin.request.post(`/api/admin/users/${id}/plan`, { data: { plan: 'enterprise' }, headers: { Origin: BASE_URL } });
  assert.equal(plan.status(), 200, await plan.text());
  await admin.close();

  customer = await openPage(browser);
  await customer.page.goto('/login');
  await signInOnLoginPage(customer.page, user);
  await customer.page.waitForURL(/\/dashboard/);
});

after(async () => {
  await browser?.close();
  receiver?.close();
});

test('an Enterprise customer adds an endpoint, sends a test event, sees it delivered and resends it with the same webhook-id', async () => {
  const { page, errors } = customer;
  await page.goto('/dashboard/webhooks');
  const empty = page.getByTestId('webhooks-empty');
  await empty.waitFor();
  await empty.getByRole('button', { name: 'Add Endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('webhook-url').fill(`http://127.0.0.1:${receiver.address().port}/hooks/tzapi`);
  await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
  const secret = (await page.getByTestId('webhook-secret').textContent()).trim();
  assert.match(secret, /^whsec_/);
  await page.getByRole('button', { name: 'Done' }).click();
  const card = page.getByTestId('webhook-card');
  await card.getByText(`127.0.0.1:${receiver.address().port}`, { exact: false }).first().waitFor();
  await screenshot(page, 'webhooks-1280');

  await card.getByRole('button', { name: 'Send test event' }).click();
  await page.getByRole('dialog', { name: 'Send test event' }).getByRole('button', { name: 'Send' }).click();
  await until(async () => received.length >= 1, { what: 'the test event at the receiver' });
  const verifier = new Webhook(secret);
  const first = verifier.verify(received[0].body, received[0].headers);
  assert.equal(first.type, 'webhook.test');

  await card.getByTestId('webhook-link').click();
  await page.waitForURL(/\/dashboard\/webhooks\/[0-9a-f-]{36}$/);
  const row = page.getByTestId('webhook-delivery').first();
  await row.getByText('webhook.test').waitFor();
  await until(async () => /last 200/.test(await row.textContent()), { what: 'the delivery logged with its 200' });
  await row.getByRole('button', { name: 'Resend' }).click();
  await page.getByTestId('toast').getByText('The event is sent again with the same webhook-id.').waitFor();
  await until(async () => received.length >= 2, { what: 'the resent event at the receiver' });
  assert.deepEqual(verifier.verify(received[1].body, received[1].headers), first);
  assert.equal(received[1].headers['webhook-id'], received[0].headers['webhook-id']);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'webhooks-endpoint-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(
    errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e)),
    [],
  );
});

test("a failing endpoint's page shows its health, an attempt's payload and answer, and the next retry; edits and a typed test work", async () => {
  const { page, errors } = customer;
  const headers = { Origin: BASE_URL };
  const base = `http://127.0.0.1:${receiver.address().port}`;
  const created = await page.request.post('/api/webhooks', { data: { url: `${base}/fail/one`, events: ['key.created'] }, headers });
  assert.equal(created.status(), 201, await created.text());
  const { id } = await created.json();
  // A key.created test retried like a real event: it fails, waits for its retry, fails again.
  assert.equal((await page.request.post(`/api/webhooks/${id}/test`, { data: { type: 'key.created', retry: true }, headers })).status(), 202);
  await until(async () => received.some((r) => r.path === '/fail/one'), { what: 'the first failed attempt' });

  await page.goto(`/dashboard/webhooks/${id}`);
  await page.getByRole('heading', { level: 1 }).getByText(`${base}/fail/one`).waitFor();
  await page.getByTestId('endpoint-state').getByText('Failing').waitFor();
  await page
    .getByTestId('endpoint-health')
    .getByText(/0% delivered \(24 h\)/)
    .waitFor();
  await page
    .getByTestId('endpoint-health')
    .getByText(/Last: 503/)
    .waitFor();
  await page.getByTestId('health-chart').waitFor();
  const row = page.getByTestId('webhook-delivery').first();
  await row
    .getByTestId('next-retry')
    .getByText(/Next retry/)
    .waitFor({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Details' }).click();
  await row
    .getByTestId('delivery-payload')
    .getByText(/"type": "key.created"/)
    .waitFor();
  const attempt = row.getByTestId('webhook-attempt').first();
  await attempt.getByText(/webhook-signature: v1,/).waitFor();
  await attempt.getByTestId('attempt-response').getByText('receiver down for maintenance').waitFor();
  await screenshot(page, 'webhooks-failing-endpoint-1280');
  assert.deepEqual(await seriousAxeFindings(page), []);
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok((await horizontalOverflow(page)) <= 0, 'the endpoint page fits 390 px');
  await screenshot(page, 'webhooks-failing-endpoint-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The failing endpoint's card says so (not a green "Enabled").
  await page.goto('/dashboard/webhooks');
  const card = page.getByTestId('webhook-card').filter({ hasText: '/fail/one' });
  await card.getByTestId('endpoint-state').getByText('Failing').waitFor();
  assert.equal(await card.getByText('Enabled', { exact: true }).count(), 0);

  // Edit the URL and events on its page: the retries stop reaching the old path.
  await card.getByTestId('webhook-link').click();
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Endpoint' });
  await form.getByTestId('webhook-url').fill(`${base}/fail/two`);
  await form.getByRole('checkbox', { name: /Plan changed/ }).check();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('heading', { level: 1 }).getByText(`${base}/fail/two`).waitFor();
  const saved = await (await page.request.get(`/api/webhooks/${id}`)).json();
  assert.deepEqual([saved.url, saved.events], [`${base}/fail/two`, ['key.created', 'plan.changed']]);

  // A typed test event to the failing endpoint is tried once.
  await page.getByRole('button', { name: 'Send test event' }).click();
  const picker = page.getByRole('dialog', { name: 'Send test event' });
  await picker.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: /^invoice\.paid/ }).click();
  await picker.getByRole('button', { name: 'Send' }).click();
  await page.getByTestId('toast').getByText('invoice.paid is on its way; follow it in the messages.').waitFor();
  const typed = page.getByTestId('webhook-delivery').filter({ hasText: 'invoice.paid' });
  await typed.getByText('failed', { exact: true }).waitFor({ timeout: 30_000 });
  await typed.getByText(/1 attempt · last 503/).waitFor();
  const typedHits = () => received.filter((r) => r.path === '/fail/two' && JSON.parse(r.body).type === 'invoice.paid').length;
  assert.equal(typedHits(), 1);
  assert.equal(await typed.getByTestId('next-retry').count(), 0, 'a test event waits for no retry');

  // Stop the retries of the key.created test (away from its page, which would ask for it again).
  await page.goto('/dashboard/webhooks');
  await page.getByTestId('webhook-card').first().waitFor();
  assert.equal((await page.request.delete(`/api/webhooks/${id}`, { headers })).status(), 204);
  assert.equal(typedHits(), 1);
  assert.deepEqual(
    errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e)),
    [],
  );
});

test("the console's Jobs page opens on what needs attention and fits 390 px", async () => {
  const admin = await openSuperAdminConsole(browser, { width: 390, height: 844 });
  const { page } = admin;
  await page.goto('/admin/jobs');
  await page.getByTestId('job-queues').waitFor({ timeout: 60_000 });
  await animationsDone(page);
  assert.ok((await horizontalOverflow(page)) <= 0, `Jobs scrolls sideways by ${await horizontalOverflow(page)} px at 390`);
  assert.deepEqual(await seriousAxeFindings(page), []);
  await screenshot(page, 'admin-jobs-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'admin-jobs-1280');
  await page.context().close();
});
