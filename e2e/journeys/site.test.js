// Public site journeys: every public route renders without console errors; the landing's demo, and what it says when
// the API is unreachable; /docs lists the whole OpenAPI document and both downloads work; a support message is stored
// and mailed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import postman from 'postman-collection';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, SUPER_ADMIN, ensureSuperAdminTotp, launch, openPage, readMail, screenshot, totpCode, uniqueEmail, visit, downloadedFile } from '../lib.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const openapi = JSON.parse(readFileSync(join(root, 'openapi', 'openapi.json'), 'utf8'));

const publicRoutes = [
  ['/', 'landing'],
  ['/products', 'products'],
  ['/solutions', 'solutions'],
  ['/docs', 'docs'],
  ['/docs/ai-assistants', 'ai-assistants'],
  ['/docs/errors', 'docs-errors'],
  ['/pricing', 'pricing'],
  ['/support', 'support'],
  ['/status', 'status'],
  ['/about', 'about'],
  ['/help', 'help'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/faq', 'faq'],
  ['/resources', 'resources'],
  ['/comparison', 'comparison'],
  ['/timezone-data', 'timezone-data'],
  ['/meeting-planner', 'meeting-planner'],
  ['/sla', 'sla'],
  ['/login', 'login'],
  ['/verify-email-confirmation?email=someone%40e2e.test', 'verify-email'],
  ['/reset-password', 'reset-password-invalid'],
  ['/no-such-page', 'not-found'],
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a visitor browses every public route without a console error', async () => {
  const { page, errors, context } = await openPage(browser);
  for (const [path, name] of publicRoutes) {
    const response = await visit(page, path);
    // The server knows the app's routes: an unknown path is a real 404 (with the app's Page Not Found screen).
    assert.equal(response.status(), name === 'not-found' ? 404 : 200, `${path} answers its status`);
    const h1 = page.locator('h1').first();
    assert.ok((await h1.textContent())?.trim(), `${path} has a heading`);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    assert.ok(title.length > 3, `${path} has a title`);
    assert.ok(description && description.length > 10, `${path} has a meta description`);
    await screenshot(page, `site-${name}`);
  }
  assert.equal(await page.locator('h1').first().textContent(), '404 Page Not Found');
  // Chromium logs the document's own 404; that one is the point.
  const unexpected = errors.filter((e) => !/\/no-such-page: Failed to load resource: the server responded with a status of 404/.test(e));
  assert.deepEqual(unexpected, [], `console errors:\n${unexpected.join('\n')}`);
  await context.close();
});

