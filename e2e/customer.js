// A customer for a journey, and what the dashboard journeys do as one: an account signed in on the dashboard, an API
// key and calls made with it, the password step that reveals a key, and the console errors a step provokes on purpose.
// Built on lib.js; the dashboard-* and admin-* journeys share it.
import assert from 'node:assert/strict';
import { BASE_URL, createVerifiedUser, openPage, signInOnLoginPage, until } from './lib.js';

/** A call to the public API from this test process (client address 127.0.0.1). */
export async function callApi(key, path = '/api/time/current?timezone=Europe/London') {
  const res = await fetch(`${BASE_URL}${path}`, { headers: key ? { 'X-API-Key': key } : {} });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body, headers: res.headers };
}

/** Creates an API key through the API for the customer signed in on `request`; answers its secret. */
async function createApiKey(request, { name, ipRestrictions = [], urlRestrictions = [] }) {
  const created = await request.post('/api/api-keys', { data: { name, ipRestrictions, urlRestrictions }, headers: { Origin: BASE_URL } });
  assert.equal(created.status(), 201, await created.text());
  return (await created.json()).key;
}

/**
 * A verified customer (createVerifiedUser's options) with one API key, `keyName`, that has called the API once (so
 * usage has a request to show): made through the API in a context of its own; answers createVerifiedUser's answer, the
 * account's id and the key's secret.
 */
export async function createCustomerWithKey(browser, { keyName, ipRestrictions, ...options }) {
  const setup = await browser.newContext({ baseURL: BASE_URL });
  const user = await createVerifiedUser(setup.request, options);
  const login = await setup.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: { Origin: BASE_URL } });
  assert.equal(login.status(), 200, await login.text());
  const key = await createApiKey(setup.request, { name: keyName, ipRestrictions });
  assert.equal((await callApi(key)).status, 200);
  const { id } = await (await setup.request.get('/api/me')).json();
  await setup.close();
  return { ...user, id, key };
}

/** A page of `user` (from createVerifiedUser) signed in through the /login form, on the dashboard; answers what openPage answers. */
export async function openCustomerDashboard(browser, user, size = { width: 1280, height: 900 }) {
  const session = await openPage(browser, size);
  await session.page.goto('/login');
  await signInOnLoginPage(session.page, user);
  await session.page.waitForURL(/\/dashboard$/);
  return session;
}

/** The page's newest toast, or the one that says `text`. */
export const toast = (page, text) => (text === undefined ? page.getByTestId('toast') : page.getByTestId('toast').filter({ hasText: text })).first();

/** A key's secret is shown again only after the password (the "Confirm It's You" dialog the reveal opens). */
export async function confirmReveal(page, password) {
  const dialog = page.getByRole('dialog', { name: "Confirm It's You" });
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Reveal Key' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Reloads the page until check() passes (usage is written in batches every second); the deadline only guards against a hang. */
export function passesAfterReloads(page, check, { timeoutMs = 30_000 } = {}) {
  return until(
    async () => {
      try {
        await check();
        return true;
      } catch (error) {
        await page.reload();
        throw error;
      }
    },
    { timeoutMs, everyMs: 700 },
  );
}

/** Console errors other than the `expected` ones (by default the 400, 401 and 403 answers journeys ask for: Chromium logs every failed fetch). */
export const unexpectedErrors = (list, expected = /Failed to load resource: the server responded with a status of (400|401|403)/) =>
  list.filter((e) => !expected.test(e));
