// The look sweep (journeys/look.test.js and look-console.test.js): every screen of the router's table opened at 1280 and
// 390 px, in the light and the dark theme, checked for one h1, one main landmark, no CSP violation and axe-core's
// serious and critical findings. Two files share it so the console's part, the one that signs in as the run's super
// admin (whose sign-ins take turns, run.js), is not what the site's and the dashboard's parts wait behind.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, collectConsoleErrors, networkQuiet, screenshot, trackRequests } from './lib.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The screens, from the router's own table (frontend/src/config/paths.ts, written by the build as dist/spa-routes.json).
const screens = JSON.parse(readFileSync(join(root, 'frontend', 'dist', 'spa-routes.json'), 'utf8')).filter((p) => !p.includes('*'));
const withQuery = {
  '/verify-email-confirmation': '/verify-email-confirmation?email=someone%40e2e.test',
  '/dashboard/billing/portal': '/dashboard/billing/portal?session=none',
};
const routesOf = (test) => screens.filter(test).map((p) => withQuery[p] ?? p);
export const siteRoutes = [...routesOf((p) => !p.startsWith('/dashboard') && !p.startsWith('/admin')), '/no-such-page'];
export const dashboardRoutes = [...routesOf((p) => p.startsWith('/dashboard')), '/dashboard/no-such-page'];
export const adminRoutes = [...routesOf((p) => p.startsWith('/admin')), '/admin/no-such-page'];

const WIDTHS = [1280, 390];
const SCHEMES = ['light', 'dark'];
const BLOCKING = new Set(['serious', 'critical']);
// Moderate findings that were fixed and must stay fixed.
const KEPT_FIXED = new Set(['heading-order', 'page-has-heading-one']);

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
export async function settle(page, path) {
  trackRequests(page);
  await page.goto(path, { waitUntil: 'load' });
  await networkQuiet(page);
  try {
    await page.locator('h1').first().waitFor();
  } catch (error) {
    await screenshot(page, `FAILED-look${path.replace(/[^a-z0-9]+/gi, '-')}`);
    throw new Error(`${path}: no visible h1 (${error.message.split('\n')[0]})`, { cause: error });
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
export async function audit(context, role, routes) {
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

export async function signedInContext(browser, signIn) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await signIn(context.request);
  return context;
}