test('"Use with AI assistants": the MCP endpoint on this server and a config per client, from the footer and the docs explorer', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  await page.locator('footer').getByRole('link', { name: 'AI Assistants (MCP)' }).click();
  await page.waitForURL('**/docs/ai-assistants');
  const guide = page.getByTestId('mcp-guide');
  await guide.getByTestId('mcp-url').getByText(`${BASE_URL}/mcp`, { exact: true }).waitFor();
  for (const client of ['claude-code', 'claude-desktop', 'cursor', 'vscode']) {
    await guide.getByTestId(`mcp-client-${client}`).click();
    const code = await guide.locator('pre').first().textContent();
    const config = JSON.parse(code.slice(code.indexOf('{')));
    const server = (config.mcpServers ?? config.servers).tzapi;
    assert.ok(JSON.stringify(server).includes(`${BASE_URL}/mcp`), `${client}: ${code}`);
  }
  // Every tool the MCP endpoint lists (tools/list with a key is the dashboard journey's; the guide shows the same twenty).
  assert.equal(await guide.getByTestId('mcp-tools').getByRole('listitem').count(), 20);
  await screenshot(page, 'site-ai-assistants');
  // The same guide is a pane of the docs explorer.
  await page.goto('/docs', { waitUntil: 'networkidle' });
  await page.getByTestId('category-ai-assistants').click();
  await page.getByTestId('mcp-guide').getByTestId('mcp-url').waitFor();
  // The MCP endpoint itself answers an MCP client (a stateless tools/list needs a key: 401 problem without one).
  const refused = await fetch(`${BASE_URL}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.equal(refused.status, 401);
  assert.equal((await refused.json()).code, 'missing_api_key');
  assert.deepEqual(errors, []);
  await context.close();
});

test('header and footer: links, auth buttons and the current year', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  await page.getByTestId('header-login').waitFor();
  assert.equal(await page.getByTestId('header-login').textContent(), 'Login');
  const footer = page.locator('footer');
  for (const label of ['Documentation', 'API Reference', 'API Status', 'Help Center', 'Contact Us', 'FAQ', 'About', 'Privacy Policy', 'Terms of Use', 'SLA']) {
    assert.equal(await footer.getByRole('link', { name: label, exact: true }).count(), 1, `footer link ${label}`);
  }
  assert.match(await footer.textContent(), new RegExp(`© ${new Date().getFullYear()}`));
  await page.getByRole('button', { name: 'Products' }).click();
  await page.getByRole('menuitem', { name: /View All Products/ }).click();
  await page.waitForURL('**/products');
  await page.getByRole('button', { name: 'Solutions' }).click();
  assert.equal(await page.getByRole('menuitem').count(), 9);
  await page.keyboard.press('Escape');
  // The dialog opens in register mode from Get Started Free.
  await page.getByTestId('header-get-started').click();
  await page.getByRole('dialog').getByText('Create Your Account').waitFor();
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
  await context.close();
});

test('landing: pricing from /api/config, demo select, ticking clocks', async () => {
  const { page, errors, context } = await openPage(browser);
  const config = await (await fetch(`${BASE_URL}/api/config`)).json();
  await page.goto('/', { waitUntil: 'networkidle' });
  for (const plan of config.plans) {
    const card = page.getByTestId(`plan-${plan.id}`).first();
    assert.match(await card.textContent(), new RegExp(`\\$${plan.priceMonthly}`));
  }
  assert.equal(await page.getByTestId('world-clock').count(), 6);
  const first = await page.getByTestId('world-clock').first().locator('time').textContent();
  // The clocks tick: the shown time changes (awaited; the timeout only guards against a clock that never ticks).
  await page.waitForFunction((shown) => document.querySelector('[data-testid="world-clock"] time')?.textContent !== shown, first, { timeout: 30_000 });
  assert.equal(await page.getByTestId('demo-zone-select').locator('option').count(), 10);
  assert.equal(await page.getByTestId('demo-zone-select').inputValue(), 'America/New_York');
  await page.getByTestId('demo-zone-select').selectOption('Asia/Tokyo');
  await page.getByText('"timezone": "Asia/Tokyo"').waitFor();
  await screenshot(page, 'landing-demo-tokyo', { fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
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

test('/docs shows every public endpoint of the OpenAPI file and both downloads work', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto('/docs', { waitUntil: 'networkidle' });
  // The document's top-level tags are the public API; account, key, billing and admin routes are not shown.
  const publicTags = openapi.tags.map((t) => t.name);
  const operations = Object.entries(openapi.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => publicTags.includes(op.tags?.[0]))
      .map(([m]) => `${m.toUpperCase()} ${path}`),
  );
  const links = page.getByTestId('endpoint-link');
  // The explorer renders after its route's chunk: await the first link (count() itself does not wait).
  await links.first().waitFor();
  assert.equal(await links.count(), operations.length);
  const sidebarText = (await links.allTextContents()).join('\n');
  for (const op of operations) assert.ok(sidebarText.includes(op.split(' ')[1]), `${op} is listed`);
  for (const tag of ['Time', 'TimeZone', 'Conversion', 'Calculation', 'Business time', 'System']) {
    await page.getByTestId(`category-${tag}`).click();
    const count = Number((await page.getByTestId(`category-${tag}`).locator('.MuiChip-label').textContent()).trim());
    assert.equal(
      count,
      operations
        .filter((o) => Object.values(openapi.paths).length && o)
        .filter((o) => {
          const [m, p] = o.split(' ');
          return openapi.paths[p][m.toLowerCase()].tags?.[0] === tag;
        }).length,
    );
  }
  // Conversion: a POST with a request body; Execute is simulated for 1 s.
  await page.getByTestId('category-Conversion').click();
  await page.getByTestId('endpoint-detail').getByRole('heading', { level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.getByRole('button', { name: 'Executing...' }).waitFor();
  await page.getByTestId('response-panel').getByText('200 OK').waitFor();
  await page.getByRole('button', { name: 'CSV' }).click();
  await screenshot(page, 'docs-conversion');

  for (const [button, file] of [
    ['Postman Collection', 'postman_collection.json'],
    ['OpenAPI Spec', 'openapi.json'],
  ]) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    assert.equal(download.suggestedFilename(), file);
    const path = await downloadedFile(download);
    const body = JSON.parse(readFileSync(path, 'utf8'));
    if (file === 'openapi.json') {
      assert.ok(body.openapi && body.paths['/api/time/current']);
      assert.deepEqual(body.servers, [{ url: BASE_URL }], 'the document names the server it came from');
      assert.ok(!Object.keys(body.paths).some((p) => /^\/api\/(admin|billing|auth|api-keys)/.test(p)), 'only the public API');
    } else {
      // Imported the way Postman imports it: the requests resolve against the host that served the file.
      const collection = new postman.Collection(body);
      assert.equal(collection.variables.get('baseUrl'), BASE_URL);
      const requests = [];
      collection.forEachItem((item) => requests.push(item.request.url.getPath()));
      assert.ok(requests.includes('/api/time/current'));
      assert.ok(!requests.some((p) => p.startsWith('/api/admin')));
    }
    await page.getByTestId('toast').getByText('Download Started').first().waitFor();
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a problem answer's type opens the section of /docs/errors that explains its code", async () => {
  const res = await fetch(`${BASE_URL}/api/time/current?timezone=Europe/Paris`);
  const problem = await res.json();
  assert.equal(res.status, 401);
  assert.equal(problem.type, `${BASE_URL}/docs/errors#missing_api_key`);
  const { page, errors, context } = await openPage(browser);
  await page.goto(problem.type);
  const section = page.locator('section#missing_api_key');
  await section.getByText('HTTP 401').waitFor();
  await section.getByText(/X-API-Key/).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a support message is sent, stored and mailed', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto('/support', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByTestId('toast').getByText('Missing Information').waitFor();
  const email = uniqueEmail('support');
  const subject = `E2E question ${Date.now()}`;
  await page.getByLabel('Name').fill('E2E Visitor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Technical Issue' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('How do I convert a time to several zones at once?');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByTestId('toast').getByText('Message Sent').waitFor();
  await page.getByTestId('toast').getByText("We'll get back to you within 24 hours.").waitFor();
  await screenshot(page, 'support-sent', { fullPage: false });
  const supportInbox = (await (await fetch(`${BASE_URL}/api/config`)).json()).supportEmail;
  const mail = await readMail(supportInbox, { since });
  assert.match(mail.text, new RegExp(subject));

  // Stored: the super admin lists it.
  if (SUPER_ADMIN.email) {
    const api = context.request;
    const totp = await totpCode(await ensureSuperAdminTotp(api));
    const login = await api.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } });
    assert.equal(login.status(), 200, await login.text());
    const list = await api.get(`/api/admin/support-messages?filter=${encodeURIComponent(JSON.stringify({ q: subject }))}`);
    assert.equal(list.status(), 200, await list.text());
    const items = await list.json();
    assert.ok(JSON.stringify(items).includes(subject), 'the message is in the store');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the site is usable at 375 px', async () => {
  const { page, errors, context } = await openPage(browser, { width: 375, height: 740 });
  for (const [path, name] of publicRoutes) {
    const response = await visit(page, path);
    // The server knows the app's routes: an unknown path is a real 404 (with the app's Page Not Found screen).
    assert.equal(response.status(), name === 'not-found' ? 404 : 200, `${path} answers its status`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${path} has no horizontal scroll at 375 px (overflow ${overflow}px)`);
    await screenshot(page, `mobile-${name}`);
  }
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
  await page.waitForURL('**/pricing');
  assert.deepEqual(
    errors.filter((e) => !/\/no-such-page: Failed to load resource: the server responded with a status of 404/.test(e)),
    [],
  );
  await context.close();
});

test('resources download as markdown; the directory filters and exports CSV', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto('/resources', { waitUntil: 'networkidle' });
  await page.getByTestId('guide-card').first().waitFor();
  // One card per guide in docs-site/guides.
  const guideFiles = readdirSync(new URL('../../docs-site/guides/', import.meta.url)).filter((f) => f.endsWith('.md'));
  assert.equal(await page.getByTestId('guide-card').count(), guideFiles.length);
  const [guide] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).first().click()]);
  assert.match(guide.suggestedFilename(), /\.md$/);
  const markdown = readFileSync(await downloadedFile(guide), 'utf8');
  assert.match(markdown, /^---\ntitle: /);

  const zones = await (await fetch(`${BASE_URL}/api/public/timezones`)).json();
  const total = (zones.timezones ?? zones).length;
  await page.goto('/timezone-data', { waitUntil: 'networkidle' });
  await page.getByTestId('zone-count').getByText(`Showing ${total} of ${total} time zones`).waitFor();
  await page.getByRole('textbox', { name: 'Search time zones' }).fill('kathmandu');
  await page.getByTestId('zone-count').getByText(`Showing 1 of ${total} time zones`).waitFor();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.equal(csv.suggestedFilename(), 'timezones.csv');
  const lines = readFileSync(await downloadedFile(csv), 'utf8')
    .trim()
    .split(/\r?\n/);
  assert.equal(lines[0], 'zone,city,country,region,utc_offset,dst');
  assert.equal(lines.length, 2);
  assert.match(lines[1], /^Asia\/Kathmandu,Kathmandu,Nepal,Asia,\+05:45,false$/);
  await screenshot(page, 'directory-search', { fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: skip link, header menus, and F8 to the notifications', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto('/support', { waitUntil: 'networkidle' });
  // The page's form is on screen first (the first Tab must find the rendered page, not a document still mounting).
  await page.getByRole('button', { name: 'Send Message' }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  // Open the Products menu from the keyboard and follow an entry.
  await page.getByRole('button', { name: 'Products' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/products#*');
  // A toast, then F8 moves focus into the notifications region.
  await page.goto('/support', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Send Message' }).press('Enter');
  await page.getByTestId('toast').getByText('Missing Information').waitFor();
  await page.keyboard.press('F8');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('[aria-label="Notifications (F8)"]') !== null), true);
  await page.keyboard.press('Escape');
  await page.getByTestId('toast').getByText('Missing Information').waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await context.close();
});
