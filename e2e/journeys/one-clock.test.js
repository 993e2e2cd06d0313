// One clock (issue 48), against the real server. A customer whose browser is in New York sets the display zone to
// Asia/Kolkata in Profile; the run's super admin's browser is in Kolkata. Then both press the header's UTC switch. In
// each zone: Usage and Requests give the same total for "Last 7 days"; every time written on Usage, Requests, Webhooks,
// Overview's change-notice banner and the console's release page and Jobs names that zone (GMT+5:30 or UTC, never the
// browser's EST), and no raw ISO instant shows; the day buckets of both pages start at the zone's midnight, and a request
// made at 20:00 UTC two days ago is counted on the UTC day it was made and on the next Kolkata day. From the Requests
// default view (the last 24 hours) that request is found by its full id; its drawer copies it as cURL (the key
// masked) and copies a link that opens the same drawer. The console's Jobs page, listing the customer's failing
// webhook delivery, does not scroll sideways at 390 px.
//
// What the server alone decides is played on its database, as other journeys play a session running out: the
// two-day-old request is a real request whose row is moved two days back (its id rewritten to the UUIDv7 of that
// moment, and the daily roll-ups rebuilt from the rows, as backend/src/bin/seed-usage.ts does), and the change notice
// is the row a release activation writes (the tzdb journeys prove the activation writes it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  BASE_URL,
  animationsDone,
  createVerifiedUser,
  launch,
  openSuperAdminConsole,
  screenshot,
  signInOnLoginPage,
  trackRequests,
  networkQuiet,
  until,
  usageWritten,
  withServerDatabase,
  collectConsoleErrors,
} from '../lib.js';

const KOLKATA = { zone: 'Asia/Kolkata', label: 'GMT+5:30' };
const UTC = { zone: 'UTC', label: 'UTC' };
const DAY_MS = 86_400_000;

let browser;
let customer; // { context, page, errors }
let admin; // the super admin's console, its browser in Kolkata
let receiver;
let key;
let userId;
let endpointId;
/** The request moved two days back: its full id and when it was made. */
const old = { requestId: null, at: null };

