// Teams (issue 51), against the real server. An owner creates an organisation from the sidebar's switcher and invites
// a new person by e-mail as a Developer. The invitee opens the mailed link in another browser, creates an account from
// the invitation page and lands in the organisation, switches to their personal organisation and back, creates a key
// limited to the current time, and calls an allowed route (200) and a refused one (403 key_scope). The owner's Team
// page then lists the member with the key they made, the audit names who did what, and the page has no serious axe
// finding and fits 390 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, collectConsoleErrors, createVerifiedUser, launch, openPage, readMailLink, screenshot, signInOnLoginPage, uniqueEmail } from '../lib.js';
import { seriousAxeFindings } from '../axe.js';

let browser;
let owner; // { page, errors }
let invitee; // { page, errors }
const inviteeEmail = uniqueEmail('invitee');
const ORG = 'Journey Travel';

const call = async (key, path) => {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { 'X-API-Key': key } });
  return { status: res.status, body: await res.json() };
};

before(async () => {
  browser = await launch();
  const { page } = await openPage(browser, { width: 1280, height: 900 });
  owner = { page, errors: collectConsoleErrors(page) };
  const user = await createVerifiedUser(page.context().request, { name: 'Olivia Owner', prefix: 'team-owner' });
  await page.goto('/login');
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard/);
});

after(async () => {
  await browser?.close();
});

test('the owner creates an organisation from the switcher and invites a developer by e-mail', async () => {
  const { page } = owner;
  await page.getByRole('button', { name: /^Organisation: Personal/ }).click();
  await page.getByRole('menuitem', { name: 'Create organisation' }).click();
  const create = page.getByRole('dialog', { name: 'Create organisation' });
  await create.getByLabel('Organisation name').fill(ORG);
  await create.getByRole('button', { name: 'Create organisation' }).click();
  await page.getByRole('button', { name: new RegExp(`^Organisation: ${ORG}\\W+Owner`) }).waitFor();

  await page.goto('/dashboard/team');
  await page.getByRole('button', { name: 'Invite member' }).first().click();
  const invite = page.getByRole('dialog', { name: 'Invite a member' });
  await invite.getByLabel('E-mail').fill(inviteeEmail);
  await invite.getByRole('radio', { name: /^Developer/ }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(inviteeEmail).first().waitFor();
});

let key;

test('the invitee registers from the mailed link, lands in the organisation, switches away and back', async () => {
  const link = await readMailLink(inviteeEmail, /\/invitations\//);
  const { page } = await openPage(browser, { width: 1280, height: 900 });
  invitee = { page, errors: collectConsoleErrors(page) };
  await page.goto(new URL(link).pathname);
  await page.getByTestId('invitation-title').getByText(ORG).waitFor();
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Full name').fill('Ivy Invitee');
  await form.getByLabel('Password').fill('Correct-Horse-9-team');
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await page.waitForURL(/\/dashboard/);
  const switcher = () => page.getByRole('button', { name: /^Organisation: / });
  await page.getByRole('button', { name: new RegExp(`^Organisation: ${ORG}\\W+Developer`) }).waitFor();

  await switcher().click();
  await page.getByRole('menuitem', { name: /^Personal/ }).click();
  await page.getByRole('button', { name: /^Organisation: Personal\W+Personal · Owner/ }).waitFor();
  await switcher().click();
  await page.getByRole('menuitem', { name: new RegExp(`^${ORG}`) }).click();
  await page.getByRole('button', { name: new RegExp(`^Organisation: ${ORG}\\W+Developer`) }).waitFor();
});

test('in the organisation, the developer makes a key limited to the current time: allowed 200, refused 403 key_scope', async () => {
  const { page } = invitee;
  await page.goto('/dashboard/api-keys');
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel(/^Name/).fill('Team clock');
  await dialog.getByRole('checkbox', { name: 'Current time' }).check();
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  const secret = page.getByRole('dialog', { name: 'Your new API key' });
  key = (await secret.getByTestId('new-key-value').textContent()).trim();
  await secret.getByRole('button', { name: 'Done' }).click();
  assert.equal((await call(key, '/api/time/utc')).status, 200);
  const refused = await call(key, '/api/timezone/list');
  assert.deepEqual([refused.status, refused.body.code], [403, 'key_scope']);
});

test('the owner sees the member, their key and the audit; the Team page passes axe and fits 390 px', async () => {
  const { page } = owner;
  await page.goto('/dashboard/team');
  const row = page.getByRole('row').filter({ hasText: inviteeEmail });
  await row.getByText('Developer').first().waitFor();
  await page.getByText('Key created').first().waitFor();
  assert.deepEqual(await seriousAxeFindings(page), []);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the Team page scrolls sideways by ${overflow} px at 390 px`);
  await screenshot(page, 'team-390');
  assert.deepEqual(owner.errors, []);
  assert.deepEqual(invitee.errors, []);
});
