// Shared helpers of the browser journeys (playwright-core driving Debian's Chromium).
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { generate } from 'otplib';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
export const DATA_DIR = process.env.DATA_DIR ?? '.data';
export const SUPER_ADMIN = { email: process.env.E2E_SUPER_ADMIN_EMAIL, password: process.env.E2E_SUPER_ADMIN_PASSWORD };
const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * Polls `check` until it answers a truthy value and returns it. The deadline only guards against a hang: nothing
 * here waits a fixed time for something to have happened.
 */
/**
 * A download's file on this machine. The journeys share one Chromium they connect to, and Playwright keeps a remote
 * browser's downloads on its side (download.path() throws there), so each is saved to a fresh temporary folder.
 */
export async function downloadedFile(download) {
  const path = join(mkdtempSync(join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

export async function until(check, { what = 'the condition', timeoutMs = 30_000, everyMs = 250 } = {}) {
  const deadline = performance.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (performance.now() > deadline) throw last ?? new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves once no finite CSS transition or animation is running (a dialog's fade, a drawer's slide); spinners loop forever. */
export async function animationsDone(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/**
 * Resolves once the server holds no unwritten usage row (its write buffer and the batch in flight are empty), read from
 * /metrics with the token e2e/run.js gave the server: the usage pages then count every call answered so far.
 */
export async function usageWritten() {
  await until(
    async () => {
      const res = await fetch(`${BASE_URL}/metrics`, { headers: { Authorization: `Bearer ${process.env.E2E_METRICS_TOKEN}` } });
      const text = await res.text();
      if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
      return /^tzapi_usage_buffered_rows 0$/m.test(text) && /^tzapi_usage_flush_lag_seconds 0$/m.test(text);
    },
    { what: 'the usage buffer to be written' },
  );
}

/**
 * Runs `fn` with a client of the server's own database, for a step that plays what happens on the server's side (a
 * session running out): the run's fresh database (E2E_DATABASE_URL from e2e/run.js), else the embedded PostgreSQL the
 * server started under DATA_DIR (its port is in postmaster.pid; user and password as backend/src/database set them).
 */
export async function withServerDatabase(fn) {
  let url = process.env.E2E_DATABASE_URL;
  if (!url) {
    const port = readFileSync(join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8')
      .split('\n')[3]
      ?.trim();
    assert.match(port ?? '', /^\d+$/, 'the embedded PostgreSQL names its port in DATA_DIR/pg/postmaster.pid');
    url = `postgres://postgres:postgres@127.0.0.1:${port}/tzapi`;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The browser of a journey file: the run's one Chromium (e2e/run.js starts it and passes E2E_BROWSER_WS), or, for a
 * file run on its own, a Chromium of its own. Closing a connected browser closes this file's contexts only.
 */
export async function launch() {
  if (process.env.E2E_BROWSER_WS) return chromium.connect(process.env.E2E_BROWSER_WS);
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** A fresh context (own cookies) and page, in the browser zone `timezoneId` when given; collects console errors and page errors. */
export async function openPage(browser, { width = 1280, height = 800, timezoneId } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: BASE_URL, acceptDownloads: true, ...(timezoneId && { timezoneId }) });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = collectConsoleErrors(page);
  return { context, page, errors };
}

/** Console errors and uncaught page errors, as strings. */
export function collectConsoleErrors(page) {
  const list = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const source = msg.location()?.url ?? '';
    // The signed-out /api/me answers 401 by contract (anonymous), and Chromium logs every 4xx fetch.
    if (/status of 401/.test(msg.text()) && /\/api\/me(\?|$)/.test(source)) return;
    list.push(`${page.url()}: ${msg.text()}${source ? ` (${source})` : ''}`);
  });
  page.on('pageerror', (err) => list.push(`${page.url()}: ${err.message}`));
  return list;
}

/**
 * A full-page screenshot to e2e/screenshots/<name>.png, for a person to look at: no journey asserts on one. With
 * E2E_SCREENSHOTS=off (CI, where nobody looks) only the FAILED-* ones a failing step leaves are taken; each costs a
 * page capture and a PNG encoding, about a third of the look sweep's time.
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS === 'off' && !name.startsWith('FAILED')) return null;
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** Quoted-printable (RFC 2045 6.7): drop soft line breaks, turn =XX back into octets, read them as UTF-8. */
function decodeQuotedPrintable(body) {
  const octets = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(octets, 'latin1').toString('utf8');
}

/** One MIME entity's body decoded by its Content-Transfer-Encoding; a multipart yields its parts' bodies, in order. */
function decodeBody(headers, body) {
  const boundary = /^Content-Type:\s*multipart\/[^\r\n]*?boundary="?([^";\r\n]+)"?/im.exec(headers)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1) // the preamble
      .filter((part) => !part.startsWith('--')) // the closing delimiter and epilogue
      .map((part) => decodeEntity(part.replace(/^[ \t]*\r?\n/, '')).body)
      .join('\n');
  }
  const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Splits a raw entity into its (unfolded) header block and decoded body. */
function decodeEntity(raw) {
  const blank = /\r?\n\r?\n/.exec(raw);
  const headers = (blank ? raw.slice(0, blank.index) : raw).replace(/\r?\n[ \t]+/g, ' ');
  const body = blank ? raw.slice(blank.index + blank[0].length) : '';
  return { headers, body: decodeBody(headers, body) };
}

/** The message as a reader sees it: its header block, then every body part decoded (no "=3D", no soft breaks). */
function decodeMail(raw) {
  const { headers, body } = decodeEntity(raw);
  return `${headers}\n\n${body}`;
}

/** The newest dev-mailbox message to `address` (optionally matching `subject` and `match` on its text), decoded; waits for it. */
export async function readMail(address, { subject, since = 0, timeoutMs = 30_000, match } = {}) {
  const dir = join(DATA_DIR, 'mail');
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    let files = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
        .filter((x) => x.t >= since)
        .sort((a, b) => b.t - a.t);
    } catch {
      /* mailbox not created yet */
    }
    for (const { f } of files) {
      const raw = readFileSync(join(dir, f), 'utf8');
      const headers = raw.split(/\r?\n\r?\n/)[0];
      const to = /^To:\s*(.+)$/im.exec(headers)?.[1] ?? '';
      if (!to.toLowerCase().includes(address.toLowerCase())) continue;
      const subj = /^Subject:\s*(.+)$/im.exec(headers)?.[1] ?? '';
      if (subject && !subject.test(subj)) continue;
      const text = decodeMail(raw);
      if (match && !match.test(text)) continue;
      return { file: f, subject: subj, text };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
}

/** The first link in the newest mail to `address` whose URL matches `pattern`. */
export async function readMailLink(address, pattern, options = {}) {
  const mail = await readMail(address, { ...options, match: pattern });
  const links = [...mail.text.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((m) => m[0].replace(/[.,;]+$/, ''));
  const link = links.find((l) => pattern.test(l));
  if (!link) throw new Error(`mail "${mail.subject}" to ${address} has no link matching ${pattern}: ${links.join(', ')}`);
  return link;
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

const inFlight = new WeakMap();

/** Starts counting the page's requests in flight (once per page), for networkQuiet. */
export function trackRequests(page) {
  if (inFlight.has(page)) return inFlight.get(page);
  const state = { open: new Set(), lastChange: performance.now() };
  const start = (request) => {
    state.open.add(request);
    state.lastChange = performance.now();
  };
  const end = (request) => {
    state.open.delete(request);
    state.lastChange = performance.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  inFlight.set(page, state);
  return state;
}

/**
 * Resolves once the page has had no request in flight for `quietMs`: what Playwright's `networkidle` waits for, with a
 * 100 ms quiet window instead of its fixed 500 ms (a page's queries start within a render of the answer before them).
 * The page must be tracked (trackRequests) before the navigation; the deadline only guards against a hang.
 */
export async function networkQuiet(page, { quietMs = 100, timeoutMs = 30_000 } = {}) {
  const state = trackRequests(page);
  await until(() => state.open.size === 0 && performance.now() - state.lastChange >= quietMs, { what: 'the network to go quiet', timeoutMs, everyMs: 20 });
}

/** Navigates and waits for the page's h1 (on failure saves a screenshot named after the path); returns the document's response. */
export async function visit(page, path) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  try {
    await page.locator('h1').first().waitFor();
  } catch (error) {
    await screenshot(page, `FAILED${path.replace(/[^a-z0-9]+/gi, '-')}`);
    throw new Error(`${path}: no visible h1 (${error.message.split('\n')[0]})`, { cause: error });
  }
  return response;
}

let signUps = 0;

/**
 * Creates an account through the API and clicks its verification link; returns { email, password }. Each sign-up comes
 * from an address of its own (a documentation range, through X-Forwarded-For: run.js starts the server with
 * TRUST_PROXY), as separate customers would, so the per-address sign-up limit is not what a long run meets.
 */
export async function createVerifiedUser(request, { name = 'E2E User', prefix = 'user', password = 'Correct-Horse-9' } = {}) {
  const email = uniqueEmail(prefix);
  const since = Date.now() - 1000;
  const address = `198.51.100.${((process.pid + signUps++) % 254) + 1}`;
  const res = await request.post('/api/auth/register', { data: { name, email, password }, headers: { Origin: BASE_URL, 'X-Forwarded-For': address } });
  if (res.status() !== 201 && res.status() !== 200) throw new Error(`register ${email}: ${res.status()} ${await res.text()}`);
  const link = await readMailLink(email, /verify-email\?token=/, { since });
  const verified = await request.get(link, { maxRedirects: 0 });
  if (verified.status() !== 302 || !/verified=1/.test(verified.headers().location ?? '')) {
    throw new Error(`verify ${email}: ${verified.status()} ${verified.headers().location}`);
  }
  return { email, password, name };
}

/**
 * A TOTP code (RFC 6238, SHA-1, 6 digits, 30 s) the server has not seen yet: the server refuses a code of a step it
 * already accepted, so each step used per secret is claimed under DATA_DIR by creating a file for it (journey files
 * run in separate processes, some side by side: creating with 'wx' lets exactly one of them have a step). Uses the
 * current step, else the next one (inside the server's tolerance), else waits for the next step.
 */
export async function totpCode(secret) {
  const prefix = join(DATA_DIR, `e2e-totp-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`);
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    for (const step of [current, current + 1]) {
      try {
        writeFileSync(`${prefix}.${step}`, String(process.pid), { flag: 'wx' });
        return generate({ secret, epoch: step * 30 });
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
    }
    // Both steps in the server's window are used: the real clock is waited for. Said, so a run's waits show in its log.
    const wait = (current + 1) * 30_000 - Date.now() + 100;
    console.log(`totp: both codes of this step used, waiting ${(wait / 1000).toFixed(1)} s for the next one`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Six digits that are not a valid code for the secret anywhere near now. */
export async function wrongTotpCode(secret) {
  const current = Math.floor(Date.now() / 30_000);
  const near = await Promise.all([-2, -1, 0, 1, 2].map((d) => generate({ secret, epoch: (current + d) * 30 })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

const superAdminTotpFile = () => join(DATA_DIR, 'e2e-super-admin-totp.txt');

/** The run's super admin enrols in two-factor sign-in once (admin-users.test.js does it through the console); its secret is kept here. */
export function saveSuperAdminTotpSecret(secret) {
  writeFileSync(superAdminTotpFile(), secret);
}

export function superAdminTotpSecret() {
  try {
    return readFileSync(superAdminTotpFile(), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The super admin's TOTP secret: the one saved by the journey that enrolled it, or, when that journey did not run
 * (E2E_ONLY), an enrolment through the API now.
 */
export async function ensureSuperAdminTotp(request) {
  const saved = superAdminTotpSecret();
  if (saved) return saved;
  const headers = { Origin: BASE_URL };
  const login = await request.post('/api/auth/login', { data: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password }, headers });
  if (login.status() !== 200) throw new Error(`super admin sign-in: ${login.status()} ${await login.text()}`);
  const setup = await request.post('/api/profile/totp/setup', { headers });
  if (setup.status() !== 200) throw new Error(`totp setup: ${setup.status()} ${await setup.text()}`);
  const { secret } = await setup.json();
  const enabled = await request.post('/api/profile/totp/enable', { data: { code: await totpCode(secret) }, headers });
  if (enabled.status() !== 200) throw new Error(`totp enable: ${enabled.status()} ${await enabled.text()}`);
  saveSuperAdminTotpSecret(secret);
  return secret;
}

/** After Sign In: when the form asks for an authentication code (two-factor sign-in), enters a fresh one. */
export async function passTotpStep(page, secret) {
  const field = page.getByLabel('Authentication Code');
  await field.waitFor();
  await field.fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** Signs in through the /login page form; with `totpSecret`, also passes the two-factor code step. */
export async function signInOnLoginPage(page, { email, password, totpSecret }) {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (totpSecret) await passTotpStep(page, totpSecret);
}

/**
 * A page signed in as the run's super admin, on the console: the second factor enrolled once per run (by whichever
 * journey comes first) and passed at sign-in. `size` is openPage's options (width, height, timezoneId). Answers what
 * openPage answers.
 */
export async function openSuperAdminConsole(browser, size = { width: 1280, height: 800 }) {
  assert.ok(SUPER_ADMIN.email && SUPER_ADMIN.password, 'e2e/run.js passes the super admin credentials');
  const setup = await browser.newContext({ baseURL: BASE_URL });
  const totpSecret = await ensureSuperAdminTotp(setup.request);
  await setup.close();
  const admin = await openPage(browser, size);
  await admin.page.goto('/login');
  await signInOnLoginPage(admin.page, { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, totpSecret });
  await admin.page.waitForURL(/\/admin/);
  return admin;
}