/** A UUIDv7 (RFC 9562) of the instant `ms`, as the API makes request ids. */
function uuidV7(ms) {
  const hex = ms.toString(16).padStart(12, '0');
  const rand = randomBytes(10).toString('hex');
  const variant = ((parseInt(rand[3], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${rand.slice(0, 3)}-${variant}${rand.slice(4, 7)}-${rand.slice(7, 19)}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
const localDate = (zone, at) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
/** The wall-clock time (HH:MM:SS) of an instant in a zone. */
const localTime = (zone, at) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(at));

/**
 * Every time of day written on the page (outside charts' SVG and code blocks, visible) with the zone name after it,
 * and every raw ISO instant: what a person reads as "when".
 */
function timesOnPage(page) {
  return page.evaluate(() => {
    const TIME = /(\d{1,2}:\d{2}(?::\d{2})?\s[AP]M)(?:\s(GMT[+-]\d{1,2}(?::\d{2})?|[A-Z]{2,5}))?/g;
    const ISO = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g;
    const times = [];
    const iso = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('svg, pre, code, script, style') || !el.checkVisibility()) continue;
      for (const m of node.data.matchAll(TIME)) times.push({ text: m[0], zone: m[2] ?? null });
      for (const _ of node.data.matchAll(ISO)) iso.push(node.data.trim().slice(0, 80));
    }
    return { times, iso };
  });
}

/** Asserts that the page writes at least `min` times, each naming `label`, and no raw ISO instant. */
async function assertTimesIn(page, label, what, min = 1) {
  const { times, iso } = await timesOnPage(page);
  assert.ok(times.length >= min, `${what}: at least ${min} time(s) shown, found ${JSON.stringify(times)}`);
  const wrong = times.filter((t) => t.zone !== label);
  assert.deepEqual(wrong, [], `${what}: every time names ${label}`);
  assert.deepEqual(iso, [], `${what}: no raw ISO instant`);
  return times.length;
}

/** The JSON answer of the page's first request whose URL matches `pattern`, made while `action` runs. */
async function answerTo(page, pattern, action) {
  const [response] = await Promise.all([page.waitForResponse((r) => pattern.test(r.url()) && r.request().method() === 'GET' && r.ok()), action()]);
  return response.json();
}

/** How far the page scrolls sideways (0 when it fits its viewport). */
const horizontalOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

before(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(503, { 'content-type': 'text/plain' }).end('receiver down for maintenance'));
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  browser = await launch();

  // The customer, in a New York browser (so a time in the browser's zone would read EST), on Enterprise (analytics and webhooks).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: BASE_URL, timezoneId: 'America/New_York' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  customer = { context, page, errors: collectConsoleErrors(page) };
  const user = await createVerifiedUser(context.request, { name: 'Clock Reader', prefix: 'clock' });
  await page.goto('/login');
  await signInOnLoginPage(page, user);
  await page.waitForURL(/\/dashboard$/);
  userId = (await (await context.request.get('/api/me')).json()).id;

  admin = await openSuperAdminConsole(browser, { width: 1280, height: 900, timezoneId: KOLKATA.zone });
  const plan = await admin.context.request.post(`/api/admin/users/${userId}/plan`, { data: { plan: 'enterprise' }, headers: { Origin: BASE_URL } });
  assert.equal(plan.status(), 200, await plan.text());

  const created = await context.request.post('/api/api-keys', {
    data: { name: 'Clock key', ipRestrictions: [], urlRestrictions: [] },
    headers: { Origin: BASE_URL },
  });
  assert.equal(created.status(), 201, await created.text());
  key = (await created.json()).key;
  const ids = [];
  for (const path of ['/api/time/utc', '/api/time/current?timezone=Asia/Tokyo', '/api/time/current?timezone=Not/AZone', '/api/time/utc']) {
    const res = await fetch(`${BASE_URL}${path}`, { headers: { 'X-API-Key': key } });
    ids.push(res.headers.get('x-request-id'));
  }
  await usageWritten();

  // The Tokyo request, made at 20:00 UTC two days ago: the next day in Kolkata (01:30), more than 24 hours back.
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  old.at = today - 2 * DAY_MS + 20 * 3_600_000;
  old.requestId = uuidV7(old.at);
  await withServerDatabase(async (db) => {
    await db.query(`select usage_ensure_partition(date_trunc('month', $1::timestamptz)::date)`, [new Date(old.at)]);
    await db.query('begin');
    // The account's events, written as batches, become rows as the writer before batches left them (read alike until
    // the move job takes them), the Tokyo one two days back; the roll-ups are made again from the rows.
    const moved = await db.query(
      `insert into usage_records ("timestamp", user_id, key_id, endpoint, method, status_code, response_ms, ip_address, request_id,
         request_id_indexed, problem_code, query, row_id)
       select case when e.rid = $2 then $3 else b.starts_at + e.off * interval '1 millisecond' end, b.user_id, b.keys[e.k], b.endpoints[e.ep],
              b.methods[e.m], e.status, e.ms, b.ips[e.ip], case when e.rid = $2 then $4 else e.rid end, false, e.pc, e.q, b.row_ids[e.n]
       from usage_batches b cross join lateral unnest(b.offsets_ms, b.status_codes, b.response_ms, b.key_idx, b.endpoint_idx, b.method_idx,
         b.ip_idx, b.request_ids, b.problem_codes, b.queries) with ordinality as e(off, status, ms, k, ep, m, ip, rid, pc, q, n)
       where b.user_id = $1
       returning request_id`,
      [userId, ids[1], new Date(old.at), old.requestId],
    );
    assert.equal(moved.rows.filter((r) => r.request_id === old.requestId).length, 1, 'the Tokyo request is moved two days back');
    await db.query('delete from usage_batches where user_id = $1', [userId]);
    await db.query('delete from usage_quarter_hours where user_id = $1', [userId]);
    await db.query('delete from usage_daily where user_id = $1', [userId]);
    await db.query(
      `insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
       select ("timestamp" at time zone 'utc')::date, user_id, key_id, endpoint, status_code, count(*), sum(response_ms)
       from usage_records where user_id = $1 group by 1, 2, 3, 4, 5`,
      [userId],
    );
    await db.query('commit');
    // The notice an activation writes: Kolkata moves to +06:00 at its midnight of the 15th of next month.
    const next = new Date();
    const from = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 15) - 5.5 * 3_600_000;
    await db.query(`insert into change_notices (id, user_id, release_version, zones, pinned_keys) values ($1, $2, '2099z', $3::jsonb, '[]'::jsonb)`, [
      randomUUID(),
      userId,
      JSON.stringify([
        {
          zone: KOLKATA.zone,
          changes: [
            {
              from: new Date(from).toISOString(),
              to: new Date(from + 365 * DAY_MS).toISOString(),
              before: { utcOffset: '+05:30', abbreviation: 'IST', dst: false },
              after: { utcOffset: '+06:00', abbreviation: '+06', dst: false },
            },
          ],
        },
      ]),
    ]);
  });

  // A failing webhook endpoint with a test event that waits for its retry: the Webhooks pages and a job that needs attention.
  const endpoint = await context.request.post('/api/webhooks', {
    data: { url: `http://127.0.0.1:${receiver.address().port}/down`, events: ['key.created'] },
    headers: { Origin: BASE_URL },
  });
  assert.equal(endpoint.status(), 201, await endpoint.text());
  endpointId = (await endpoint.json()).id;
  const sent = await context.request.post(`/api/webhooks/${endpointId}/test`, { data: { type: 'key.created', retry: true }, headers: { Origin: BASE_URL } });
  assert.equal(sent.status(), 202, await sent.text());
});

