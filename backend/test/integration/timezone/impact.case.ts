/**
 * The impact check (POST /api/timezone/impact) between two stored releases that differ in one zone, checked against an
 * oracle that shares none of our code: zic(8) (Debian's libc-bin) builds TZif files from both releases' sources, and
 * Python's zoneinfo reads them (test/oracle/impact_oracle.py).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { BUNDLED_DIR, makeRelease } from '../../support/tz-feed.js';
import { findZic, seeded } from '../../support/oracle-tools.js';

const FROM = '2026f';
const TO = '2026g';
/** In TO, Asia/Kolkata moves from +05:30 to +06:00 at local midnight of this day: 00:00–00:30 is skipped. */
const CHANGE_DAY = '2030-01-15';
const ZONES = 50;
const ITEMS = 10_000;

const bundledZi = readFileSync(join(BUNDLED_DIR, 'tzdata.zi'), 'utf8');
const changedZi = bundledZi.replace(/^# version \S+/m, `# version ${TO}`).replace(/^(Z Asia\/Kolkata[\s\S]*?\n5:30 - IST)$/m, `$1 2030 Jan 15\n6 - %z`);

const zic = findZic();
const describeWithOracle = zic || process.env.CI ? describe : describe.skip;

interface Reading {
  utc?: string;
  localDateTime?: string;
  utcOffset: string;
  resolution?: string;
}
interface Item {
  index: number;
  timeZone: string;
  changed: boolean | null;
  from: Reading | null;
  to: Reading | null;
  newRule?: { kind: string; start?: string; end?: string } | null;
  error?: { code: string };
}

describeWithOracle('impact check between two stored releases', () => {
  let db: { url: string; drop(): Promise<void> };
  let app: TestApp;
  let key: string;
  let dir: string;
  const zones: string[] = [];
  const events: { localDateTime: string; timeZone: string }[] = [];
  let oracle: { events: [number, number][]; instants: [number, number][] };

  beforeAll(async () => {
    db = await isolatedDatabase();
    app = await createTestApp({ DATABASE_URL: db.url, REDIS_URL: undefined });
    const admin = await signedInClient(app, await createUser(app, { role: 'super_admin' }));
    const load = await admin.post('/api/admin/tzdb', { release: makeRelease(TO, { zi: changedZi }).toString('base64') });
    expect([load.status, load.body.version]).toEqual([200, TO]);
    // The checks send up to 10,000 items (100 requests' weight) back to back: a fair-use limit above the plan's 50 a second.
    key = (await createApiKey(app, await createUser(app, { plan: 'premium', burstPerSecond: 10_000 }))).key;

    // 50 zones (Asia/Kolkata among them), 200 stored local times each, spread over 2029–2030 to the second.
    const names = bundledZi
      .split('\n')
      .filter((l) => l.startsWith('Z '))
      .map((l) => l.split(' ')[1])
      .filter((n) => n !== 'Asia/Kolkata' && !n.startsWith('Etc/'))
      .sort();
    const random = seeded(20261125);
    while (zones.length < ZONES - 1) {
      const pick = names[Math.floor(random.next().value * names.length)];
      if (!zones.includes(pick)) zones.push(pick);
    }
    zones.push('Asia/Kolkata');
    const start = Date.UTC(2029, 0, 1) / 1000;
    const span = Date.UTC(2031, 0, 1) / 1000 - start;
    for (let i = 0; i < ITEMS; i++) {
      const local = new Date((start + Math.floor(random.next().value * span)) * 1000).toISOString().slice(0, 19);
      events.push({ localDateTime: local, timeZone: zones[i % ZONES] });
    }

    dir = mkdtempSync(join(tmpdir(), 'impact-oracle-'));
    for (const [name, zi] of [
      ['from', bundledZi],
      ['to', changedZi],
    ] as const) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, `${name}.zi`), zi);
      execFileSync(zic!, ['-b', 'fat', '-d', join(dir, name), join(dir, `${name}.zi`)]);
    }
    const instants = events.slice(0, 2000).map((e) => [Date.parse(e.localDateTime + 'Z') / 1000, e.timeZone]);
    const out = execFileSync('python3', [fileURLToPath(new URL('../../oracle/impact_oracle.py', import.meta.url)), join(dir, 'from'), join(dir, 'to')], {
      input: JSON.stringify({ events: events.map((e) => [e.localDateTime, e.timeZone]), instants }),
      maxBuffer: 64 * 1024 * 1024,
    });
    oracle = JSON.parse(out.toString());
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const post = (body: unknown, path = '/api/timezone/impact') => app.client().post(path, body, { 'x-api-key': key });

  it('reports exactly the stored local times of the changed zone after the change, as zic and zoneinfo read both releases', async () => {
    const res = await post({ from: FROM, to: TO, events });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const items = res.body.items as Item[];
    expect(items).toHaveLength(ITEMS);
    expect([res.body.from, res.body.to, res.body.total, res.body.errors]).toEqual([FROM, TO, ITEMS, 0]);

    const reported = items.filter((i) => i.changed).map((i) => i.index);
    const byOracle = oracle.events.flatMap(([a, b], i) => (a !== b ? [i] : []));
    // Kolkata's times from the end of the new gap on (a time inside it reads forward, compatible: the same instant).
    const expected = events.flatMap((e, i) => (e.timeZone === 'Asia/Kolkata' && e.localDateTime >= `${CHANGE_DAY}T00:30:00` ? [i] : []));
    expect(expected.length).toBeGreaterThan(50);
    expect(byOracle).toEqual(expected);
    expect(reported).toEqual(byOracle);
    expect(res.body.changed).toBe(expected.length);

    // Both answers, to the second, are the oracle's.
    const epoch = (utc: string | undefined) => Date.parse(utc!) / 1000;
    const mismatches = items.filter((item, i) => epoch(item.from?.utc) !== oracle.events[i][0] || epoch(item.to?.utc) !== oracle.events[i][1]);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it('reports stored instants whose local time changes, with both local times', async () => {
    const instants = events.slice(0, 2000).map((e) => ({ utc: `${e.localDateTime}Z`, timeZone: e.timeZone }));
    const res = await post({ from: FROM, to: TO, instants });
    expect(res.status).toBe(200);
    const items = res.body.items as Item[];
    const byOracle = oracle.instants.flatMap(([a, b], i) => (a !== b ? [i] : []));
    expect(byOracle.length).toBeGreaterThan(0);
    expect(items.filter((i) => i.changed).map((i) => i.index)).toEqual(byOracle);
    const kolkata = items[byOracle[0]];
    expect([kolkata.timeZone, kolkata.from?.utcOffset, kolkata.to?.utcOffset]).toEqual(['Asia/Kolkata', '+05:30', '+06:00']);
  });

  it('names the gap the new rule creates, resolved the way Temporal does (compatible)', async () => {
    const res = await post({
      from: FROM,
      to: TO,
      events: [
        { localDateTime: `${CHANGE_DAY}T00:15:00`, timeZone: 'Asia/Kolkata' },
        { localDateTime: `${CHANGE_DAY}T12:00:00`, timeZone: 'Asia/Calcutta' },
        { localDateTime: '2030-01-15T12:00:00', timeZone: 'Mars/Olympus' },
        { localDateTime: '2030-01-15T12:00:00+05:30', timeZone: 'Asia/Kolkata' },
      ],
    });
    expect(res.status).toBe(200);
    const [gap, link, badZone, withOffset] = res.body.items as Item[];
    expect(gap.from).toMatchObject({ utc: '2030-01-14T18:45:00Z', resolution: 'exact' });
    expect(gap.to).toMatchObject({ utc: '2030-01-14T18:45:00Z', resolution: 'gap' });
    expect(gap.changed).toBe(false);
    expect(gap.newRule).toMatchObject({ kind: 'gap', start: `${CHANGE_DAY}T00:00:00`, end: `${CHANGE_DAY}T00:30:00` });
    expect([link.changed, link.from?.utc, link.to?.utc]).toEqual([true, '2030-01-15T06:30:00Z', '2030-01-15T06:00:00Z']);
    expect([badZone.changed, badZone.error?.code]).toEqual([null, 'invalid_timezone']);
    expect(withOffset.error?.code).toBe('invalid_datetime');
    expect([res.body.changed, res.body.errors]).toEqual([1, 2]);
  });

  it('takes and answers CSV, streamed', async () => {
    const body = ['localDateTime,timeZone', ...events.slice(0, 500).map((e) => `${e.localDateTime},${e.timeZone}`)].join('\r\n');
    const res = await app.client().request('POST', `/api/timezone/impact?from=${FROM}&to=${TO}&format=csv`, {
      raw: body,
      headers: { 'x-api-key': key, 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trim().split('\n');
    const header = lines[0].split(',').map((c) => JSON.parse(c));
    expect(header.slice(0, 7)).toEqual(['fromRelease', 'toRelease', 'index', 'timeZone', 'localDateTime', 'utc', 'changed']);
    expect(lines).toHaveLength(501);
    const changed = lines.slice(1).flatMap((l, i) => (l.split(',')[6] === 'true' ? [i] : []));
    expect(changed).toEqual(oracle.events.slice(0, 500).flatMap(([a, b], i) => (a !== b ? [i] : [])));
  });

  it('answers 404 unknown_release naming the stored releases', async () => {
    const res = await post({ from: '2001a', to: TO, events: events.slice(0, 1) });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('unknown_release');
    expect(res.body.storedVersions).toEqual(expect.arrayContaining([FROM, TO]));
  });

  it('refuses more than 10,000 items and a body with both kinds', async () => {
    const tooMany = await post({ from: FROM, to: TO, events: [...events, events[0]] });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'validation_failed']);
    const both = await post({ from: FROM, to: TO, events: events.slice(0, 1), instants: [{ utc: '2030-01-01T00:00:00Z', timeZone: 'UTC' }] });
    expect([both.status, both.body.code]).toEqual([400, 'validation_failed']);
  });
});
