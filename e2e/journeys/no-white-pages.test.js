// No white pages: a tab open across a rebuild asks for a code chunk the server no longer has (played here by answering
// that chunk with 404): the app reloads once by itself and shows the page, or, when the chunk still fails after that,
// says "A new version is available" with a Reload button and a way back, without reloading in a loop. A returnTo that
// is not a path of this site (/.//evil.example resolves to //evil.example) is ignored: sign-in lands on the dashboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, createVerifiedUser, launch, openPage, screenshot, signInOnLoginPage } from '../lib.js';

const USAGE_CHUNK = /\/assets\/UsagePage-[\w-]+\.js$/;
// Chromium logs the chunk's 404 and React reports the failed import it caught; those are this journey's input.
const expected = (e) => /status of 404/.test(e) || /Failed to fetch dynamically imported module/.test(e);

let browser;
let user;

before(async () => {
  browser = await launch();
  const setup = await browser.newContext({ baseURL: BASE_URL });
  user = await createVerifiedUser(setup.request, { name: 'Stale Tab', prefix: 'stale' });
  await setup.close();
});

after(async () => {
  await browser?.close();
});

/** A signed-in customer on the Overview, counting the document loads of the tab from here on. */
async function onOverview(size) {
  const opened = await openPage(browser, size);
  await opened.page.goto('/login');
  await signInOnLoginPage(opened.page, user);
  await opened.page.waitForURL(/\/dashboard$/);
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  const loads = [];
  opened.page.on('load', () => loads.push(opened.page.url()));
  return { ...opened, loads };
}

test('a chunk gone after a rebuild: the tab reloads once by itself and shows the page', async () => {
  const { context, page, errors, loads } = await onOverview({ width: 1280, height: 800 });
  let refused = 0;
  await page.route(
    USAGE_CHUNK,
    (route) => {
      refused += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    },
    { times: 1 },
  );
  await page.getByRole('link', { name: 'Usage', exact: true }).click();
  await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
  assert.equal(refused, 1, 'the old chunk was asked for and refused');
  assert.equal(loads.length, 1, `one reload, to ${loads.join(', ')}`);
  assert.match(loads[0], /\/dashboard\/usage$/);
  assert.deepEqual(
    errors.filter((e) => !expected(e)),
    [],
  );
  await context.close();
});

test('a chunk that still fails after the reload: "A new version is available", Reload, a way back, no loop', async () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const { context, page, errors, loads } = await onOverview(size);
    await page.route(USAGE_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
    if (size.width < 600) await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    const heading = page.getByRole('heading', { name: 'A new version is available', level: 1 });
    await heading.waitFor();
    await page.getByText('Reload the page to get the new version.').waitFor();
    assert.equal(loads.length, 1, `exactly one automatic reload (${loads.join(', ')})`);
    assert.equal(await page.locator('h1').count(), 1);
    assert.equal(await page.getByRole('main').count(), 1);
    await screenshot(page, `no-white-pages-new-version-${size.width}`);
    // Reload is offered (and does one deliberate reload: the chunk still fails, so the same screen comes back).
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload', exact: true }).click()]);
    await heading.waitFor();
    assert.equal(loads.length, 2, 'the button reloads once; nothing reloads by itself after it');
    // The way back leads to a page that loads.
    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.notEqual(await page.getByRole('heading', { level: 1 }).textContent(), 'A new version is available');
    assert.deepEqual(
      errors.filter((e) => !expected(e)),
      [],
    );
    await context.close();
  }
});

test('returnTo=/.//evil.example is ignored: signing in lands on the dashboard, signed in it goes there too', async () => {
  const { context, page, errors } = await openPage(browser);
  const outside = [];
  context.on('request', (r) => {
    if (!r.url().startsWith(BASE_URL)) outside.push(r.url());
  });
  await page.goto('/login?returnTo=/.//evil.example');
  await signInOnLoginPage(page, user);
  await page.waitForURL(`${BASE_URL}/dashboard`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Already signed in: the sign-in page sends the visitor on at once, to the dashboard, for every such value.
  for (const value of ['/.//evil.example', '%2F.%2F%2Fevil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '//evil.example', 'https://evil.example/']) {
    await page.goto(`/login?returnTo=${value}`);
    await page.waitForURL(`${BASE_URL}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }
  assert.deepEqual(
    outside.filter((u) => /evil/.test(u)),
    [],
  );
  assert.deepEqual(errors, []);
  await context.close();
});
