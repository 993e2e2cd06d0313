// Look, access and speed: the sweep of every screen of the site (anonymous), the dashboard (a customer) and the
// console (the super admin) at 1280 and 390 px, in the light and the dark theme (the system preference, which the
// theme follows): axe-core finds no serious or critical violation, every screen has exactly one h1 and one main
// landmark, and no securitypolicyviolation event fires under the CSP the server sends. A full-page screenshot of each,
// e2e/screenshots/look-*.png. The theme toggle is remembered; the landing page's first load is measured (bytes over
// the wire, LCP) on localhost.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BASE_URL,
  SUPER_ADMIN,
  collectConsoleErrors,
  createVerifiedUser,
  ensureSuperAdminTotp,
  launch,
  networkQuiet,
  screenshot,
  totpCode,
  trackRequests,
} from '../lib.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The screens, from the router's own table (frontend/src/config/paths.ts, written by the build as dist/spa-routes.json).
const screens = JSON.parse(readFileSync(join(root, 'frontend', 'dist', 'spa-routes.json'), 'utf8')).filter((p) => !p.includes('*'));
const withQuery = {
  '/verify-email-confirmation': '/verify-email-confirmation?email=someone%40e2e.test',
  '/dashboard/billing/portal': '/dashboard/billing/portal?session=none',
};
const routesOf = (test) => screens.filter(test).map((p) => withQuery[p] ?? p);
const siteRoutes = [...routesOf((p) => !p.startsWith('/dashboard') && !p.startsWith('/admin')), '/no-such-page'];
const dashboardRoutes = [...routesOf((p) => p.startsWith('/dashboard')), '/dashboard/no-such-page'];
const adminRoutes = [...routesOf((p) => p.startsWith('/admin')), '/admin/no-such-page'];

const WIDTHS = [1280, 390];
const SCHEMES = ['light', 'dark'];
const BLOCKING = new Set(['serious', 'critical']);
// Moderate findings that were fixed and must stay fixed.
const KEPT_FIXED = new Set(['heading-order', 'page-has-heading-one']);

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

const slug = (path) =>
  path
    .replace(/\?.*$/, '')
    .replace(/^\/$/, '/home')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '');

/** Where the sweep's time goes (printed at the end of each audit): opening and settling, axe, screenshots. */
const spent = { settle: 0, checks: 0, axe: 0, screenshot: 0 };
const timed = async (what, fn) => {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    spent[what] += performance.now() - started;
  }
};

/**
 * Opens the path and waits until it has settled: no request in flight (networkQuiet), its h1 shown, no running
 * animation (a fade mid-way skews contrast).
 */
async function settle(page, path) {
  trackRequests(page);
  await page.goto(path, { waitUntil: 'load' });
  await networkQuiet(page);
  try {
    await page.locator('h1').first().waitFor();
  } catch (error) {
    await screenshot(page, `FAILED-look${path.replace(/[^a-z0-9]+/gi, '-')}`);
    throw new Error(`${path}: no visible h1 (${error.message.split('\n')[0]})`);
  }
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Whatever the h1's arrival set off (a query of the page's own) is answered too.
  await networkQuiet(page);
}

/** axe-core's violations on the current page, as `rule (impact) ×count: target` lines split into blocking and other. */
async function axe(page) {
  // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') would refuse an inline <script>.
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const line = (v) =>
    `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ')}`;
  return {
    blocking: violations.filter((v) => BLOCKING.has(v.impact) || KEPT_FIXED.has(v.id)).map(line),
    other: violations.filter((v) => !BLOCKING.has(v.impact) && !KEPT_FIXED.has(v.id)).map(line),
  };
}

