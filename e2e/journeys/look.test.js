// Look, access and speed: the sweep of every screen of the site (anonymous) and the dashboard (a customer) at 1280 and
// 390 px, in the light and the dark theme (the system preference, which the theme follows): axe-core finds no serious
// or critical violation, every screen has exactly one h1 and one main landmark, and no securitypolicyviolation event
// fires under the CSP the server sends (the sweep is e2e/look.js; the console's is look-console.test.js). A full-page
// screenshot of each, e2e/screenshots/look-*.png. The theme toggle is remembered; the landing page's first load is
// measured (bytes over the wire, LCP) on localhost.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, createVerifiedUser, launch } from '../lib.js';
import { audit, dashboardRoutes, settle, signedInContext, siteRoutes } from '../look.js';

const LANDING_BYTES_BUDGET = 300 * 1024;
// The LCP budget is a speed target: the brief keeps those out of tests (a busy CI machine measured 1.7 s where a quiet
// one measured 0.77 s for the same build). The journey prints the LCP and checks what does not depend on the machine
// (the H1 is the largest paint: the hero does not wait for an API call); E2E_LCP_BUDGET_MS=1000 asserts the budget
// where the machine is known to be quiet.
const LCP_BUDGET_MS = Number(process.env.E2E_LCP_BUDGET_MS ?? 0);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('every public screen, light and dark, 1280 and 390 px: axe, one h1, one main, no CSP violation', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const { findings, errors } = await audit(context, 'site', siteRoutes);
  await context.close();
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
  assert.deepEqual(errors, []);
});

test('every dashboard screen of a customer, light and dark, 1280 and 390 px: axe, one h1, one main, no CSP violation', async () => {
  const context = await signedInContext(browser, async (request) => {
    const user = await createVerifiedUser(request, { name: 'Ada Lovelace', prefix: 'look' });
    const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: { Origin: BASE_URL } });
    assert.equal(login.status(), 200, await login.text());
    const key = await request.post('/api/api-keys', { data: { name: 'Look Key', ipRestrictions: [], urlRestrictions: [] }, headers: { Origin: BASE_URL } });
    assert.equal(key.status(), 201, await key.text());
    // A few calls, so that Usage shows its charts and top endpoints.
    const { key: secret } = await key.json();
    for (const zone of ['Europe/Paris', 'Asia/Tokyo', 'America/New_York']) {
      const res = await fetch(`${BASE_URL}/api/time/current?timezone=${zone}`, { headers: { 'X-API-Key': secret } });
      assert.equal(res.status, 200);
    }
  });
  const { findings, errors } = await audit(context, 'dashboard', dashboardRoutes);
  await context.close();
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
  // The sandbox portal without a real session says so (its lookup is refused).
  assert.deepEqual(
    errors.filter((e) => !/billing\/portal.*status of 40[34]/.test(e)),
    [],
  );
});

test('the theme toggle overrides the system preference and is remembered in this browser', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, colorScheme: 'light' });
  const page = await context.newPage();
  await settle(page, '/pricing');
  const html = page.locator('html');
  assert.equal(await html.getAttribute('data-color-scheme'), 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  assert.equal(await html.getAttribute('data-color-scheme'), 'dark');
  assert.notEqual(await background(), lightBackground, 'the page turns dark');
  await settle(page, '/docs');
  assert.equal(await html.getAttribute('data-color-scheme'), 'dark', 'kept across pages and reloads');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  assert.equal(await html.getAttribute('data-color-scheme'), 'light');
  await page.reload({ waitUntil: 'networkidle' });
  assert.equal(await html.getAttribute('data-color-scheme'), 'light');
  await context.close();
});

test('keyboard focus is visible: a focused link or button has a 3 px outline', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await settle(page, '/');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return { tag: el.tagName, outline: style.outlineStyle, width: style.outlineWidth };
  });
  assert.notEqual(ring.tag, 'BODY', 'Tab reaches an element');
  assert.equal(ring.outline, 'solid', `${ring.tag} shows an outline`);
  assert.equal(ring.width, '3px');
  await context.close();
});

/** One cold load of the landing page (fresh context, no cache): every request's bytes as received, and the LCP. */
async function coldLandingLoad() {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Per request: its URL, its Content-Encoding and Content-Length, and the bytes received for it (headers and body, as sent).
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, encoding: '', bytes: 0 }));
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    const header = (name) => Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === name)?.[1];
    if (r) Object.assign(r, { encoding: header('content-encoding') ?? '', length: Number(header('content-length') ?? Infinity) });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ ms: Math.round(last.startTime), element: last.element?.tagName ?? '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const resourceTiming = await page.evaluate(() =>
    performance.getEntriesByType('resource').reduce((sum, r) => sum + r.transferSize, performance.getEntriesByType('navigation')[0].transferSize),
  );
  await context.close();
  const all = [...requests.values()];
  return { requests: all, bytes: all.reduce((sum, r) => sum + r.bytes, 0), resourceTiming, lcp };
}

test('the landing page’s first load: under 300 KB over the wire, the hero heading as its largest paint (LCP printed)', async () => {
  // Three cold loads; the LCP budget holds for their median (one slow load on a busy machine is noise, not a regression).
  const loads = [];
  for (let i = 0; i < 3; i++) loads.push(await coldLandingLoad());
  const [first] = loads;
  const lcps = loads.map((l) => l.lcp.ms).sort((a, b) => a - b);
  const median = lcps[1];
  console.log(
    `landing first load (localhost): ${(first.bytes / 1024).toFixed(1)} KB over the wire in ${first.requests.length} requests ` +
      `(Resource Timing: ${(first.resourceTiming / 1024).toFixed(1)} KB); LCP ${loads.map((l) => `${l.lcp.ms} ms (${l.lcp.element})`).join(', ')}, median ${median} ms`,
  );
  const largest = [...first.requests].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  console.log(`  largest: ${largest.map((r) => `${new URL(r.url).pathname} ${(r.bytes / 1024).toFixed(1)} KB ${r.encoding}`).join(', ')}`);
  // The build leaves files under 1 KB uncompressed (a compressed copy would save less than it costs).
  const uncompressed = first.requests.filter((r) => /\/assets\/.*\.(js|css)$/.test(r.url) && r.length >= 1024 && !/br|gzip/.test(r.encoding)).map((r) => r.url);
  assert.deepEqual(uncompressed, [], 'every script and stylesheet is sent compressed');
  for (const load of loads)
    assert.ok(load.bytes < LANDING_BYTES_BUDGET, `${(load.bytes / 1024).toFixed(1)} KB over the wire, budget ${LANDING_BYTES_BUDGET / 1024} KB`);
  for (const load of loads) assert.equal(load.lcp.element, 'H1', 'the hero heading is the largest paint');
  if (LCP_BUDGET_MS) assert.ok(median < LCP_BUDGET_MS, `LCP median ${median} ms (${lcps.join(', ')}), budget ${LCP_BUDGET_MS} ms`);
});
