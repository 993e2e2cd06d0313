/**
 * The conversion matrix (POST /api/conversion/matrix): every instant in every zone, streamed as it is computed, errors
 * per item; and the quota weight of the batch routes (one request per 100 cells or items, all or none).
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { bundledRelease } from '../../../src/modules/tzdb/bundled-release.js';

const MB = 1024 * 1024;

/** V8's collector, so the test measures what the process holds, not the garbage it has not collected yet. */
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('conversion matrix', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await createTestApp();
    key = (await createApiKey(app, await createUser(app, { plan: 'enterprise' }))).key;
  });
  afterAll(() => app.close());

  it('streams 1,000 instants × 50 zones as CSV without holding the whole answer in memory', async () => {
    // Its own account: 50,000 cells fill the fair-use second for 2.5 s, which is not what the other tests look at.
    const { key } = await createApiKey(app, await createUser(app, { plan: 'enterprise' }));
    const zones = [...bundledRelease().zones.keys()].filter((z) => z.includes('/') && !z.startsWith('Etc/')).slice(0, 50);
    expect(zones).toHaveLength(50);
    const start = Date.UTC(2020, 0, 1);
    const instants = Array.from({ length: 1000 }, (_, i) => new Date(start + i * 7 * 3_600_000 + i * 61_000).toISOString());

    gc();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const res = await fetch(`${app.url}/api/conversion/matrix?format=csv`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ instants, timeZones: zones }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    let chunks = 0;
    let lines = 0;
    let first = '';
    let last = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      chunks++;
      const text = decoder.decode(value, { stream: true });
      if (!first) first = text.slice(0, text.indexOf('\n'));
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
      last = (last + text).slice(-300);
      // What the process holds while the answer is being written: collected every 40 chunks, then measured.
      if (chunks % 40 === 0) {
        gc();
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }
    }
    expect(first).toBe('"instant","utc","timeZone","localDateTime","utcOffset","abbreviation","dst","error.code","error.detail"');
    expect(lines).toBe(1 + 50_000);
    expect(last.trim().split('\n').pop()).toMatch(new RegExp(`^"${instants[999].slice(0, 19)}`.replace(/[.]/g, '\\.')));
    // Written in many pieces as it was computed, not as one body.
    expect(chunks).toBeGreaterThan(50);
    const growth = { rssMB: (peakRss - before.rss) / MB, heapMB: (peakHeap - before.heapUsed) / MB, answerMB: bytes / MB };
    process.stdout.write(
      `matrix 1000x50 CSV: ${growth.answerMB.toFixed(1)} MB answer in ${chunks} chunks; held while streaming (after GC, peak over the answer): RSS +${growth.rssMB.toFixed(1)} MB, heap +${growth.heapMB.toFixed(1)} MB\n`,
    );
    // The answer alone is several MB (and its 50,000 cells as objects several times that); the process holds a small
    // fraction of it at any time: rows are computed as the socket takes them.
    expect(bytes).toBeGreaterThan(4 * MB);
    expect(growth.heapMB).toBeLessThan(growth.answerMB / 2);
  });

  it('answers a bad zone and a bad instant as per-item errors, not a failed call', async () => {
    const res = await app
      .client()
      .post(
        '/api/conversion/matrix',
        { instants: ['2024-07-01T12:00:00Z', 'tomorrow', '2024-07-01T12:00:00'], timeZones: ['Europe/London', 'Mars/Olympus', 'Asia/Calcutta'] },
        { 'x-api-key': key },
      );
    expect(res.status).toBe(200);
    expect(res.body.timeZones).toEqual([
      { timeZone: 'Europe/London', canonical: 'Europe/London' },
      { timeZone: 'Mars/Olympus', error: { code: 'invalid_timezone', detail: expect.any(String) } },
      { timeZone: 'Asia/Calcutta', canonical: 'Asia/Kolkata' },
    ]);
    const [good, words, noOffset] = res.body.rows;
    expect(good.cells).toEqual([
      { timeZone: 'Europe/London', localDateTime: '2024-07-01T13:00:00+01:00', utcOffset: '+01:00', abbreviation: 'BST', dst: true },
      { timeZone: 'Mars/Olympus', error: { code: 'invalid_timezone', detail: expect.any(String) } },
      { timeZone: 'Asia/Kolkata', localDateTime: '2024-07-01T17:30:00+05:30', utcOffset: '+05:30', abbreviation: 'IST', dst: false },
    ]);
    expect([words.error.code, words.cells]).toEqual(['invalid_datetime', []]);
    expect(noOffset.error.code).toBe('invalid_datetime');
    expect([res.body.cells, res.body.errors]).toEqual([9, 7]);

    const csv = await app
      .client()
      .post('/api/conversion/matrix?format=csv', { instants: ['2024-07-01T12:00:00Z'], timeZones: ['Mars/Olympus'] }, { 'x-api-key': key });
    expect(csv.text.trim().split('\n')[1]).toMatch(/^"2024-07-01T12:00:00Z","2024-07-01T12:00:00Z","Mars\/Olympus",,,,,"invalid_timezone",/);
    const xml = await app
      .client()
      .post('/api/conversion/matrix', { instants: ['2024-07-01T12:00:00Z'], timeZones: ['Asia/Tokyo'] }, { 'x-api-key': key, accept: 'application/xml' });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(xml.text).toContain(
      '<rows><item><instant>2024-07-01T12:00:00Z</instant><utc>2024-07-01T12:00:00Z</utc><cells><item><timeZone>Asia/Tokyo</timeZone><localDateTime>2024-07-01T21:00:00+09:00</localDateTime>',
    );
  });

  it('refuses more than 50 zones or 1,000 instants, and an unsupported format before any work', async () => {
    const tooWide = await app
      .client()
      .post('/api/conversion/matrix', { instants: ['2024-07-01T12:00:00Z'], timeZones: Array(51).fill('UTC') }, { 'x-api-key': key });
    expect([tooWide.status, tooWide.body.code]).toEqual([400, 'validation_failed']);
    const yaml = await app
      .client()
      .post('/api/conversion/matrix?format=yaml', { instants: ['2024-07-01T12:00:00Z'], timeZones: ['UTC'] }, { 'x-api-key': key });
    expect([yaml.status, yaml.body.code]).toEqual([406, 'not_acceptable']);
  });
});

