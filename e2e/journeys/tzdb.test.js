// Time zone data releases against the real server: the console's "Time zone data" page shows the bundled release,
// an older tzdata.zi uploaded there asks to roll back and, confirmed, answers from it at once (X-Tzdb-Version and
// the directory page's "Data updates" follow); rolling forward again from the stored releases, with a confirmation.
// Screenshots at 1280 and 375 px. Ends on the release it started on, for the journeys that follow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, screenshot, openPage, openSuperAdminConsole } from '../lib.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'backend', 'test', 'fixtures', 'tzdata-2026b.zi');

let browser;
let admin;

/** Chromium logs every 4xx: the sign-in's two-factor step (401 by contract) and the refused older upload (409) are expected. */
const unexpected = (errors) => errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e) && !/status of 409/.test(e));
let bundled;

async function health() {
  const res = await fetch(`${BASE_URL}/api/health`);
  return { version: (await res.json()).tzdbVersion, header: res.headers.get('x-tzdb-version') };
}

before(async () => {
  browser = await launch();
  admin = await openSuperAdminConsole(browser);
  bundled = (await health()).version;
});

after(async () => {
  await browser?.close();
});

test('the console names the active release and lists it as stored', async () => {
  const { page, errors } = admin;
  await page.getByRole('menuitem', { name: 'Time zone data' }).click();
  await page.waitForURL(/\/admin\/tzdb$/);
  const active = page.getByTestId('tzdb-active');
  await active.getByText(bundled, { exact: true }).waitFor();
  await page.getByTestId('tzdb-history').getByText(bundled, { exact: true }).waitFor();
  await screenshot(page, 'tzdb-console-1280');
  assert.deepEqual(unexpected(errors), []);
});

test('an older tzdata.zi asks to roll back, then answers from it at once', async () => {
  const { page } = admin;
  await page.getByTestId('tzdb-file').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Upload and activate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back to an older release?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await page.getByTestId('tzdb-active').getByText('2026b', { exact: true }).waitFor();
  await page.getByTestId('zone-changes').getByText('America/Edmonton', { exact: true }).waitFor();
  assert.deepEqual(await health(), { version: '2026b', header: '2026b' });
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'tzdb-console-375');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the directory page names the release in use and lists the data updates', async () => {
  const visitor = await openPage(browser, { width: 375, height: 800 });
  await visitor.page.goto('/timezone-data');
  await visitor.page.getByTestId('active-release').getByText('tz database 2026b').waitFor();
  await screenshot(visitor.page, 'tzdb-directory-hero-375', { fullPage: false });
  const updates = visitor.page.getByTestId('data-updates');
  await updates.getByText('America/Edmonton', { exact: true }).first().waitFor();
  await visitor.page.getByRole('heading', { name: 'Data updates' }).scrollIntoViewIfNeeded();
  await screenshot(visitor.page, 'tzdb-data-updates-375', { fullPage: false });
  assert.deepEqual(visitor.errors, []);
  await visitor.context.close();
});

test('rolling forward again from the stored releases, after a confirmation', async () => {
  const { page, errors } = admin;
  await page
    .getByRole('button', { name: `Activate ${bundled}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Activate ${bundled}?` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await page.getByTestId('tzdb-active').getByText(bundled, { exact: true }).waitFor();
  assert.deepEqual(await health(), { version: bundled, header: bundled });
  assert.deepEqual(unexpected(errors), []);
});
