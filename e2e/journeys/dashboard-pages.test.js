// Every dashboard page against the real server, over a customer with a key and a call: each renders at 1280 and 375
// px without console errors or sideways scrolling (the key dialog's line check and the navigation drawer included),
// and a toast sits clear of the sidebar, the app bar and the dialog's buttons.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, animationsDone, collectConsoleErrors, launch, screenshot, usageWritten } from '../lib.js';
import { createCustomerWithKey, openCustomerDashboard, toast, unexpectedErrors } from '../customer.js';

let browser;
let context;
let page;
let errors;

/** True when two boxes on screen overlap. */
const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

before(async () => {
  browser = await launch();
  // A key card for API Keys, and its call for Usage's list.
  const user = await createCustomerWithKey(browser, { name: 'Dana Scully', prefix: 'pages', keyName: 'Local only' });
  ({ context, page, errors } = await openCustomerDashboard(browser, user));
  await usageWritten();
});

after(async () => {
  await browser?.close();
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
  assert.deepEqual(unexpectedErrors(smallErrors), []);
  assert.deepEqual(unexpectedErrors(errors), []);
});

test('a toast sits clear of the sidebar’s avatar and Logout (1280 px), of the app bar and of the dialog’s buttons (390 px)', async () => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto('/dashboard/api-keys');
    await page.getByTestId('api-key-card').first().waitFor();
    await page.getByRole('button', { name: 'Create API Key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    const shown = toast(page);
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
