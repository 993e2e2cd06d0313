// The dashboard's API playground against the real server, with a key restricted to 127.0.0.1: Execute makes a real
// call that usage counts, Copy cURL pasted into a shell answers 200, the TypeScript tab calls the typed client and is
// remembered, and the MCP tools are listed and called, the call in usage as mcp/<tool>.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BASE_URL, launch, screenshot, usageWritten } from '../lib.js';
import { confirmReveal, createCustomerWithKey, openCustomerDashboard, passesAfterReloads, unexpectedErrors } from '../customer.js';

const execFileAsync = promisify(execFile);
const PASSWORD = 'correct-horse-battery-9';

let browser;
let page;
let errors;

before(async () => {
  browser = await launch();
  // The key the playground picks, restricted to 127.0.0.1: the cURL step runs it from this machine.
  const user = await createCustomerWithKey(browser, {
    name: 'Dana Scully',
    prefix: 'playground',
    password: PASSWORD,
    keyName: 'Local only',
    ipRestrictions: ['127.0.0.1'],
  });
  let context;
  ({ context, page, errors } = await openCustomerDashboard(browser, user));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
});

after(async () => {
  await browser?.close();
});

/** Opens the docs explorer and waits until its playground has picked the customer's key. */
async function openPlayground() {
  await page.goto('/dashboard/docs');
  await page
    .getByTestId('playground-key')
    .getByText(/Local only/)
    .waitFor();
}

test('Execute in the playground makes a real call that is counted in usage', async () => {
  await usageWritten(); // the earlier calls are all counted before the count is read
  await page.goto('/dashboard/usage');
  await page.getByTestId('usage-total-value').waitFor();
  const before = Number((await page.getByTestId('usage-total-value').textContent()).replace(/\D/g, ''));

  await openPlayground();
  await page.getByRole('button', { name: 'Execute' }).click();
  await confirmReveal(page, PASSWORD);
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
  await passesAfterReloads(page, async () => {
    const total = Number((await page.getByTestId('usage-total-value').textContent({ timeout: 1000 })).replace(/\D/g, ''));
    assert.equal(total, before + 1);
  });
});

test('the playground’s Copy cURL, pasted into a shell, answers 200 (placeholder first, the full key after a reveal)', async () => {
  await openPlayground();
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
  await confirmReveal(page, PASSWORD);
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
  await openPlayground();
  const example = page.getByTestId('request-example');
  await page.getByRole('button', { name: 'Use my key in examples' }).click();
  await confirmReveal(page, PASSWORD);
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
  await confirmReveal(page, PASSWORD);
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
  await passesAfterReloads(page, async () => {
    await page.getByText('mcp/get_current_time').first().waitFor({ timeout: 1000 });
  });
});

test('no page of this journey logged an unexpected console error', () => {
  assert.deepEqual(unexpectedErrors(errors), []);
});