describe.each([
  ['with Redis', {}],
  ['in-process (no Redis)', { REDIS_URL: undefined }],
])('quota weight of the batch routes, %s', (_name, overrides: Record<string, string | undefined>) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(overrides);
  });
  afterAll(() => app.close());

  const remaining = (res: { headers: Headers }) => Number(res.headers.get('ratelimit-remaining'));

  it('a matrix of 250 cells counts 3 requests of the free hour; 101 impact items count 2', async () => {
    const { key } = await createApiKey(app, await createUser(app, { plan: 'free' }));
    const zones = ['Europe/London', 'Asia/Tokyo', 'America/New_York', 'Australia/Sydney', 'UTC'];
    const instants = Array.from({ length: 50 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString());
    const matrix = await app.client().post('/api/conversion/matrix', { instants, timeZones: zones }, { 'x-api-key': key });
    expect(matrix.status).toBe(200);
    expect(remaining(matrix)).toBe(97);

    const one = await app.client().get('/api/time/current?timezone=UTC', { 'x-api-key': key });
    expect(remaining(one)).toBe(96);

    const version = one.headers.get('x-tzdb-version')!;
    const events = Array.from({ length: 101 }, () => ({ localDateTime: '2024-07-01T12:00:00', timeZone: 'Europe/Paris' }));
    const impact = await app.client().post('/api/timezone/impact', { from: version, to: version, events }, { 'x-api-key': key });
    expect(impact.status).toBe(200);
    expect(remaining(impact)).toBe(94);
  });

  it('the MCP matrix tool counts the same: 250 cells are 3 requests', async () => {
    const { key } = await createApiKey(app, await createUser(app, { plan: 'free' }));
    const instants = Array.from({ length: 50 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString());
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'convert_time_matrix',
          arguments: { instants, timeZones: ['Europe/London', 'Asia/Tokyo', 'America/New_York', 'Australia/Sydney', 'UTC'] },
        },
      }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { result: { isError?: boolean; structuredContent: { cells: number } } };
    expect([answer.result.isError ?? false, answer.result.structuredContent.cells]).toEqual([false, 250]);
    const after = await app.client().get('/api/time/current?timezone=UTC', { 'x-api-key': key });
    expect(remaining(after)).toBe(96);
  });

  it('a call that would not fit in what is left is refused whole and uses nothing', async () => {
    const { key } = await createApiKey(app, await createUser(app, { plan: 'free' }));
    const instants = Array.from({ length: 100 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString());
    const first = await app.client().post('/api/conversion/matrix', { instants, timeZones: Array(50).fill('UTC') }, { 'x-api-key': key });
    expect([first.status, remaining(first)]).toEqual([200, 50]);
    const refused = await app
      .client()
      .post('/api/conversion/matrix', { instants: [...instants, instants[0]], timeZones: Array(50).fill('UTC') }, { 'x-api-key': key });
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(refused.body.detail).toMatch(/^This call counts as 51 requests \(one per 100 items or cells\) and 50 are left in this hour\./);
    const after = await app.client().get('/api/time/current?timezone=UTC', { 'x-api-key': key });
    expect([after.status, remaining(after)]).toEqual([200, 49]);
  });
  it("one premium key's eight concurrent 1,000 × 50 matrices: one runs, seven are refused by the fair-use second", async () => {
    const { key } = await createApiKey(app, await createUser(app, { plan: 'premium' }));
    const zones = [...bundledRelease().zones.keys()].filter((z) => z.includes('/') && !z.startsWith('Etc/')).slice(0, 50);
    const instants = Array.from({ length: 1000 }, (_, i) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString());
    // Aborted at the end: a cancelled body alone left the 200's connection open, and the app's close waited for it
    // until the shutdown cut (7 s).
    const hangUp = new AbortController();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${app.url}/api/conversion/matrix`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ instants, timeZones: zones }),
          signal: hangUp.signal,
        }),
      ),
    );
    // 500 requests' weight each against 50 a second: the first holds the window for 10 s, the rest are refused at once.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.headers.get('ratelimit-policy')).toBe('"burst";q=50;w=1');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe('rate_limited');
    expect(problem.detail).toMatch(
      /^This call counts as 500 requests \(one per 100 items or cells\), more than the fair-use limit of 50 per second: .* counts for 10 s\./,
    );
    await Promise.all(answers.filter((a) => a.status === 429 && a !== refused).map((a) => a.body?.cancel()));

    // Until the heavy call leaves the window, a single request of the same account waits too.
    const single = await app.client().get('/api/time/current?timezone=UTC', { 'x-api-key': key });
    expect([single.status, single.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(single.headers.get('retry-after'))).toBeGreaterThan(1);
    hangUp.abort();
  });
});
