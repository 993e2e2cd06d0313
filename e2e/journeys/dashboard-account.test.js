// A customer's account and session against the real server: the profile and the password changed (then a sign-in
// with the new one); signed out, a visit goes to the login with returnTo, and a session lost mid-visit says so first;
// a super admin who opens the dashboard is sent to /admin; a blocked customer is told why on the sign-in page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, SUPER_ADMIN, createVerifiedUser, ensureSuperAdminTotp, launch, screenshot, signInOnLoginPage, totpCode } from '../lib.js';
import { openCustomerDashboard, toast, unexpectedErrors } from '../customer.js';

const PASSWORD = 'correct-horse-battery-9';
const NEW_PASSWORD = 'tranquil-otter-lantern-42';

let browser;
let context;
let page;
let errors;
let email;

async function signIn(password) {
  await page.goto('/login');
  await signInOnLoginPage(page, { email, password });
  await page.waitForURL(/\/dashboard$/);
}

before(async () => {
  browser = await launch();
  const setup = await browser.newContext({ baseURL: BASE_URL });
  const user = await createVerifiedUser(setup.request, { name: 'Dana Scully', prefix: 'account', password: PASSWORD });
  await setup.close();
  email = user.email;
  ({ context, page, errors } = await openCustomerDashboard(browser, user));
});

after(async () => {
  await browser?.close();
});

test('changes the profile and the password, then signs in with the new password', async () => {
  await page.goto('/dashboard/profile');
  await page.getByLabel('First Name').fill('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByText('First name is required').waitFor();
  await page.getByLabel('First Name').fill('Fox');
  await page.getByLabel('Last Name').fill('Mulder');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await toast(page).getByText('Profile Updated').waitFor();
  await page.getByTestId('sidebar-name').getByText('Fox Mulder').waitFor();

  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD + 'x');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText("Passwords don't match").waitFor();
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await toast(page).getByText('Error', { exact: true }).waitFor();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await toast(page).getByText('Password Updated').waitFor();
  await screenshot(page, 'dashboard-profile-1280');

  await page.getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signIn(NEW_PASSWORD);
  await page.getByTestId('dashboard-heading').getByText('Welcome back, Fox Mulder!').waitFor();
});

test('signed out: a visit goes to the login with returnTo; a session lost mid-visit toasts, then goes there too', async () => {
  const fresh = await browser.newContext({ baseURL: BASE_URL });
  const p = await fresh.newPage();
  await p.goto('/dashboard/api-keys');
  await p.waitForURL(/\/login\?returnTo=%2Fdashboard%2Fapi-keys/);
  await fresh.close();

  // The session ends while the dashboard is open: the next call answers 401.
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-heading').waitFor();
  await context.clearCookies();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Usage', exact: true }).click();
  await toast(page).getByText('You are logged out. Logging in again...').waitFor();
  await page.waitForURL(/\/login\?returnTo=%2Fdashboard%2Fusage$/);
});

test('a super admin who opens the dashboard is sent to /admin', async () => {
  assert.ok(SUPER_ADMIN.email, 'the harness passes the super admin credentials');
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const totp = await totpCode(await ensureSuperAdminTotp(admin.request));
  const res = await admin.request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } });
  assert.equal(res.status(), 200, await res.text());
  const p = await admin.newPage();
  await p.goto('/dashboard/usage');
  await p.waitForURL(/\/admin/);
  await admin.close();
});

test('a blocked customer who reloads is told why on the sign-in page, before typing anything', async () => {
  await signIn(NEW_PASSWORD);
  const { id } = await (await page.request.get('/api/me')).json();
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const totp = await totpCode(await ensureSuperAdminTotp(admin.request));
  assert.equal((await admin.request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } })).status(), 200);
  assert.equal((await admin.request.post(`/api/admin/users/${id}/block`, { headers: { Origin: BASE_URL } })).status(), 200);

  await page.goto('/dashboard/usage');
  await page.waitForURL(/\/login\?returnTo=%2Fdashboard%2Fusage&error=blocked$/);
  await page.getByRole('alert').getByText('Your account has been blocked. Contact support.').waitFor();
  await screenshot(page, 'login-blocked-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'login-blocked-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  assert.equal((await admin.request.post(`/api/admin/users/${id}/unblock`, { headers: { Origin: BASE_URL } })).status(), 200);
  await admin.close();
});

test('no page of this journey logged an unexpected console error', () => {
  assert.deepEqual(unexpectedErrors(errors), []);
});