after(async () => {
  // Stop the test event's retries.
  if (endpointId) await customer?.context.request.delete(`/api/webhooks/${endpointId}`, { headers: { Origin: BASE_URL } });
  await browser?.close();
  receiver?.close();
});

/** Usage's and Requests' totals for "Last 7 days", and the day buckets each page's answer holds. */
async function lastSevenDays(page, zone) {
  const usage = await answerTo(page, /\/api\/usage\/summary\?/, () => page.goto('/dashboard/usage'));
  assert.equal(usage.timeZone, zone, 'Usage asks for the display zone’s days');
  const usageTotal = await until(async () => {
    const text = (await page.getByTestId('usage-total-value').textContent())?.trim();
    return /^[\d,]+$/.test(text ?? '') && Number(text.replace(/,/g, ''));
  });
  const stats = await answerTo(page, /\/api\/usage\/requests\/stats\?/, () => page.goto('/dashboard/requests?range=7d'));
  assert.equal(stats.timeZone, zone, 'Requests asks for the display zone’s days');
  assert.equal(stats.bucket, 'day');
  const requestsTotal = await until(async () => {
    const m = /^([\d,]+) requests\./.exec((await page.getByTestId('analytics-zone').textContent()) ?? '');
    return m && Number(m[1].replace(/,/g, ''));
  });
  return { usageTotal, requestsTotal, usageDays: usage.perDay, requestDays: stats.buckets };
}

/** The count of the bucket that starts at the local midnight of `date` in `zone`. */
const countOn = (days, zone, date, field) => days.filter((d) => localDate(zone, d.start) === date).reduce((sum, d) => sum + d[field], 0);

