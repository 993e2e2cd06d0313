// The dashboard's Usage page against the real server, over a customer who has made a call: "Last Day" draws requests
// per hour on the viewer's clock and names the zone; with the API failing, the page says why in words and its Retry
// loads the page once the API is back. Screenshots at 1280 and 390 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshot, usageWritten } from '../lib.js';
import { createCustomerWithKey, openCustomerDashboard, unexpectedErrors } from '../customer.js';

let browser;
let page;
let errors;

before(async () => {
  browser = await launch();
  // Usage draws its charts once there is a request to draw: the key's first call.
  const user = await createCustomerWithKey(browser, { name: 'Dana Scully', prefix: 'usage', keyName: 'Usage key' });
  ({ page, errors } = await openCustomerDashboard(browser, user));
  await usageWritten();
});

after(async () => {
  await browser?.close();
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

test('no page of this journey logged an unexpected console error', () => {
  assert.deepEqual(unexpectedErrors(errors), []);
});
