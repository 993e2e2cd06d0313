// The customer's account area against the real server: keys with restrictions, real calls, usage, the
// playground, profile and password, the hourly quota, and screenshots of every page at 1280 and 375 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  BASE_URL,
  SUPER_ADMIN,
  animationsDone,
  collectConsoleErrors,
  ensureSuperAdminTotp,
  launch,
  openPage,
  readMailLink,
  screenshot,
  totpCode,
  uniqueEmail,
  usageWritten,
} from '../lib.js';

const execFileAsync = promisify(execFile);
const PASSWORD = 'correct-horse-battery-9';
const NEW_PASSWORD = 'tranquil-otter-lantern-42';
const email = uniqueEmail('dash');

let browser;
let context;
let page;
let errors;

/** A call to the public API from this test process (client address 127.0.0.1). */
async function callApi(key, path = '/api/time/current?timezone=Europe/London') {
  const res = await fetch(`${BASE_URL}${path}`, { headers: key ? { 'X-API-Key': key } : {} });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body, headers: res.headers };
}

/** Reloads until check() passes (usage is written in batches every second); the deadline only guards against a hang. */
async function eventually(check, { timeoutMs = 30_000, reload = true } = {}) {
  const deadline = performance.now() + timeoutMs;
  let last;
  while (performance.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      last = error;
      await new Promise((r) => setTimeout(r, 700));
      if (reload) await page.reload();
    }
  }
  throw last;
}

const toast = () => page.getByTestId('toast').first();

