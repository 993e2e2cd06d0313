import { jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { createApiKey, createUser } from '../../factories/index.js';
import { DATE_TIME_JSON_RESPONSE, ERROR_JSON_RESPONSE, LIST_JSON_RESPONSE } from '../../fixtures/worldtimeapi-schemas.js';
import { freezeClock } from '../../support/clock.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

const BASE = '/api/compat/worldtimeapi';
/** 2026-07-01 10:00:00.123 UTC, a Wednesday: summer time in Oslo. */
const NOW = Date.parse('2026-07-01T10:00:00.123Z');
/** Where the shipped GeoLite2 data puts these (time-by-ip.spec.ts checks them against the files). */
const LONDON_IP = '81.2.69.142';
const TACOMA_IP = '216.160.83.56';

const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is CommonJS: Node's ESM default import is its module.exports, the plugin itself.
(ajvFormats as unknown as (ajv: Ajv) => Ajv)(ajv);
const schemas = { time: ajv.compile(DATE_TIME_JSON_RESPONSE), list: ajv.compile(LIST_JSON_RESPONSE), error: ajv.compile(ERROR_JSON_RESPONSE) };

function expectValid(kind: keyof typeof schemas, value: unknown, what: string): void {
  const valid = schemas[kind](value);
  expect({ what, errors: valid ? null : schemas[kind].errors }).toEqual({ what, errors: null });
}

/** A .txt answer's `key: value` lines as an object (values as text; an empty value is null, as the JSON's). */
function parseText(text: string): Record<string, string | null> {
  const lines = text.trimEnd().split('\n');
  return Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(': ');
      expect(at).toBeGreaterThan(0);
      const value = line.slice(at + 2);
      return [line.slice(0, at), value === '' ? null : value];
    }),
  );
}