async function journeyIn({ zone, label }, shot) {
  const { page } = customer;
  trackRequests(page);

  // Usage and Requests agree on "Last 7 days", cut at the zone's midnights; the old request sits on its local day.
  const week = await lastSevenDays(page, zone);
  assert.equal(week.requestsTotal, week.usageTotal, `Usage (${week.usageTotal}) and Requests (${week.requestsTotal}) agree in ${zone}`);
  assert.equal(week.usageTotal, 4, 'the four requests, the two-day-old one included');
  for (const d of [...week.usageDays, ...week.requestDays])
    assert.equal(localTime(zone, d.start), '00:00:00', `a day starts at midnight in ${zone}: ${d.start}`);
  const oldDay = localDate(zone, old.at);
  const dayBefore = localDate(zone, old.at - DAY_MS);
  assert.equal(countOn(week.usageDays, zone, oldDay, 'count'), 1, `Usage counts the old request on ${oldDay} in ${zone}`);
  assert.equal(countOn(week.usageDays, zone, dayBefore, 'count'), 0);
  assert.equal(countOn(week.requestDays, zone, oldDay, 'total'), 1, `Requests counts the old request on ${oldDay} in ${zone}`);
  assert.equal(countOn(week.requestDays, zone, dayBefore, 'total'), 0);

  // Requests: the log, and the old request opened from its id.
  await page.getByTestId('request-row').nth(3).waitFor();
  await assertTimesIn(page, label, `Requests (last 7 days) in ${zone}`, 4);
  await page.goto('/dashboard/requests');
  await page.getByTestId('request-row').first().waitFor();
  await page.getByRole('textbox', { name: 'Search by request ID' }).fill(old.requestId);
  await page.getByRole('textbox', { name: 'Search by request ID' }).press('Enter');
  const row = page.getByTestId('request-row').filter({ hasText: old.requestId });
  await row.waitFor();
  await until(async () => (await page.getByTestId('request-row').count()) === 1, { what: 'only the searched request listed' });
  await row.getByRole('button').first().click();
  const detail = page.getByTestId('request-detail');
  await detail.getByTestId('detail-request-id').getByText(old.requestId).waitFor();
  await detail.getByText('timezone = Asia/Tokyo').waitFor();
  await animationsDone(page);
  await assertTimesIn(page, label, `the request's drawer over the log in ${zone}`, 2);
  await screenshot(page, `clock-request-drawer-${shot}`, { fullPage: false });
  return page;
}

test('in Asia/Kolkata (set in Profile, the browser in New York) every page writes GMT+5:30 and counts Kolkata’s days', async () => {
  const { page } = customer;
  await page.goto('/dashboard/profile');
  await page.getByTestId('display-zone').getByRole('combobox').fill('Asia/Kolkata');
  await page.getByRole('option', { name: /^Asia\/Kolkata / }).click();
  await page.getByTestId('toast').getByText('Times now show in Asia/Kolkata.').first().waitFor();
  await journeyIn(KOLKATA, 'kolkata');

  // The drawer copies the request as cURL, the key masked, and a link that opens the same drawer.
  const drawer = page.getByRole('dialog', { name: 'Request details' });
  await drawer.getByRole('button', { name: 'Copy as cURL' }).click();
  await page.getByTestId('toast').getByText('The request as cURL, with your key masked.').first().waitFor();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(curl, /^curl "http[^"]+\/api\/time\/current\?timezone=Asia%2FTokyo"/);
  assert.match(curl, /-H "X-API-Key: [^"]+"/);
  assert.ok(!curl.includes(key), 'the key is masked in the cURL');
  await drawer.getByRole('button', { name: 'Copy link' }).click();
  await page.getByTestId('toast').getByText('A link that opens this request.').first().waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.startsWith(`${BASE_URL}/dashboard/requests?`), link);
  const shared = await customer.context.newPage();
  await shared.goto(link);
  await shared.getByTestId('request-detail').getByTestId('detail-request-id').getByText(old.requestId).waitFor();
  await shared.close();
  await page.getByRole('button', { name: 'Close' }).click();

  await customerPagesIn(KOLKATA, 'kolkata');
  await consoleIn(KOLKATA, 'kolkata');
});