/** A key's secret is shown again only after the password (the "Confirm It's You" dialog the reveal opens). */
async function confirmReveal(password = PASSWORD) {
  const dialog = page.getByRole('dialog', { name: "Confirm It's You" });
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Reveal Key' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** True when two boxes on screen overlap. */
const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
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

async function signIn(password) {
  await page.goto('/login');
  const form = page.locator('form[aria-label="Welcome Back"]');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
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
  await signIn(PASSWORD);
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
  await toast().getByText('Name required').waitFor();
  await dialog.getByLabel(/^Name/).fill('Local only');
  await dialog.getByLabel('IP restrictions').fill('127.0.0.1\n\n10.0.0.300');
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await dialog.getByText('Line 3: "10.0.0.300" is not an IP address or CIDR range').waitFor();
  await dialog.getByLabel('IP restrictions').fill('127.0.0.1\n');
  await dialog.getByRole('button', { name: 'Create Key' }).click();

  const secret = page.getByRole('dialog', { name: 'Your new API key' });
  localKey = (await secret.getByTestId('new-key-value').textContent()).trim();
  assert.match(localKey, /^tzk_live_/);
  await toast().getByText('API Key Created').waitFor();
  await secret.getByRole('button', { name: 'Copy' }).click();
  await toast().getByText('Copied to clipboard').waitFor();
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
  await confirmReveal();
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
  await eventually(async () => {
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

test('"Last Day" draws requests per hour, labelled on the viewer’s clock and naming the zone', async () => {
  await page.goto('/dashboard/usage');
  await page.getByTestId('chart-per-day').waitFor();
  await page.getByTestId('usage-range').click();
  await page.getByRole('option', { name: 'Last Day' }).click();
  await page.getByRole('heading', { name: 'Requests per Hour' }).waitFor();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.getByTestId('chart-zone').getByText(`(${zone})`, { exact: false }).waitFor();
  await page.getByTestId('chart-per-hour').scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-usage-last-day-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('chart-per-hour').scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-usage-last-day-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('with the API failing, Usage says why in words with a Retry that loads the page once the API is back', async () => {
  await page.route('**/api/usage/summary?*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ status: 503, title: 'Service Unavailable' }) }),
  );
  await page.goto('/dashboard/usage');
  const alert = page.getByTestId('load-error');
  await alert.getByText('Could not load your usage').waitFor();
  assert.doesNotMatch(await alert.textContent(), /Failed to fetch/);
  await screenshot(page, 'dashboard-usage-error-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'dashboard-usage-error-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.unroute('**/api/usage/summary?*');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByTestId('status-codes').waitFor();
  assert.equal(await page.getByTestId('load-error').count(), 0);
  // The browser logged the 503s this step made on purpose: not errors of the pages checked later.
  for (let i = errors.length - 1; i >= 0; i--) if (/503 \(Service Unavailable\).*\/api\/usage\/summary/.test(errors[i])) errors.splice(i, 1);
});

test('the landing demo, with the API unreachable, says so beside the request without "Live" or "Answered just now"', async () => {
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const p = await visitor.newPage();
  await p.route('**/api/public/demo/current?*', (route) => route.abort('connectionrefused'));
  for (const width of [1280, 390]) {
    await p.setViewportSize({ width, height: 900 });
    await p.goto('/');
    const demo = p.getByTestId('demo-error');
    await demo.getByText(/could not be reached/).waitFor();
    assert.equal(await p.getByTestId('demo-live').count(), 0);
    assert.equal(await p.getByText(/Answered just now/).count(), 0);
    await demo.scrollIntoViewIfNeeded();
    await screenshot(p, `landing-demo-error-${width}`, { fullPage: false });
    const clock = p.getByTestId('world-clock').first();
    await clock.scrollIntoViewIfNeeded();
    assert.doesNotMatch((await p.getByTestId('world-clock-zone').allTextContents()).join('|'), /GMT[+-]/);
    await screenshot(p, `landing-world-clock-${width}`, { fullPage: false });
  }
  await visitor.close();
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
  await toast().getByText('API Key Updated').waitFor();
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
  await toast().getByText('API Key Rotated').waitFor();
  assert.notEqual(rotated, otherKey);
  await secret.getByRole('button', { name: 'Done' }).click();
  assert.equal((await callApi(otherKey)).status, 401, 'the old key is refused at once');
  assert.equal((await callApi(rotated)).status, 200);

  await card.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete API Key' });
  await del.getByRole('button', { name: 'Delete Key' }).click();
  await toast().getByText('API Key Deleted').waitFor();
  await keyCard('Office (local)').waitFor({ state: 'detached' });
  assert.equal((await callApi(rotated)).status, 401, 'a deleted key is refused');
  assert.equal(await page.getByTestId('api-key-card').count(), 1);
});

test('Execute in the playground makes a real call that is counted in usage', async () => {
  await usageWritten(); // the earlier calls are all counted before the count is read
  await page.goto('/dashboard/usage');
  await page.getByTestId('usage-total-value').waitFor();
  const before = Number((await page.getByTestId('usage-total-value').textContent()).replace(/\D/g, ''));

  await page.goto('/dashboard/docs');
  await page
    .getByTestId('playground-key')
    .getByText(/Local only/)
    .waitFor();
  await page.getByRole('button', { name: 'Execute' }).click();
  await confirmReveal();
  const panel = page.getByTestId('response-panel');
  await panel.getByText(/^200/).waitFor();
  // The explorer's response panel shows the answer's rate limit and data version headers, the rest on demand.
  const headers = panel.getByTestId('response-headers');
  await headers.getByText('ratelimit-remaining', { exact: true }).waitFor();
  await headers.getByText('x-tzdb-version', { exact: true }).waitFor();
  await panel.getByRole('button', { name: /All headers/ }).click();
  await headers.getByText('content-type', { exact: true }).waitFor();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-docs-executed-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-docs-executed-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dashboard/usage');
  await eventually(async () => {
    const total = Number((await page.getByTestId('usage-total-value').textContent({ timeout: 1000 })).replace(/\D/g, ''));
    assert.equal(total, before + 1);
  });
});

test('the playground’s Copy cURL, pasted into a shell, answers 200 (placeholder first, the full key after a reveal)', async () => {
  await page.goto('/dashboard/docs');
  await page
    .getByTestId('playground-key')
    .getByText(/Local only/)
    .waitFor();
  const example = page.getByTestId('request-example');
  // Before a reveal the example names a placeholder, and the page says to replace it; the host is the server's APP_URL.
  await example
    .getByTestId('request-example-note')
    .getByText(/Replace YOUR_API_KEY/)
    .waitFor();
  await example.getByRole('button', { name: 'Copy cURL' }).click();
  const placeholder = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(placeholder, /X-API-Key: YOUR_API_KEY/);
  assert.ok(placeholder.includes(`"${BASE_URL}/api/`), placeholder);
  assert.doesNotMatch(placeholder, /example\.com|…/);

  await page.getByRole('button', { name: 'Use my key in examples' }).click();
  await confirmReveal();
  await example.getByText(/X-API-Key: tzk_live_/).waitFor();
  await example.getByRole('button', { name: 'Copy cURL' }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(curl, /^curl /);
  assert.match(curl, /X-API-Key: tzk_live_[^…"]+"/);
  await screenshot(page, 'dashboard-docs-curl-1280', { fullPage: false });

  // Run it as pasted in a shell, from this machine (the key is restricted to 127.0.0.1).
  const { stdout } = await execFileAsync('sh', ['-c', `${curl} -s -o /dev/null -w "%{http_code}"`]);
  assert.equal(stdout.trim(), '200', curl.replace(/tzk_live_\S+/, 'tzk_live_…'));
});

test('the playground’s TypeScript tab calls the typed client (@tzapi/client) with the key and host; the language is remembered', async () => {
  await page.goto('/dashboard/docs');
  await page
    .getByTestId('playground-key')
    .getByText(/Local only/)
    .waitFor();
  const example = page.getByTestId('request-example');
  await page.getByRole('button', { name: 'Use my key in examples' }).click();
  await confirmReveal();
  await example.getByRole('tab', { name: 'TypeScript' }).click();
  await example.getByRole('button', { name: 'Copy TypeScript' }).click();
  const typescript = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(typescript, /^import \{ createTzApiClient \} from '@tzapi\/client';$/m);
  assert.ok(typescript.includes(`baseUrl: '${BASE_URL}'`), typescript);
  assert.match(typescript, /apiKey: 'tzk_live_[^…']+'/);
  assert.match(typescript, /await tz\.get\('\/api\//);
  await screenshot(page, 'dashboard-docs-typescript-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await example.scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-docs-typescript-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.reload();
  await page.getByTestId('request-example').getByRole('tab', { name: 'TypeScript', selected: true }).waitFor();
  // Back to the default, for the journeys after this one.
  await page.getByTestId('request-example').getByRole('tab', { name: 'cURL' }).click();
});

test('the playground lists the MCP tools and calls one with the picked key; the call is in usage as mcp/<tool>', async () => {
  await page.goto('/dashboard/docs');
  await page.getByTestId('category-ai-assistants').click();
  await page
    .getByTestId('playground-key')
    .getByText(/Local only/)
    .waitFor();
  await page.getByTestId('mcp-list-tools').click();
  await confirmReveal();
  await page.getByTestId('mcp-tool-count').getByText('20 tools').waitFor();
  // The first tool with its documented example arguments.
  await page.getByTestId('mcp-call').click();
  await page
    .getByTestId('mcp-summary')
    .getByText(/^It is .+ in America\/New_York/)
    .waitFor();
  await page.getByTestId('mcp-guide').getByTestId('mcp-url').getByText(`${BASE_URL}/mcp`, { exact: true }).waitFor();
  await page.getByTestId('mcp-playground').scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-docs-mcp-1280', { fullPage: false });

  await page.goto('/dashboard/usage');
  await eventually(async () => {
    await page.getByText('mcp/get_current_time').first().waitFor({ timeout: 1000 });
  });
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

test('changes the profile and the password, then signs in with the new password', async () => {
  await page.goto('/dashboard/profile');
  await page.getByLabel('First Name').fill('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByText('First name is required').waitFor();
  await page.getByLabel('First Name').fill('Fox');
  await page.getByLabel('Last Name').fill('Mulder');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await toast().getByText('Profile Updated').waitFor();
  await page.getByTestId('sidebar-name').getByText('Fox Mulder').waitFor();

  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD + 'x');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText("Passwords don't match").waitFor();
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await toast().getByText('Error', { exact: true }).waitFor();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await toast().getByText('Password Updated').waitFor();
  await screenshot(page, 'dashboard-profile-1280');

  await page.getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signIn(NEW_PASSWORD);
  await page.getByTestId('dashboard-heading').getByText('Welcome back, Fox Mulder!').waitFor();
});

test('every dashboard page renders at 1280 and 375 px without errors', async () => {
  const pages = [
    ['overview', '/dashboard', () => page.getByTestId('dashboard-heading')],
    ['keys', '/dashboard/api-keys', () => page.getByTestId('api-key-card').first()],
    ['docs', '/dashboard/docs', () => page.getByRole('button', { name: 'Execute' })],
    ['usage', '/dashboard/usage', () => page.getByTestId('recent-requests')],
    ['billing', '/dashboard/billing', () => page.locator('#main').locator('h1, h2, h3, h4').first()],
    ['profile', '/dashboard/profile', () => page.getByRole('button', { name: 'Update Profile' })],
  ];
  for (const [name, url, ready] of pages) {
    await page.goto(url);
    await ready().waitFor();
    await animationsDone(page);
    await screenshot(page, `dashboard-${name}-1280`);
  }

  const mobile = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: BASE_URL, storageState: await context.storageState() });
  const small = await mobile.newPage();
  const smallErrors = collectConsoleErrors(small);
  const previous = page;
  page = small;
  try {
    for (const [name, url, ready] of pages) {
      await small.goto(url);
      await ready().waitFor();
      await animationsDone(small);
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${url} overflows horizontally by ${overflow}px at 375 px`);
      await screenshot(small, `dashboard-${name}-375`);
    }
    await small.goto('/dashboard/api-keys');
    await small.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = small.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByLabel('IP restrictions').fill('127.0.0.1\nnot-an-ip');
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await dialog.getByText('Line 2: "not-an-ip" is not an IP address or CIDR range').waitFor();
    await animationsDone(small);
    await screenshot(small, 'dashboard-keys-dialog-375', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await small.goto('/dashboard');
    await small.getByRole('button', { name: 'Open navigation' }).click();
    await small.getByRole('link', { name: 'API Keys' }).waitFor();
    await animationsDone(small); // the drawer has slid in
    await screenshot(small, 'dashboard-drawer-375', { fullPage: false });
    await small.getByRole('link', { name: 'Usage' }).click();
    await small.waitForURL(/\/dashboard\/usage$/);
  } finally {
    page = previous;
    await mobile.close();
  }
  const unexpected = (list) => list.filter((e) => !/Failed to load resource: the server responded with a status of (400|401|403)/.test(e));
  assert.deepEqual(unexpected(smallErrors), []);
  assert.deepEqual(unexpected(errors), []);
});

test('a toast sits clear of the sidebar’s avatar and Logout (1280 px), of the app bar and of the dialog’s buttons (390 px)', async () => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto('/dashboard/api-keys');
    await page.getByTestId('api-key-card').first().waitFor();
    await page.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    const shown = toast();
    await shown.getByText('Name required').waitFor();
    await animationsDone(page);
    const box = await shown.boundingBox();
    if (width > 600) {
      for (const what of [page.locator('a[href="/api/logout"]'), page.locator('.MuiAvatar-root')]) {
        const target = await what.first().boundingBox();
        assert.ok(target && !overlaps(box, target), `the toast ${JSON.stringify(box)} covers ${JSON.stringify(target)}`);
      }
      assert.ok(box.width <= 420, `at most 420 px wide (${box.width})`);
    } else {
      const appBar = await page.locator('header').first().boundingBox();
      assert.ok(appBar && !overlaps(box, appBar), `the toast ${JSON.stringify(box)} covers the app bar ${JSON.stringify(appBar)}`);
      const create = await dialog.getByRole('button', { name: 'Create Key' }).boundingBox();
      assert.ok(create && !overlaps(box, create), `the toast ${JSON.stringify(box)} covers the dialog's Create Key ${JSON.stringify(create)}`);
    }
    await screenshot(page, `dashboard-toast-${width}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('signed out: a visit goes to the login with returnTo; a session lost mid-visit toasts, then goes there too', async () => {
  const fresh = await browser.newContext({ baseURL: BASE_URL });
  const p = await fresh.newPage();
  await p.goto('/dashboard/api-keys');
  await p.waitForURL(/\/login\?returnTo=%2Fdashboard%2Fapi-keys/);
  await fresh.close();

  // The session ends while the dashboard is open: the next call answers 401.
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-heading').waitFor();
  await context.clearCookies();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Usage', exact: true }).click();
  await toast().getByText('You are logged out. Logging in again...').waitFor();
  await page.waitForURL(/\/login\?returnTo=%2Fdashboard%2Fusage$/);
});

test('a super admin who opens the dashboard is sent to /admin', async () => {
  assert.ok(SUPER_ADMIN.email, 'the harness passes the super admin credentials');
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const totp = await totpCode(await ensureSuperAdminTotp(admin.request));
  const res = await admin.request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } });
  assert.equal(res.status(), 200, await res.text());
  const p = await admin.newPage();
  await p.goto('/dashboard/usage');
  await p.waitForURL(/\/admin/);
  await admin.close();
});

test('a blocked customer who reloads is told why on the sign-in page, before typing anything', async () => {
  await signIn(NEW_PASSWORD);
  const { id } = await (await page.request.get('/api/me')).json();
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const totp = await totpCode(await ensureSuperAdminTotp(admin.request));
  assert.equal((await admin.request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } })).status(), 200);
  assert.equal((await admin.request.post(`/api/admin/users/${id}/block`, { headers: { Origin: BASE_URL } })).status(), 200);

  await page.goto('/dashboard/usage');
  await page.waitForURL(/\/login\?returnTo=%2Fdashboard%2Fusage&error=blocked$/);
  await page.getByRole('alert').getByText('Your account has been blocked. Contact support.').waitFor();
  await screenshot(page, 'login-blocked-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'login-blocked-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  assert.equal((await admin.request.post(`/api/admin/users/${id}/unblock`, { headers: { Origin: BASE_URL } })).status(), 200);
  await admin.close();
});
