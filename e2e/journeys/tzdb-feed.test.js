// The IANA release feed with manual approval (e2e/run.js: a local feed over DATA_DIR/feed, a signing key the server
// trusts, TZDB_AUTO_ACTIVATE=false). A newer signed release is published; the super admin presses "Check now", sees it
// "verified, waiting" with what it changes, activates it in the console, and the API answers from it. Screenshots at
// 1280 and 375 px. Ends on the release it started on, for the journeys that follow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as openpgp from 'openpgp';
import { BASE_URL, DATA_DIR, launch, screenshot, openPage, openSuperAdminConsole } from '../lib.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUNDLED = join(ROOT, 'backend', 'data', 'tzdb', '2026f');

let browser;
let admin;
let started;

async function health() {
  const res = await fetch(`${BASE_URL}/api/health`);
  return { version: (await res.json()).tzdbVersion, header: res.headers.get('x-tzdb-version') };
}

/** The bundled release as 2026y, with Asia/Kolkata on +06:00 from the 15th of next month, signed with the feed's key. */
async function publishRelease(version) {
  const { packFolder } = await import(pathToFileURL(join(ROOT, 'backend', 'dist', 'modules', 'tzdb', 'release-source.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-tzdata-'));
  for (const file of ['iso3166.tab', 'zone.tab', 'zone1970.tab']) copyFileSync(join(BUNDLED, file), join(dir, file));
  const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 15));
  const month = ['Ja', 'F', 'Mar', 'Ap', 'May', 'Jun', 'Jul', 'Au', 'S', 'O', 'N', 'D'][next.getUTCMonth()];
  const zi = readFileSync(join(BUNDLED, 'tzdata.zi'), 'utf8')
    .replace(/^# version \S+/m, `# version ${version}`)
    .replace(/^(Z Asia\/Kolkata[\s\S]*?\n5:30 - IST)$/m, `$1 ${next.getUTCFullYear()} ${month} 15\n6 - %z`);
  writeFileSync(join(dir, 'tzdata.zi'), zi);
  const archive = packFolder(dir);
  rmSync(dir, { recursive: true, force: true });
  const signingKey = await openpgp.readPrivateKey({ armoredKey: readFileSync(join(DATA_DIR, 'feed-signing-key.asc'), 'utf8') });
  const signature = await openpgp.sign({ message: await openpgp.createMessage({ binary: archive }), signingKeys: signingKey, detached: true });
  writeFileSync(join(DATA_DIR, 'feed', 'tzdata-latest.tar.gz'), archive);
  writeFileSync(join(DATA_DIR, 'feed', 'tzdata-latest.tar.gz.asc'), signature);
}

before(async () => {
  browser = await launch();
  admin = await openSuperAdminConsole(browser);
  started = (await health()).version;
});

after(async () => {
  await browser?.close();
});

/** Chromium logs every 4xx: the two-factor step's 401 is expected. */
const unexpected = (errors) => errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e));

test('a newer signed release found by "Check now" waits, verified, until the super admin activates it', async () => {
  const { page, errors } = admin;
  await page.getByRole('menuitem', { name: 'Time zone data' }).click();
  await page.waitForURL(/\/admin\/tzdb$/);
  const feed = page.getByTestId('tzdb-feed');
  await feed.getByText(/Trusted keys: [0-9A-F]{40}/).waitFor();
  await feed.getByText('Wait for activation').waitFor();

  await publishRelease('2026y');
  await feed.getByRole('button', { name: 'Check now' }).click();
  await page.getByText('Release 2026y is waiting for activation (verified, waiting).').waitFor();
  await feed.getByTestId('tzdb-feed-state').getByText('Release waiting').waitFor();
  const history = page.getByTestId('tzdb-history');
  const waiting = history.getByRole('listitem').filter({ hasText: '2026y' });
  await waiting.getByText('verified, waiting').waitFor();
  assert.deepEqual(await health(), { version: started, header: started }, 'a waiting release does not answer');
  await screenshot(page, 'tzdb-feed-waiting-1280');

  await waiting.getByRole('button', { name: 'Activate 2026y' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate 2026y?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await page.getByTestId('tzdb-active').getByText('2026y', { exact: true }).waitFor();
  await page.getByTestId('zone-changes').getByText('Asia/Kolkata', { exact: true }).waitFor();
  assert.deepEqual(await health(), { version: '2026y', header: '2026y' });
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'tzdb-feed-live-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(unexpected(errors), []);
});

test('the public record says the release came from the IANA feed, and the Atom feed carries it', async () => {
  const visitor = await openPage(browser, { width: 375, height: 800 });
  await visitor.page.goto('/timezone-data');
  const updates = visitor.page.getByTestId('data-updates');
  await updates
    .getByText(/from the signed IANA feed/)
    .first()
    .waitFor();
  await visitor.page.getByRole('heading', { name: 'Data updates' }).scrollIntoViewIfNeeded();
  await screenshot(visitor.page, 'tzdb-feed-data-updates-375', { fullPage: false });
  const atom = await (await fetch(`${BASE_URL}/api/timezone/releases.atom`)).text();
  assert.match(atom, /<entry>[\s\S]*?<title[^>]*>(<!\[CDATA\[)?tz release 2026y is live \(answering now\)/);
  assert.deepEqual(visitor.errors, []);
  await visitor.context.close();
});

test('back to the release it started on (a rollback, confirmed)', async () => {
  const { page } = admin;
  await page
    .getByRole('button', { name: `Activate ${started}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Roll back to ${started}?` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await page.getByTestId('tzdb-active').getByText(started, { exact: true }).waitFor();
  assert.deepEqual(await health(), { version: started, header: started });
});