describe('WorldTimeAPI drop-in (/api/compat/worldtimeapi)', () => {
  let t: TestApp;
  let key = '';

  beforeAll(async () => {
    // Behind a proxy, so a test can be the caller at a located address (X-Forwarded-For).
    t = await createTestApp({ TRUST_PROXY: 'true' });
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
  });
  afterAll(() => t?.close());
  beforeEach(() => freezeClock(NOW));
  afterEach(() => jest.useRealTimers());

  async function get(path: string, headers: Record<string, string> = { 'X-API-Key': key }) {
    const res = await fetch(t.url + BASE + path, { headers: { 'X-Forwarded-For': LONDON_IP, ...headers } });
    const text = await res.text();
    return { status: res.status, headers: res.headers, type: res.headers.get('content-type') ?? '', text };
  }

  it.each([
    ['/timezone', 'list'],
    ['/timezone/Europe', 'list'],
    ['/timezone/Europe/Oslo', 'time'],
    ['/timezone/America/Argentina/Salta', 'time'],
    ['/ip', 'time'],
    [`/ip/${TACOMA_IP}`, 'time'],
  ] as const)('%s answers JSON valid against WorldTimeAPI’s schema, metered and naming the tz release', async (path, kind) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/json');
    expectValid(kind, JSON.parse(res.text), path);
    expect(res.headers.get('x-tzdb-version')).toMatch(/^\d{4}[a-z]$/);
    expect(res.headers.get('ratelimit-limit')).not.toBeNull();
  });

  it("answers Oslo's summer time field for field as WorldTimeAPI wrote it", async () => {
    const res = await get('/timezone/Europe/Oslo');
    expect(JSON.parse(res.text)).toEqual({
      abbreviation: 'CEST',
      client_ip: LONDON_IP,
      datetime: '2026-07-01T12:00:00.123000+02:00',
      day_of_week: 3,
      day_of_year: 182,
      dst: true,
      dst_from: '2026-03-29T01:00:00+00:00',
      dst_offset: 3600,
      dst_until: '2026-10-25T01:00:00+00:00',
      raw_offset: 3600,
      timezone: 'Europe/Oslo',
      unixtime: 1782900000,
      utc_datetime: '2026-07-01T10:00:00.123000+00:00',
      utc_offset: '+02:00',
      week_number: 27,
    });
  });

  it('the caller’s address and a given address answer the zones the IP data gives', async () => {
    expect(JSON.parse((await get('/ip')).text)).toMatchObject({ timezone: 'Europe/London', client_ip: LONDON_IP, dst: true, utc_offset: '+01:00' });
    expect(JSON.parse((await get(`/ip/${TACOMA_IP}`)).text)).toMatchObject({ timezone: 'America/Los_Angeles', client_ip: LONDON_IP, utc_offset: '-07:00' });
  });

  it.each(['/timezone/Europe/Oslo', '/timezone/America/Argentina/Salta', '/timezone/Asia/Kolkata', '/ip', `/ip/${TACOMA_IP}`])(
    '%s.txt is the same answer as key: value lines',
    async (path) => {
      const [json, text] = await Promise.all([get(path), get(`${path}.txt`)]);
      expect(text.status).toBe(200);
      expect(text.type).toContain('text/plain');
      const expected = Object.fromEntries(Object.entries(JSON.parse(json.text) as Json).map(([k, v]) => [k, v === null ? null : String(v)]));
      expect(parseText(text.text)).toEqual(expected);
    },
  );

  it.each(['/timezone', '/timezone/Europe'])('%s.txt lists the same zones, one a line', async (path) => {
    const [json, text] = await Promise.all([get(path), get(`${path}.txt`)]);
    expect(text.type).toContain('text/plain');
    const zones = JSON.parse(json.text) as string[];
    expect(zones).toContain('Europe/Oslo');
    expect(text.text.trimEnd().split('\n')).toEqual(zones);
  });

  it.each([
    ['/timezone/Europe/Nowhere', 404, 'unknown location'],
    ['/timezone/Nowhere', 404, 'unknown location'],
    ['/timezone/America/Nowhere/Else', 404, 'unknown location'],
    ['/ip/999.1.2.3', 400, 'malformed ip'],
    ['/ip/10.0.0.1', 404, 'unknown location'],
  ] as const)("%s answers WorldTimeAPI's error shape and status, in JSON and text", async (path, status, error) => {
    const json = await get(path);
    expect({ status: json.status, body: JSON.parse(json.text) as unknown }).toEqual({ status, body: { error } });
    expect(json.type).toContain('application/json');
    expectValid('error', JSON.parse(json.text), path);
    const text = await get(`${path}.txt`);
    expect({ status: text.status, body: text.text }).toEqual({ status, body: `error: ${error}\n` });
  });

  it('a request without a key is refused in the same shape; outside the namespace errors stay problem documents', async () => {
    const refused = await get('/timezone/Europe/Oslo', {});
    expect(refused.status).toBe(401);
    expectValid('error', JSON.parse(refused.text), 'no key');
    const res = await fetch(`${t.url}/api/time/current?timezone=Europe/Nowhere`, { headers: { 'X-API-Key': key } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('a CircuitPython-style client (plain GET with the key header, .json()) reads the fields it needs', async () => {
    // As Adafruit's examples do with adafruit_requests: get(url, headers=...).json(), then slice datetime and add the offsets.
    const client = String.raw`
import json, sys, urllib.request
request = urllib.request.Request(sys.argv[1], headers={"X-API-Key": sys.argv[2], "X-Forwarded-For": sys.argv[3]})
data = json.loads(urllib.request.urlopen(request).read())
date, clock = data["datetime"][:10], data["datetime"][11:19]
print(json.dumps({"date": date, "time": clock, "unixtime": data["unixtime"], "offset": data["raw_offset"] + data["dst_offset"],
  "weekday": data["day_of_week"], "yday": data["day_of_year"], "dst": data["dst"], "tz": data["timezone"]}))
`;
    const { stdout } = await promisify(execFile)('python3', ['-c', client, `${t.url}${BASE}/timezone/Europe/Oslo`, key, LONDON_IP]);
    expect(JSON.parse(stdout)).toEqual({
      date: '2026-07-01',
      time: '12:00:00',
      unixtime: 1782900000,
      offset: 7200,
      weekday: 3,
      yday: 182,
      dst: true,
      tz: 'Europe/Oslo',
    });
  });
});
