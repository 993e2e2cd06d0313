// Sign-up, verification, sign-in with returnTo, forgot/reset password, role landing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE_URL,
  SUPER_ADMIN,
  createVerifiedUser,
  ensureSuperAdminTotp,
  launch,
  openPage,
  readMail,
  readMailLink,
  screenshot,
  signInOnLoginPage,
  uniqueEmail,
  withServerDatabase,
} from '../lib.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a visitor signs up in the dialog, verifies by mail and lands on /dashboard after login', async () => {
  const { page, errors, context } = await openPage(browser);
  const email = uniqueEmail('signup');
  const password = 'Signup-Pass-2024';
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByTestId('header-get-started').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Create Your Account').waitFor();
  // Validation first: the spec's messages, and the e-mail error clears on edit.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.getByText('Name is required').waitFor();
  await dialog.locator('input[name=email]').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.getByText('Please enter a valid email address (e.g., user@example.com)').waitFor();
  await screenshot(page, 'auth-register-validation', { fullPage: false });
  await dialog.locator('input[name=name]').fill('Grace Hopper');
  await dialog.locator('input[name=email]').fill(email);
  await dialog.locator('input[name=password]').fill(password);
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/verify-email-confirmation**');
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  assert.ok((await page.locator('main').textContent()).includes(email));
  assert.equal(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail')), email);
  await page.getByTestId('toast').getByText('Account Created!').waitFor();
  await screenshot(page, 'auth-verify-email');

  const link = await readMailLink(email, /verify-email\?token=/, { since });
  await page.goto(link);
  await page.waitForURL('**/login?verified=1');
  await page.getByText('Your email is verified. You can now sign in.').waitFor();
  await signInOnLoginPage(page, { email, password });
  await page.waitForURL(/\/dashboard$/);
  await screenshot(page, 'auth-landed-dashboard');
  // Signed in: / goes to the dashboard, and the header button reads Dashboard.
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  assert.equal(await page.getByTestId('header-login').textContent(), 'Dashboard');
  await page.goto('/');
  await page.waitForURL(/\/dashboard$/);
  assert.deepEqual(errors, [], errors.join('\n'));
  await context.close();
});

test('a signed-out visit to /dashboard/usage returns there after login', async () => {
  const { page, errors, context } = await openPage(browser);
  const user = await createVerifiedUser(context.request, { prefix: 'returnto' });
  await page.goto('/dashboard/usage');
  await page.waitForURL('**/login?returnTo=%2Fdashboard%2Fusage');
  await screenshot(page, 'auth-login-returnto', { fullPage: false });
  // Wrong password first: the server's message in a toast, still on /login.
  await signInOnLoginPage(page, { email: user.email, password: 'wrong-password-1' });
  await page.getByTestId('toast').getByText('Invalid email or password. Please try again.').waitFor();
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard\/usage$/);
  assert.deepEqual(
    errors.filter((e) => !/status of 401/.test(e)),
    [],
    errors.join('\n'),
  );
  await context.close();
});