/** Usage, Webhooks (list and the endpoint's page with an attempt open) and the change notice Overview's banner opens, each time in the zone. */
async function customerPagesIn({ zone, label }, shot) {
  const { page } = customer;
  await page.goto('/dashboard/usage');
  await page.getByTestId('recent-request').nth(2).waitFor();
  await page.getByTestId('chart-zone').getByText(`(${zone})`, { exact: false }).waitFor();
  await assertTimesIn(page, label, `Usage in ${zone}`, 4);
  assert.match(
    await page.getByTestId('chart-zone').textContent(),
    new RegExp(`12:00\\sAM ${label.replace('+', '\\+')} to`),
    'the range starts at local midnight',
  );
  await screenshot(page, `clock-usage-${shot}`);

  await page.goto('/dashboard/webhooks');
  await page
    .getByTestId('endpoint-health')
    .getByText(/Last: 503/)
    .waitFor({ timeout: 30_000 });
  await assertTimesIn(page, label, `Webhooks in ${zone}`, 1);
  await page.goto(`/dashboard/webhooks/${endpointId}`);
  const delivery = page.getByTestId('webhook-delivery').first();
  await delivery.getByTestId('next-retry').waitFor({ timeout: 30_000 });
  await delivery.getByRole('button', { name: 'Details' }).click();
  await delivery.getByTestId('webhook-attempt').first().waitFor();
  await animationsDone(page);
  await assertTimesIn(page, label, `the endpoint's page in ${zone}`, 4);
  await page.getByTestId('health-chart-zone').getByText(`(${zone})`, { exact: false }).waitFor();
  await screenshot(page, `clock-webhook-endpoint-${shot}`);

  // The banner names the zones in one sentence; its "See what changed" opens the notice, whose instants are the zone's.
  await page.goto('/dashboard');
  const banner = page.getByTestId('change-notice-banner');
  await banner.waitFor();
  await screenshot(page, `clock-overview-${shot}`, { fullPage: false });
  await banner.getByRole('link', { name: 'See what changed' }).click();
  await page.getByTestId('notice').first().waitFor();
  await assertTimesIn(page, label, `the change notice in ${zone}`, 1);
}

/** The console's release page and Jobs (which fits 390 px with the customer's failing delivery listed). */
async function consoleIn({ zone, label }, shot) {
  const { page } = admin;
  trackRequests(page);
  await page.goto('/admin/tzdb');
  await page.getByText('Loaded at').first().waitFor();
  await networkQuiet(page);
  await assertTimesIn(page, label, `the console's release page in ${zone}`, 1);
  await screenshot(page, `clock-admin-tzdb-${shot}`);

  await page.goto('/admin/jobs');
  const job = page.getByRole('row').filter({ hasText: 'key.created' }).filter({ hasText: 'Clock Reader' });
  await job.first().waitFor({ timeout: 30_000 });
  await assertTimesIn(page, label, `Jobs in ${zone}`, 2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText('Clock Reader', { exact: false }).first().waitFor();
  await animationsDone(page);
  await screenshot(page, `clock-admin-jobs-390-${shot}`);
  assert.ok((await horizontalOverflow(page)) <= 0, `Jobs scrolls sideways by ${await horizontalOverflow(page)} px at 390`);
  await assertTimesIn(page, label, `Jobs at 390 px in ${zone}`, 1);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('with the header’s UTC switch on, the same pages write UTC and count UTC days', async () => {
  const { page } = customer;
  await page.goto('/dashboard');
  await page.getByTestId('utc-toggle').filter({ visible: true }).first().click();
  await journeyIn(UTC, 'utc');
  await page.getByRole('button', { name: 'Close' }).click();
  await customerPagesIn(UTC, 'utc');

  await admin.page.goto('/admin/tzdb');
  await admin.page.getByTestId('utc-toggle').filter({ visible: true }).first().click();
  await consoleIn(UTC, 'utc');
  // The console's sign-in answers 401 until the second factor is given.
  const unexpected = (errors) => errors.filter((e) => !/status of 401 .*\/api\/auth\/login/.test(e));
  assert.deepEqual(unexpected(customer.errors), []);
  assert.deepEqual(unexpected(admin.errors), []);
});
