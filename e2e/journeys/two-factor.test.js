// Two-factor sign-in for a customer: turned on in Profile (QR code, a code, ten recovery codes), then the sign-in
// dialog and the /login page ask for the code (a current one, or a recovery code once); turned off with a code.
// Screenshots at 1280 and 375 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createVerifiedUser, launch, openPage, passTotpStep, screenshot, signInOnLoginPage, totpCode, wrongTotpCode } from '../lib.js';

let browser;
let user; // { email, password }
let secret;
let recoveryCodes = [];

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a customer turns on two-factor sign-in in Profile', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
  user = await createVerifiedUser(context.request, { name: 'Dana Scully', prefix: 'twofactor' });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/dashboard/profile');
  const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Two-Factor Sign-In' }) });
  await card.getByText('Off', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  secret = (await card.getByTestId('totp-secret').textContent()).replace(/\s+/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  await screenshot(page, 'profile-2fa-setup-1280');

  await card.getByLabel('Authentication Code').fill(await wrongTotpCode(secret));
  await card.getByRole('button', { name: 'Confirm and Turn On' }).click();
  await card.getByText(/That code is not valid/).waitFor();
  await card.getByLabel('Authentication Code').fill(await totpCode(secret));
  await card.getByRole('button', { name: 'Confirm and Turn On' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  recoveryCodes = (await list.locator('li').allTextContents()).map((c) => c.trim());
  assert.equal(recoveryCodes.length, 10);
  await screenshot(page, 'profile-2fa-recovery-codes-1280');
  await card.getByRole('button', { name: "I've Saved My Codes" }).click();
  await card.getByText('On', { exact: true }).waitFor();
  await card.getByText('Recovery codes left:').waitFor();
  await screenshot(page, 'profile-2fa-on-1280');
  // The one 400 is the wrong code tried on purpose.
  assert.deepEqual(
    errors.filter((e) => !/status of 400 .*\/api\/profile\/totp\/enable/.test(e)),
    [],
    errors.join('\n'),
  );
  await context.close();
});

test('the sign-in dialog asks for the code, refuses a wrong one and takes a current one', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByTestId('header-login').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=email]').fill(user.email);
  await dialog.locator('input[name=password]').fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = dialog.getByLabel('Authentication Code');
  await code.waitFor();
  await dialog.getByText(/Two-factor sign-in is on for/).waitFor();
  await screenshot(page, 'login-totp-dialog-1280', { fullPage: false });
  await code.fill(await wrongTotpCode(secret));
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await dialog.getByText(/That code is not valid/).waitFor();
  await screenshot(page, 'login-totp-dialog-wrong-1280', { fullPage: false });
  await code.fill(await totpCode(secret));
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  assert.deepEqual(
    errors.filter((e) => !/status of 401/.test(e)),
    [],
    errors.join('\n'),
  );
  await context.close();
});

test('on a phone, /login asks for the code and a recovery code works once', async () => {
  const phone = await openPage(browser, { width: 375, height: 812 });
  await phone.page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(phone.page, user);
  await phone.page.getByLabel('Authentication Code').waitFor();
  await screenshot(phone.page, 'login-totp-375');
  await phone.page.getByLabel('Authentication Code').fill(recoveryCodes[0]);
  await phone.page.getByRole('button', { name: 'Verify', exact: true }).click();
  await phone.page.waitForURL(/\/dashboard$/);
  await phone.page.goto('/dashboard/profile');
  await phone.page.getByText('Recovery codes left:').waitFor();
  await phone.page.getByText('9', { exact: true }).waitFor();
  await screenshot(phone.page, 'profile-2fa-on-375');
  await phone.context.close();

  const again = await openPage(browser, { width: 375, height: 812 });
  await again.page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(again.page, user);
  await again.page.getByLabel('Authentication Code').fill(recoveryCodes[0]);
  await again.page.getByRole('button', { name: 'Verify', exact: true }).click();
  await again.page.getByText(/That code is not valid/).waitFor();
  await again.context.close();
});

test('the customer turns two-factor off with a code; sign-in asks only for the password again', async () => {
  const { page, context } = await openPage(browser, { width: 1280, height: 900 });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(page, user);
  await passTotpStep(page, secret);
  await page.waitForURL(/\/dashboard$/);
  await page.goto('/dashboard/profile');
  const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Two-Factor Sign-In' }) });
  await card.getByLabel('Code', { exact: true }).fill(await totpCode(secret));
  await card.getByRole('button', { name: 'Turn Off' }).click();
  await page.getByTestId('toast').getByText('Your account no longer asks for a code at sign-in.').waitFor();
  await card.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).waitFor();
  await context.close();

  const fresh = await openPage(browser);
  await fresh.page.goto('/login', { waitUntil: 'networkidle' });
  await signInOnLoginPage(fresh.page, user);
  await fresh.page.waitForURL(/\/dashboard$/);
  await fresh.context.close();
});
