// A key pinned to a tz release keeps its answers when a newer release goes live, until its owner moves the pin.
// The customer pins a key on the keys page; the super admin activates a newer signed release from the local feed
// (e2e/run.js) in the console, in which Asia/Kolkata moves to +06:00; the pinned key still answers +05:30 from the
// release it was pinned to, an unpinned key answers +06:00; the customer moves the pin to "Latest" and the answer
// changes. Ends on the release it started on, for the journeys that follow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as openpgp from 'openpgp';
import { BASE_URL, DATA_DIR, createVerifiedUser, launch, openPage, openSuperAdminConsole, screenshot, signInOnLoginPage, until } from '../lib.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUNDLED = join(ROOT, 'backend', 'data', 'tzdb', '2026f');
const NEWER = '2026z';

let browser;
let admin;
let customer;
let started;
let changeDay;

/** The first day of the month after next, when Kolkata is on +06:00 in the newer release. */
function nextChange() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
}

/** The bundled release as `version`, with Asia/Kolkata on +06:00 from `day`, signed with the feed's key and published. */
async function publishRelease(version, day) {
  const { packFolder } = await import(pathToFileURL(join(ROOT, 'backend', 'dist', 'modules', 'tzdb', 'release-source.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-tzdata-'));
  for (const file of ['iso3166.tab', 'zone.tab', 'zone1970.tab']) copyFileSync(join(BUNDLED, file), join(dir, file));
  const month = ['Ja', 'F', 'Mar', 'Ap', 'May', 'Jun', 'Jul', 'Au', 'S', 'O', 'N', 'D'][day.getUTCMonth()];
  const zi = readFileSync(join(BUNDLED, 'tzdata.zi'), 'utf8')
    .replace(/^# version \S+/m, `# version ${version}`)
    .replace(/^(Z Asia\/Kolkata[\s\S]*?\n5:30 - IST)$/m, `$1 ${day.getUTCFullYear()} ${month} ${day.getUTCDate()}\n6 - %z`);
  writeFileSync(join(dir, 'tzdata.zi'), zi);
  const archive = packFolder(dir);
  rmSync(dir, { recursive: true, force: true });
  const signingKey = await openpgp.readPrivateKey({ armoredKey: readFileSync(join(DATA_DIR, 'feed-signing-key.asc'), 'utf8') });
  const signature = await openpgp.sign({ message: await openpgp.createMessage({ binary: archive }), signingKeys: signingKey, detached: true });
  writeFileSync(join(DATA_DIR, 'feed', 'tzdata-latest.tar.gz'), archive);
  writeFileSync(join(DATA_DIR, 'feed', 'tzdata-latest.tar.gz.asc'), signature);
}

/** Kolkata a week after the change, as a key's answer: offset and the release it came from. */
async function kolkata(key) {
  const at = new Date(changeDay.getTime() + 7 * 86_400_000).toISOString().slice(0, 19);
  const res = await fetch(`${BASE_URL}/api/conversion/timezone?from=UTC&to=Asia/Kolkata&datetime=${at}`, { headers: { 'X-API-Key': key } });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return { offset: body.utcOffset, release: res.headers.get('x-tzdb-version') };
}

/** A key made on the keys page; answers the full key from the dialog that shows it once. */
async function createKey(page, name) {
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  const secret = page.getByRole('dialog', { name: 'Your new API key' });
  const key = (await secret.getByTestId('new-key-value').textContent()).trim();
  assert.match(key, /^tzk_live_/);
  await secret.getByRole('button', { name: 'Done' }).click();
  await secret.waitFor({ state: 'hidden' });
  return key;
}

const keyCard = (page, name) => page.getByTestId('api-key-card').filter({ has: page.getByTestId('key-card-name').getByText(name, { exact: true }) });

/** Chooses a release in a key card's "tz release" select and waits for the toast that confirms it. */
async function movePin(page, name, option, toast) {
  const card = keyCard(page, name);
  await card.getByRole('combobox', { name: 'tz release' }).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByTestId('toast').filter({ hasText: toast }).first().waitFor();
}

before(async () => {
  browser = await launch();
  admin = await openSuperAdminConsole(browser);
  started = (await (await fetch(`${BASE_URL}/api/health`)).json()).tzdbVersion;
  changeDay = nextChange();
  customer = await openPage(browser, { width: 1280, height: 900 });
  const user = await createVerifiedUser(customer.context.request, { name: 'Pinned Customer', prefix: 'pin' });
  await customer.page.goto('/login');
  await signInOnLoginPage(customer.page, user);
  await customer.page.waitForURL(/\/dashboard/);
});

after(async () => {
  await browser?.close();
});

let pinnedKey;
let followingKey;

test('a customer pins a key to the release answering now on the keys page', async () => {
  const { page } = customer;
  await page.goto('/dashboard/api-keys');
  pinnedKey = await createKey(page, 'Pinned server');
  followingKey = await createKey(page, 'Following server');
  const card = keyCard(page, 'Pinned server');
  await card.getByRole('combobox', { name: 'tz release' }).getByText(`Latest (${started})`).waitFor();
  await movePin(page, 'Pinned server', `${started} (in use now)`, `now answers from tz release ${started}`);
  await card.getByText('Answers stay on this release until you move the pin.').waitFor();
  await screenshot(page, 'tzdb-pin-keys-1280');
  assert.deepEqual(await kolkata(pinnedKey), { offset: '+05:30', release: started });
  assert.deepEqual(await kolkata(followingKey), { offset: '+05:30', release: started });
});

test('the super admin activates a newer release: the pinned key keeps its answer, the unpinned one follows', async () => {
  const { page } = admin;
  await page.getByRole('menuitem', { name: 'Time zone data' }).click();
  await page.waitForURL(/\/admin\/tzdb$/);
  await publishRelease(NEWER, changeDay);
  await page.getByTestId('tzdb-feed').getByRole('button', { name: 'Check now' }).click();
  const waiting = page.getByTestId('tzdb-history').getByRole('listitem').filter({ hasText: NEWER });
  await waiting.getByRole('button', { name: `Activate ${NEWER}` }).click();
  const dialog = page.getByRole('dialog', { name: `Activate ${NEWER}?` });
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await page.getByTestId('tzdb-active').getByText(NEWER, { exact: true }).waitFor();

  assert.deepEqual(await kolkata(followingKey), { offset: '+06:00', release: NEWER });
  assert.deepEqual(await kolkata(pinnedKey), { offset: '+05:30', release: started }, 'the pinned key answers as before');
});

test('the notice shows as a banner on the Usage page, and "See what changed" opens it on the Notices page', async () => {
  const { page } = customer;
  const banner = page.getByTestId('change-notice-banner');
  // The activation job writes the notice after the switch, and a page asks once per visit: visit until it is there.
  await until(
    async () => {
      const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/change-notices');
      await page.goto('/dashboard/usage');
      const notices = (await (await asked).json()).notices;
      if (!notices.length) return false;
      await banner.waitFor();
      return true;
    },
    { what: 'the change notice banner on the Usage page', everyMs: 500 },
  );
  await banner
    .getByText(`tz release ${NEWER} changes a zone you use: Asia/Kolkata. Your key “Pinned server” stays on ${started} until you move its pin.`)
    .waitFor();
  assert.equal(await banner.getByRole('link', { name: 'Move the pin' }).getAttribute('href'), '/dashboard/api-keys');
  // Compact on a phone: it took 480 of 844 px as one block of text.
  await page.setViewportSize({ width: 390, height: 844 });
  const { height } = await banner.boundingBox();
  assert.ok(height <= 200, `the banner is ${height} px high at 390 px`);
  await screenshot(page, 'tzdb-pin-banner-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await banner.getByRole('link', { name: 'See what changed' }).click();
  await page.waitForURL(/\/dashboard\/notices#notice-/);
  const notice = page.getByTestId('notice').filter({ hasText: `tz release ${NEWER}` });
  await notice.getByText('New', { exact: true }).waitFor();
  await notice.getByText('Asia/Kolkata', { exact: true }).first().waitFor();
  await notice.getByTestId('notice-pinned-key').getByText(`Your key “Pinned server” was pinned to ${started}`).waitFor();
  assert.equal(await banner.count(), 0, 'the Notices page shows the notice itself, not the banner');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'tzdb-pin-notices-390');
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the pin menu dates each release; moving the pin to "Latest" changes the answer from the next request on', async () => {
  const { page, errors } = customer;
  await page.goto('/dashboard/api-keys');
  const card = keyCard(page, 'Pinned server');
  await card.getByRole('combobox', { name: 'tz release' }).getByText(started, { exact: true }).waitFor();
  assert.equal(await card.getByRole('link', { name: `What ${NEWER} changed` }).getAttribute('href'), `/timezone-data#tzdb-${NEWER}`);
  await card.getByRole('combobox', { name: 'tz release' }).click();
  const newest = page.getByRole('option', { name: `${NEWER} (in use now)` });
  // When it went live, to the minute with the display zone named (the browser's here), and the one zone it changed.
  assert.match(
    await newest.textContent(),
    new RegExp(`^${NEWER} \\(in use now\\)Live since \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M \\S+ · changed Asia/Kolkata$`),
  );
  assert.match(await page.getByRole('option', { name: started }).last().textContent(), /Live since \w{3} \d{1,2}, \d{4}/);
  await screenshot(page, 'tzdb-pin-menu-1280', { fullPage: false });
  await page.keyboard.press('Escape');
  await movePin(page, 'Pinned server', 'Latest', 'now follows the latest tz release');
  await card.getByText('Answers follow each new release.').waitFor();
  assert.deepEqual(await kolkata(pinnedKey), { offset: '+06:00', release: NEWER });
  await page.setViewportSize({ width: 375, height: 800 });
  await keyCard(page, 'Pinned server').scrollIntoViewIfNeeded();
  await screenshot(page, 'tzdb-pin-keys-375', { fullPage: false });
  assert.deepEqual(errors, []);
});

test('back to the release it started on (a rollback, confirmed)', async () => {
  const { page } = admin;
  await page
    .getByRole('button', { name: `Activate ${started}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Roll back to ${started}?` });
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await page.getByTestId('tzdb-active').getByText(started, { exact: true }).waitFor();
  assert.deepEqual(await kolkata(pinnedKey), { offset: '+05:30', release: started });
});
