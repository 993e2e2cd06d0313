// Time zone data releases against the real server: the console's "Time zone data" page shows the bundled release;
// an older tzdata.zi uploaded there opens its review (the changes, who will be told) without going live, Discard
// leaves the active release as it was; uploaded again and rolled back from the review, it answers at once
// (X-Tzdb-Version and the directory page's "Data updates" follow); rolling forward again from the stored releases.
// Screenshots at 1280 and 375 px. Ends on the release it started on, for the journeys that follow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, screenshot, openPage, openSuperAdminConsole } from '../lib.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'backend', 'test', 'fixtures', 'tzdata-2026b.zi');

let browser;
let admin;

/** Chromium logs every 4xx: the sign-in's two-factor step (401 by contract) is expected. */
const unexpected = (errors) => errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e));
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

test('an uploaded release opens its review and nothing goes live; Discard leaves the active release', async () => {
  const { page } = admin;
  await page.getByTestId('tzdb-file').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Upload and review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review 2026b' });
  await dialog.waitFor();
  await dialog.getByTestId('zone-changes').getByText('America/Edmonton', { exact: true }).waitFor();
  await dialog.getByTestId('tzdb-review-counts').getByText('Accounts told').waitFor();
  assert.deepEqual(await health(), { version: bundled, header: bundled });
  await screenshot(page, 'tzdb-review-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'tzdb-review-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await health(), { version: bundled, header: bundled });
});

test('an older tzdata.zi rolled back from its review answers from it at once', async () => {
  const { page } = admin;
  await page.getByTestId('tzdb-file').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Upload and review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review 2026b' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Roll back to 2026b' }).click();
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
