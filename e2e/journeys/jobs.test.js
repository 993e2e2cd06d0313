// The console's Jobs page against the real server: while the dev mailbox can't be written (its folder replaced by a
// file), a customer registers and the verification mail fails for good (e2e/run.js gives mail a few seconds of
// retries); Jobs lists it as failed with its recipient, subject and last error, never its body; with the mailbox back,
// Retry sends it, the mail arrives and the job is Done. Screenshots at 1280 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_URL, DATA_DIR, launch, screenshot, until, openSuperAdminConsole, readMail, uniqueEmail } from '../lib.js';

const mailDir = join(DATA_DIR, 'mail');
const parked = `${mailDir}.parked`;
const email = uniqueEmail('jobs');

let browser;
let admin;

const failedMails = async (request) => {
  const res = await request.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ queue: 'mail', state: 'failed' }))}&range=[0,99]`);
  return res.ok() ? await res.json() : [];
};

before(async () => {
  browser = await launch();
  admin = await openSuperAdminConsole(browser, { width: 1280, height: 900 });
});

after(async () => {
  if (existsSync(parked)) {
    rmSync(mailDir, { force: true });
    renameSync(parked, mailDir);
  }
  await browser?.close();
});

test('a mail that failed shows in Jobs without its body; Retry sends it', async () => {
  const { page } = admin;
  // The mailbox can't be written: a file where its folder was.
  mkdirSync(mailDir, { recursive: true });
  renameSync(mailDir, parked);
  writeFileSync(mailDir, 'not a folder');
  try {
    const registered = await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
      body: JSON.stringify({ name: 'Dana Scully', email, password: 'sturdy-walrus-compass-71' }),
    });
    assert.equal(registered.status, 201);
    await until(async () => (await failedMails(page.request)).some((j) => j.summary.to === email), { what: 'the mail to fail for good', timeoutMs: 60_000 });
  } finally {
    rmSync(mailDir, { force: true });
    renameSync(parked, mailDir);
  }

  await page.getByRole('menuitem', { name: 'Jobs' }).click();
  await page.waitForURL(/\/admin\/jobs/);
  await page.getByTestId('job-queues').getByText('mail', { exact: true }).waitFor();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByText('Verify your e-mail address for TimeZone API').waitFor();
  await row.getByText('Failed', { exact: true }).waitFor();
  await row.getByText(/not a directory|EEXIST|ENOTDIR/).waitFor();
  assert.equal(await page.getByText(/token=/).count(), 0, 'no mail body (with its link) on the page');
  await screenshot(page, 'admin-jobs-failed-1280');

  const since = Date.now() - 1000;
  await row.getByRole('button', { name: /^Retry job/ }).click();
  await page.getByTestId('toast').filter({ hasText: 'Job queued for another attempt' }).first().waitFor();
  const mail = await readMail(email, { since, subject: /Verify/ });
  assert.match(mail.text, /verify-email\?token=/);

  await until(
    async () => {
      const res = await page.request.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ queue: 'mail', state: 'completed' }))}&range=[0,99]`);
      return (await res.json()).some((j) => j.summary.to === email);
    },
    { what: 'the job to be done' },
  );
  await page.goto(`/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ state: 'completed', queue: 'mail' }))}`);
  await page.getByRole('row').filter({ hasText: email }).getByText('Done', { exact: true }).waitFor();
  await screenshot(page, 'admin-jobs-done-1280');
  const audit = await page.request.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'job.retry' }))}`);
  assert.ok(
    (await audit.json()).some((a) => a.before?.to === email),
    'the retry is in the audit log',
  );
});
