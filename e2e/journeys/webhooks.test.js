// Webhooks in the dashboard, against the real server (e2e/run.js sets WEBHOOK_ALLOW_PRIVATE=true so a receiver on
// 127.0.0.1 may be used): an Enterprise customer adds an endpoint (the signing secret shown once), sends a test event,
// sees it in the delivery log and resends it. The receiver here checks each delivery with the standardwebhooks
// verifier, as a customer's would. Screenshots at 1280 and 375 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { BASE_URL, SUPER_ADMIN, createVerifiedUser, ensureSuperAdminTotp, launch, openPage, screenshot, signInOnLoginPage, totpCode, until } from '../lib.js';

let browser;
let customer;
let receiver;
const received = [];

before(async () => {
  receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
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
  await until(async () => received.length >= 1, { what: 'the test event at the receiver' });
  const verifier = new Webhook(secret);
  const first = verifier.verify(received[0].body, received[0].headers);
  assert.equal(first.type, 'webhook.test');

  const deliveries = page.getByRole('dialog');
  const row = deliveries.getByTestId('webhook-delivery').first();
  await row.getByText('webhook.test').waitFor();
  await until(async () => /200/.test(await row.textContent()), { what: 'the delivery logged with its 200' });
  await row.getByRole('button', { name: 'Resend' }).click();
  await page.getByTestId('toast').getByText('The event is sent again with the same webhook-id.').waitFor();
  await until(async () => received.length >= 2, { what: 'the resent event at the receiver' });
  assert.deepEqual(verifier.verify(received[1].body, received[1].headers), first);
  assert.equal(received[1].headers['webhook-id'], received[0].headers['webhook-id']);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'webhooks-deliveries-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(
    errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e)),
    [],
  );
});
