import { Parser } from '@json2csv/plainjs';
import pg from 'pg';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';
import { UsageBatchRepository } from '../../../src/modules/usage/usage-batch.repository.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { parseCsv } from '../../support/csv.js';
import { usageEvents } from '../../support/usage-events.js';
import { insertLegacyRows } from '../../support/usage-log.js';

describe('usage: key filter and CSV export', () => {
  let t: TestApp;
  let db: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const HOUR = 3600_000;

  /**
   * With `mixed` (the default) the older half is written as usage_records rows, as before batches, and the newer half
   * as batches (issue 53: both until the rows are moved); else all through the writer, whichever it writes.
   */
  async function seeded(mixed = true) {
    const user = await createUser(t, { plan: 'premium' });
    const stranger = await createUser(t, { plan: 'premium' });
    const alpha = await createApiKey(t, user, { name: 'Alpha, "prod"' });
    const beta = await createApiKey(t, user, { name: 'Beta' });
    const theirs = await createApiKey(t, stranger, { name: 'Theirs' });
    const base = Date.now() - 3 * 24 * HOUR;
    const rows: UsageRow[] = [];
    // 4,500 rows over three days (more than two export batches), alternating keys, endpoints and statuses.
    for (let i = 0; i < 4500; i++) {
      rows.push({
        timestamp: base + i * 50_000,
        userId: user.id,
        keyId: i % 3 === 0 ? beta.id : alpha.id,
        endpoint: i % 2 ? '/api/time/utc' : '/api/time/current',
        method: 'GET',
        statusCode: i % 7 === 0 ? 400 : 200,
        responseMs: 1.25,
        ipAddress: '203.0.113.9',
      });
    }
    rows.push({ ...rows[10], userId: stranger.id, keyId: theirs.id });
    if (!mixed) await t.app.get(UsageRepository).write(rows);
    else {
      await insertLegacyRows(db, rows.slice(0, 2250));
      await t.app.get(UsageBatchRepository).write(rows.slice(2250));
    }
    return { user, alpha, beta, base };
  }

  it('exports exactly the records of the range, for one key, newest first, as CSV, rows and batch events alike', async () => {
    const { user, alpha, base } = await seeded();
    const client = await signedInClient(t, user);
    const start = new Date(base + 24 * HOUR);
    const end = new Date(base + 48 * HOUR);
    const res = await client.get(`/api/usage/export.csv?startDate=${start.toISOString()}&endDate=${end.toISOString()}&keyId=${alpha.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="usage-\d{4}-\d{2}-\d{2}\.csv"$/);

    const [header, ...lines] = parseCsv(res.text);
    expect(header).toEqual(['timestamp', 'endpoint', 'method', 'status_code', 'response_ms', 'key_id', 'key_name', 'ip_address']);
    const { rows } = await db.query(
      `select "timestamp", endpoint, method, status_code from ${usageEvents('ev')}
       where user_id = $1 and key_id = $2 and "timestamp" between $3 and $4 order by "timestamp" desc`,
      [user.id, alpha.id, start, end],
    );
    expect(rows.length).toBeGreaterThan(1000);
    expect(lines).toHaveLength(rows.length);
    expect(lines.map((l) => [l[0], l[1], l[2], Number(l[3])])).toEqual(rows.map((r) => [r.timestamp.toISOString(), r.endpoint, r.method, r.status_code]));
    expect(new Set(lines.map((l) => `${l[4]}|${l[5]}|${l[6]}|${l[7]}`))).toEqual(new Set([`1.25|${alpha.id}|Alpha, "prod"|203.0.113.9`]));
  });

  it('the whole account across more than two batches, and an endpoint filter', async () => {
    const { user, base } = await seeded();
    const client = await signedInClient(t, user);
    const range = `startDate=${new Date(base - HOUR).toISOString()}&endDate=${new Date().toISOString()}`;
    const all = parseCsv((await client.get(`/api/usage/export.csv?${range}`)).text);
    expect(all).toHaveLength(4501);
    const utc = parseCsv((await client.get(`/api/usage/export.csv?${range}&endpoint=/api/time/utc`)).text);
    expect(utc).toHaveLength(2251);
    expect(new Set(utc.slice(1).map((l) => l[1]))).toEqual(new Set(['/api/time/utc']));

    // The record list pages the same records by cursor, and each opens in the request log.
    const listed: { timestamp: string; logId: string }[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { items: { timestamp: string; logId: string }[]; nextCursor: string | null } } = await client.get(
        `/api/usage?${range}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      listed.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(listed.map((r) => r.timestamp)).toEqual(all.slice(1).map((l) => l[0]));
    expect(new Set(listed.map((r) => r.logId)).size).toBe(4500);
    for (const r of [listed[0], listed[listed.length - 1]]) {
      const detail = await client.get(`/api/usage/requests/${r.logId}`);
      expect([detail.status, detail.body.timestamp]).toEqual([200, r.timestamp]);
    }
  });

  it('an empty range answers the header only; bad input is a 400 problem', async () => {
    const { user } = await seeded();
    const client = await signedInClient(t, user);
    const empty = await client.get(`/api/usage/export.csv?startDate=2020-01-01T00:00:00.000Z&endDate=2020-01-02T00:00:00.000Z`);
    expect(empty.text).toBe(
      `${new Parser({ fields: ['timestamp', 'endpoint', 'method', 'status_code', 'response_ms', 'key_id', 'key_name', 'ip_address'] }).parse([])}\r\n`,
    );
    const badKey = await client.get('/api/usage/export.csv?keyId=nope');
    expect([badKey.status, badKey.body.code]).toEqual([400, 'validation_failed']);
    const reversed = await client.get('/api/usage/export.csv?startDate=2026-01-02T00:00:00.000Z&endDate=2026-01-01T00:00:00.000Z');
    expect(reversed.status).toBe(400);
    expect(reversed.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it("another account's key id filters to nothing", async () => {
    const { beta } = await seeded();
    const other = await createUser(t);
    const res = await (await signedInClient(t, other)).get(`/api/usage/export.csv?keyId=${beta.id}&startDate=2026-01-01T00:00:00.000Z`);
    expect(res.status).toBe(200);
    expect(parseCsv(res.text)).toHaveLength(1);
  });

  it('the summary and the record list narrow to one key', async () => {
    const { user, beta, base } = await seeded(false);
    const client = await signedInClient(t, user);
    const range = `startDate=${new Date(base - HOUR).toISOString()}&endDate=${new Date().toISOString()}`;
    const summary = (await client.get(`/api/usage/summary?${range}&keyId=${beta.id}`)).body;
    expect(summary.totalRequests).toBe(1500);
    expect(new Set(summary.recent.map((r: { keyId: string }) => r.keyId))).toEqual(new Set([beta.id]));
    const page = (await client.get(`/api/usage?${range}&keyId=${beta.id}&limit=5`)).body;
    expect(page.items.every((r: { keyId: string }) => r.keyId === beta.id)).toBe(true);
  });
});