/** Records every securitypolicyviolation of the page (what the browser would report to a CSP report endpoint). */
function recordCspViolations() {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber}`),
  );
}

/** The page's headings and landmarks as assistive technology meets them (hidden ones left out), and its CSP reports. */
async function structure(page) {
  return page.evaluate(() => {
    const exposed = (el) => el.checkVisibility() && !el.closest('[aria-hidden="true"], [inert]');
    return {
      h1: [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].filter(exposed).length,
      main: [...document.querySelectorAll('main, [role="main"]')].filter(exposed).length,
      csp: window.__cspViolations ?? ['the CSP recorder did not run'],
    };
  });
}

/**
 * Every route at each width and scheme: one h1, one main, no CSP violation, axe, then a full-page screenshot; returns
 * the blocking findings.
 */
async function audit(context, role, routes) {
  await context.addInitScript(recordCspViolations);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = collectConsoleErrors(page);
  const findings = [];
  let pages = 0;
  let others = 0;
  // Each screen is opened once per width, in the light scheme, then switched to dark in place, as the system setting
  // does (the theme follows prefers-color-scheme while the page is open): half the page loads of opening it per scheme.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    for (const path of routes) {
      await page.emulateMedia({ colorScheme: SCHEMES[0] });
      await timed('settle', () => settle(page, path));
      for (const scheme of SCHEMES) {
        const at = `${width} ${scheme}`;
        const where = `${role} ${path}`;
        if (scheme !== SCHEMES[0]) {
          await page.emulateMedia({ colorScheme: scheme });
          await timed('settle', () => page.waitForFunction((s) => document.documentElement.getAttribute('data-color-scheme') === s, scheme));
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        }
        assert.equal(await page.locator('html').getAttribute('data-color-scheme'), scheme, `${path}: the theme follows the system's ${scheme} preference`);
        const { h1, main, csp } = await timed('checks', () => structure(page));
        if (h1 !== 1) findings.push({ where, at, finding: `one h1 ×1: ${h1} found` });
        if (main !== 1) findings.push({ where, at, finding: `one main landmark ×1: ${main} found` });
        for (const v of new Set(csp)) findings.push({ where, at, finding: `securitypolicyviolation ×1: ${v}` });
        const { blocking, other } = await timed('axe', () => axe(page));
        pages += 1;
        others += other.length;
        for (const f of blocking) findings.push({ where, at, finding: f });
        if (other.length && process.env.E2E_AXE_VERBOSE) console.log(`axe ${where} @${at} (not blocking):\n  ${other.join('\n  ')}`);
        await timed('screenshot', () => screenshot(page, `look-${role}-${slug(path)}-${width}-${scheme}`));
      }
    }
  }
  console.log(`axe: ${role}: ${pages} pages, ${findings.length} serious/critical (or heading) findings, ${others} moderate/minor ones`);
  console.log(
    `  time so far: ${Object.entries(spent)
      .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  await page.close();
  // One line per screen and rule, naming the widths and schemes it was seen at.
  const grouped = new Map();
  for (const { where, at, finding } of findings) {
    const key = `${where}: ${finding.replace(/ ×\d+:.*/, '')}`;
    grouped.set(key, { at: [...(grouped.get(key)?.at ?? []), at], finding: grouped.get(key)?.finding ?? finding });
  }
  const lines = [...grouped].map(([key, { at, finding }]) => `${key.split(': ')[0]} [${at.join(', ')}]: ${finding}`);
  // The unknown path's document is a real 404, which Chromium logs; that one is the point.
  return { findings: lines, errors: errors.filter((e) => !/no-such-page: Failed to load resource: the server responded with a status of 404/.test(e)) };
}

async function signedInContext(signIn) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await signIn(context.request);
  return context;
}

test('every public screen, light and dark, 1280 and 390 px: axe, one h1, one main, no CSP violation', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const { findings, errors } = await audit(context, 'site', siteRoutes);
  await context.close();
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
  assert.deepEqual(errors, []);
});

test('every dashboard screen of a customer, light and dark, 1280 and 390 px: axe, one h1, one main, no CSP violation', async () => {
  const context = await signedInContext(async (request) => {
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

test('every console screen of the super admin, light and dark, 1280 and 390 px: axe, one h1, one main, no CSP violation', async () => {
  assert.ok(SUPER_ADMIN.email && SUPER_ADMIN.password, 'e2e/run.js passes the super admin credentials');
  const context = await signedInContext(async (request) => {
    const totp = await totpCode(await ensureSuperAdminTotp(request));
    const login = await request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } });
    assert.equal(login.status(), 200, await login.text());
  });
  // The screens of one record too: a user's page, and a support message's when there is one.
  const first = async (resource) => {
    const res = await context.request.get(`/api/admin/${resource}?range=${encodeURIComponent('[0,0]')}`);
    assert.equal(res.status(), 200, await res.text());
    return (await res.json())[0]?.id;
  };
  const records = [];
  for (const resource of ['users', 'support-messages']) {
    const id = await first(resource);
    if (id) records.push(`/admin/${resource}/${id}/show`);
  }
  assert.ok(records.length >= 1, 'a user page is among the screens');
  const { findings, errors } = await audit(context, 'admin', [...adminRoutes, ...records]);
  // The console's own toggle switches the console (react-admin nests its own theme provider).
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page, '/admin/users');
  const appBar = () =>
    page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const lightBar = await appBar();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  assert.equal(await page.locator('html').getAttribute('data-color-scheme'), 'dark');
  assert.notEqual(await appBar(), lightBar, 'the console turns dark');
  await context.close();
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
  assert.deepEqual(errors, []);
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