test('forgot and reset password end to end', async () => {
  const { page, errors, context } = await openPage(browser);
  const user = await createVerifiedUser(context.request, { prefix: 'reset' });
  const newPassword = 'Brand-New-Pass-77';
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByTestId('header-login').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
  await dialog.locator('input[name=email]').fill(user.email);
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await dialog.getByText('Check Your Email').first().waitFor();
  await page.getByTestId('toast').getByText('Reset Email Sent').waitFor();
  await screenshot(page, 'auth-forgot-check-email', { fullPage: false });
  await dialog.getByRole('button', { name: 'Back to sign in' }).waitFor();
  await page.keyboard.press('Escape');

  const link = await readMailLink(user.email, /reset-password\?token=/, { since });
  assert.ok(link.startsWith(BASE_URL), `reset link points at the app: ${link}`);
  await page.goto(link, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
  await page.locator('input[name=newPassword]').fill(newPassword);
  await page.locator('input[name=confirmPassword]').fill('something-else-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // Beside the field (the toast says it too).
  await page.getByRole('form', { name: 'Reset password' }).getByText("Passwords don't match.").waitFor();
  await page.locator('input[name=newPassword]').fill('short');
  await page.locator('input[name=confirmPassword]').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('form', { name: 'Reset password' }).getByText('Password must be at least 8 characters long.').waitFor();
  await page.locator('input[name=newPassword]').fill(newPassword);
  await page.locator('input[name=confirmPassword]').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByTestId('toast').getByText('Password Reset Successfully').waitFor();
  await screenshot(page, 'auth-reset-success', { fullPage: false });
  await page.waitForURL(`${BASE_URL}/`);

  // The link is single use.
  await page.goto(link, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
  await page.getByRole('link', { name: 'Go to Homepage' }).waitFor();

  // The new password signs in; the old one does not.
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, user);
  await page.getByTestId('toast').getByText('Invalid email or password. Please try again.').waitFor();
  await signInOnLoginPage(page, { email: user.email, password: newPassword });
  await page.waitForURL(/\/dashboard$/);
  assert.deepEqual(
    errors.filter((e) => !/status of (400|401)/.test(e)),
    [],
    errors.join('\n'),
  );
  await context.close();
});

test('an unverified login goes to the verification page, which can resend the link', async () => {
  const { page, errors, context } = await openPage(browser);
  const email = uniqueEmail('unverified');
  const password = 'Unverified-Pass-1';
  const reg = await context.request.post('/api/auth/register', { data: { name: 'Not Yet', email, password }, headers: { Origin: BASE_URL } });
  assert.ok(reg.ok(), await reg.text());
  await readMail(email);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, { email, password });
  await page.waitForURL('**/verify-email-confirmation**');
  await page.getByTestId('toast').getByText('Email Not Verified').waitFor();
  const since = Date.now();
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await readMail(email, { since });
  assert.deepEqual(
    errors.filter((e) => !/status of 403/.test(e)),
    [],
    errors.join('\n'),
  );
  await context.close();
});

test('role landing: a super admin signs in to /admin; a user sent away from /admin', async () => {
  if (!SUPER_ADMIN.email) return;
  const admin = await openPage(browser);
  const api = await browser.newContext({ baseURL: BASE_URL });
  const totpSecret = await ensureSuperAdminTotp(api.request);
  await api.close();
  await admin.page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(admin.page, { ...SUPER_ADMIN, totpSecret });
  await admin.page.waitForURL(/\/admin/);
  await admin.page.goto('/dashboard/usage');
  await admin.page.waitForURL(/\/admin/);
  await admin.context.close();

  const { page, context } = await openPage(browser);
  const user = await createVerifiedUser(context.request, { prefix: 'notadmin' });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/admin');
  await page.getByTestId('toast').getByText('Super admin access required').waitFor();
  await page.waitForURL(/\/dashboard$/);
  await context.close();
});

test('the sign-in page says why the visitor is back: provider failure, blocked account, verification link', async () => {
  const { page, errors, context } = await openPage(browser, { width: 375, height: 812 });
  const cases = [
    ['error=oidc', 'Sign-in with your identity provider failed. Please try again.'],
    ['error=blocked', 'Your account has been blocked. Contact support.'],
    ['verified=1', 'Your email is verified. You can now sign in.'],
    ['verified=0', 'This verification link is invalid or has expired. Sign in to get a new one.'],
  ];
  for (const [query, message] of cases) {
    await page.goto(`/login?${query}`, { waitUntil: 'networkidle' });
    await page.getByRole('alert').getByText(message).waitFor();
    await screenshot(page, `auth-login-${query.replace('=', '-')}-375`, { fullPage: false });
  }
  assert.deepEqual(errors, [], errors.join('\n'));
  await context.close();
});

/** What the server does when a session reaches its end of life: it is past its expiry from then on. */
async function expireSessionsOf(email) {
  const { rowCount } = await withServerDatabase((db) =>
    db.query(`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`, [email]),
  );
  assert.ok(rowCount >= 1, `a session of ${email} to expire`);
}

test('an expired session sends the user to sign in with a word why, on a reload and on the next click, and back after', async () => {
  const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
  const user = await createVerifiedUser(context.request, { prefix: 'expiry' });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/dashboard/usage');
  await page.getByRole('heading', { level: 1 }).first().waitFor();

  // The tab is reloaded after the session ran out.
  await expireSessionsOf(user.email);
  await page.reload();
  await page.waitForURL('**/login?returnTo=%2Fdashboard%2Fusage&error=expired');
  await page.getByRole('alert').getByText('Your session has expired. Please sign in again.').waitFor();
  await screenshot(page, 'auth-login-session-expired-390', { fullPage: false });
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard\/usage$/);

  // The tab stays open on a page that asks nothing by itself while the session runs out; the next page opened in it
  // asks the server and is told.
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Update Profile' }).waitFor();
  await expireSessionsOf(user.email);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'API Keys' }).click();
  await page.getByTestId('toast').getByText('You are logged out. Logging in again...').waitFor();
  await page.waitForURL('**/login?returnTo=%2Fdashboard%2Fapi-keys&error=expired');
  await page.getByRole('alert').getByText('Your session has expired. Please sign in again.').waitFor();
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard\/api-keys$/);
  // The browser logs the refused calls themselves (401); nothing else.
  const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e));
  assert.deepEqual(unexpected, [], unexpected.join('\n'));
  await context.close();
});
