// Usage → Requests against the real server: real calls with a real key, the log, a filter, the detail drawer without
// secrets, a Free account's upgrade card, axe at 1280 and 390 px (no serious or critical finding) and no sideways scroll on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE_URL, createVerifiedUser, launch, openPage, openSuperAdminConsole, screenshot, signInOnLoginPage, usageWritten } from '../lib.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASTED = 'tzk_live_PastedIntoTheUrlByMistake0000000000';

let browser;
let context;
let page;
let key;
const requestIds = [];

async function seriousAxeFindings() {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

before(async () => {
  browser = await launch();
  ({ context, page } = await openPage(browser, { width: 1280, height: 900 }));
  const user = await createVerifiedUser(context.request, { name: 'Log Reader', prefix: 'requests' });
  await page.goto('/login');
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard$/);
  const created = await context.request.post('/api/api-keys', {
    data: { name: 'Log key', ipRestrictions: [], urlRestrictions: [] },
    headers: { Origin: BASE_URL },
  });
  assert.equal(created.status(), 201, await created.text());
  key = (await created.json()).key;
  for (const path of ['/api/time/utc', `/api/time/current?timezone=Asia/Tokyo&api_key=${PASTED}`, '/api/time/current?timezone=Not/AZone']) {
    const res = await fetch(`${BASE_URL}${path}`, { headers: { 'X-API-Key': key } });
    requestIds.push(res.headers.get('x-request-id'));
  }
  await usageWritten();
});

after(async () => {
  await browser?.close();
});

test('the Requests page lists the calls in the viewer’s zone, filters by status and opens one without its secrets', async () => {
  await page.goto('/dashboard/requests');
  await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.getByTestId('requests-zone').getByText(`(${zone})`, { exact: false }).waitFor();
  await page.getByTestId('request-row').nth(2).waitFor();
  assert.equal(await page.getByTestId('request-row').count(), 3);
  await page.getByTestId('analytics-upsell').getByText('Upgrade to Premium').waitFor();
  assert.deepEqual(await seriousAxeFindings(), []);
  await screenshot(page, 'dashboard-requests-1280');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: '4xx' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="request-row"]').length === 1);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All Statuses' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="request-row"]').length === 3);

  await page.getByRole('textbox', { name: 'Search by request ID' }).fill(requestIds[1]);
  await page.getByRole('textbox', { name: 'Search by request ID' }).press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="request-row"]').length === 1);
  await page.getByTestId('request-row').getByRole('button').first().click();
  const drawer = page.getByTestId('request-detail');
  await drawer.getByText('timezone = Asia/Tokyo').waitFor();
  await drawer.getByText('api_key = [redacted]').waitFor();
  await drawer.getByText(requestIds[1]).waitFor();
  const text = await drawer.textContent();
  assert.ok(!text.includes(PASTED), 'the pasted key is not shown');
  assert.ok(!text.includes(key), 'the key is shown masked');
  assert.deepEqual(await seriousAxeFindings(), []);
  await screenshot(page, 'dashboard-requests-detail-1280', { fullPage: false });
  await page.getByRole('button', { name: 'Close' }).click();
});

test('the Requests page works at 390 px: no sideways scroll, the drawer fills the screen, axe finds nothing serious', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/requests');
  await page.getByTestId('request-row').nth(2).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
  assert.deepEqual(await seriousAxeFindings(), []);
  await screenshot(page, 'dashboard-requests-390');
  await page.getByTestId('request-row').first().getByRole('button').first().click();
  await page.getByTestId('request-detail').waitFor();
  assert.deepEqual(await seriousAxeFindings(), []);
  await screenshot(page, 'dashboard-requests-detail-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('on Premium the page adds p50, p95 and p99 and the status-stacked hourly chart in the viewer’s zone, at 1280 and 390 px', async () => {
  const me = await (await context.request.get('/api/me')).json();
  const admin = await openSuperAdminConsole(browser);
  const changed = await admin.context.request.post(`/api/admin/users/${me.id}/plan`, { data: { plan: 'premium' }, headers: { Origin: BASE_URL } });
  assert.equal(changed.status(), 200, await changed.text());
  await admin.context.close();

  await page.goto('/dashboard/requests');
  await page.getByTestId('latency-p95-value').getByText(/ms$/).waitFor();
  for (const p of ['p50', 'p95', 'p99']) assert.match(await page.getByTestId(`latency-${p}-value`).textContent(), /^\d+(\.\d+)? ms$/);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.getByTestId('analytics-zone').getByText(`(${zone})`, { exact: false }).waitFor();
  await page.getByRole('heading', { name: 'Requests per Hour by Status' }).waitFor();
  await page.getByTestId('chart-status-stacked').locator('svg').first().waitFor();
  assert.equal(await page.getByTestId('analytics-upsell').count(), 0);
  assert.deepEqual(await seriousAxeFindings(), []);
  await screenshot(page, 'dashboard-requests-premium-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
  assert.deepEqual(await seriousAxeFindings(), []);
  await screenshot(page, 'dashboard-requests-premium-390');
  await page.setViewportSize({ width: 1280, height: 900 });
});
