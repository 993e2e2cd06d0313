// The look sweep of every console screen of the super admin (e2e/look.js, as look.test.js sweeps the site and the
// dashboard), and the console's own theme toggle. A file of its own: it signs in as the run's super admin, whose
// sign-ins take turns with the other files that do (run.js), and the other two sweeps need not wait for them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, SUPER_ADMIN, ensureSuperAdminTotp, launch, totpCode } from '../lib.js';
import { adminRoutes, audit, settle, signedInContext } from '../look.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('every console screen of the super admin, light and dark, 1280 and 390 px: axe, one h1, one main, no CSP violation', async () => {
  assert.ok(SUPER_ADMIN.email && SUPER_ADMIN.password, 'e2e/run.js passes the super admin credentials');
  const context = await signedInContext(browser, async (request) => {
    const totp = await totpCode(await ensureSuperAdminTotp(request));
    const login = await request.post('/api/auth/login', { data: { ...SUPER_ADMIN, totp }, headers: { Origin: BASE_URL } });
    assert.equal(login.status(), 200, await login.text());
  });
  // The screens of one record too: a user's page, and a support message's when there is one.
  const first = async (resource) => {
    const res = await context.request.get(`/api/admin/${resource}?range=${encodeURIComponent('[0,0]')}`);
    assert.equal(res.status(), 200, await res.text());
    return (await res.json())[0]?.id;
  };
  const records = [];
  for (const resource of ['users', 'support-messages']) {
    const id = await first(resource);
    if (id) records.push(`/admin/${resource}/${id}/show`);
  }
  assert.ok(records.length >= 1, 'a user page is among the screens');
  const { findings, errors } = await audit(context, 'admin', [...adminRoutes, ...records]);
  // The console's own toggle switches the console (react-admin nests its own theme provider).
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page, '/admin/users');
  const appBar = () =>
    page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const lightBar = await appBar();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  assert.equal(await page.locator('html').getAttribute('data-color-scheme'), 'dark');
  assert.notEqual(await appBar(), lightBar, 'the console turns dark');
  await context.close();
  assert.equal(findings.length, 0, `axe found:\n${findings.join('\n')}`);
  assert.deepEqual(errors, []);
});
