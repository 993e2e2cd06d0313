import { jest } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { Reader } from 'maxmind';
import { readFileSync } from 'node:fs';
import { defaultGeoipFiles } from '../../../src/modules/timezone/ip/ip-database.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

/** Public addresses whose place the shipped GeoLite2 City files hold (MaxMind's own test addresses among them), checked against the files below. */
const KNOWN = [
  { ip: '81.2.69.142', timezone: 'Europe/London', country_code: 'GB', country: 'United Kingdom', city: 'Bracknell', version: 4 },
  { ip: '216.160.83.56', timezone: 'America/Los_Angeles', country_code: 'US', country: 'United States', city: 'Tacoma', version: 4 },
  { ip: '89.160.20.112', timezone: 'Europe/Stockholm', country_code: 'SE', country: 'Sweden', city: 'Kristinehamn', version: 4 },
  { ip: '2001:67c:2e8::1', timezone: 'Europe/Amsterdam', country_code: 'NL', country: 'Netherlands', city: 'Amsterdam', version: 6 },
  { ip: '175.16.199.1', timezone: 'Asia/Shanghai', country_code: 'CN', country: 'China', city: null, version: 4 },
];

/** One CSV line's cells (RFC 4180 quoting). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
}

/** 2026-01-15 12:00 UTC: winter in the north, so the offsets below are the standard ones. */
const NOW = Date.parse('2026-01-15T12:00:00Z');

describe('time zone by IP address (GeoLite2 City data, MaxMind DB format)', () => {
  let t: TestApp;
  let proxied: TestApp;
  let key = '';
  let proxiedKey = '';

  beforeAll(async () => {
    t = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: 'true' });
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
    proxiedKey = (await createApiKey(proxied, await createUser(proxied, { plan: 'enterprise' }))).key;
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });
  beforeEach(() => freezeClock(NOW));
  afterEach(() => jest.useRealTimers());

  async function call(app: TestApp, path: string, headers: Record<string, string> = {}) {
    const res = await fetch(app.url + path, { headers: { 'X-API-Key': app === t ? key : proxiedKey, ...headers } });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: text.startsWith('{') ? (JSON.parse(text) as Json) : {} };
  }

  it('the chosen addresses are where the shipped data files say (so the answers below are the data, not hand-typed guesses)', () => {
    const readers = defaultGeoipFiles().map((f) => new Reader<Json & import('maxmind').Response>(readFileSync(f)));
    for (const k of KNOWN) {
      const reader = readers.find((r) => r.metadata.ipVersion === k.version)!;
      const record = reader.get(k.ip)!;
      expect({ ip: k.ip, timezone: record.timezone, country: record.country_code, city: record.city || null }).toEqual({
        ip: k.ip,
        timezone: k.timezone,
        country: k.country_code,
        city: k.city,
      });
    }
  });

  it.each(KNOWN.map((k) => [k.ip, k] as const))(
    '%s: current time in the zone of the address, the same as /api/time/current for that zone, with country and city',
    async (_ip, k) => {
      const answer = await call(t, `/api/time/current/ip?ip=${encodeURIComponent(k.ip)}`);
      expect(answer.status).toBe(200);
      const zone = await call(t, `/api/time/current?timezone=${encodeURIComponent(k.timezone)}`);
      const { location, ip_location, ...time } = answer.json;
      const { location: zoneLocation, ...zoneTime } = zone.json;
      expect(time).toEqual(zoneTime);
      expect(location).toEqual({ country: k.country, country_code: k.country_code, region: zoneLocation.region, city: k.city });
      expect(ip_location).toMatchObject({ ip: k.ip, ip_version: k.version, ip_source: 'query', accuracy_radius_km: null });
      expect(ip_location.network).toMatch(k.version === 4 ? /^\d+\.\d+\.\d+\.\d+\/\d+$/ : /^[0-9a-f:]+\/\d+$/);
      expect(ip_location.ip_data).toMatch(/^GeoLite2 City by MaxMind, built \d{4}-\d{2}-\d{2} \(@ip-location-db\/geolite2-city-mmdb@/);
    },
  );

  it('London in January: GMT, +00:00, in JSON, XML and CSV', async () => {
    const json = await call(t, '/api/time/current/ip?ip=81.2.69.142');
    expect(json.json).toMatchObject({
      timezone: 'Europe/London',
      current_time: '2026-01-15T12:00:00+00:00',
      utc_offset: '+00:00',
      abbreviation: 'GMT',
      windows_zone: 'GMT Standard Time',
      // Without lang, the zone's names in English, as every answer naming a zone has them.
      timezone_name: 'Greenwich Mean Time',
      locale: 'en',
    });
    expect(json.json.location).toMatchObject({ country: 'United Kingdom', country_code: 'GB', city: 'Bracknell' });

    const xml = await call(t, '/api/time/current/ip?ip=81.2.69.142&format=xml');
    expect(xml.type).toContain('application/xml');
    const parsed = new XMLParser().parse(xml.text).response;
    expect(parsed).toMatchObject({
      timezone: 'Europe/London',
      current_time: '2026-01-15T12:00:00+00:00',
      timezone_name: 'Greenwich Mean Time',
      location: { country_code: 'GB', city: 'Bracknell' },
    });

    const csv = await call(t, '/api/time/current/ip?ip=216.160.83.56&format=csv');
    expect(csv.type).toContain('text/csv');
    const [header, row] = csv.text.trim().split('\n');
    const values = csvCells(row);
    const cells = Object.fromEntries(csvCells(header).map((h, i) => [h, values[i]]));
    expect(cells).toMatchObject({
      timezone: 'America/Los_Angeles',
      current_time: '2026-01-15T04:00:00-08:00',
      'location.country_code': 'US',
      'location.city': 'Tacoma',
      timezone_name: 'Pacific Standard Time',
      timezone_generic_name: 'Pacific Time',
    });
  });

  it('/api/timezone/ip answers the zone details of /api/timezone/info for the address’s zone, in JSON, XML and CSV', async () => {
    const answer = await call(t, '/api/timezone/ip?ip=89.160.20.112');
    const info = await call(t, '/api/timezone/info?timezone=Europe/Stockholm');
    const { location: _l, ip_location, ...zone } = answer.json;
    const { location: _i, ...infoZone } = info.json;
    expect(zone).toEqual(infoZone);
    expect(answer.json.location).toMatchObject({ country: 'Sweden', country_code: 'SE', city: 'Kristinehamn' });
    expect(ip_location.ip).toBe('89.160.20.112');
    const xml = new XMLParser().parse((await call(t, '/api/timezone/ip?ip=89.160.20.112&format=xml')).text).response;
    expect(xml).toMatchObject({ timezone: 'Europe/Stockholm', raw_offset: '+01:00', location: { country_code: 'SE' } });
    const csv = (await call(t, '/api/timezone/ip?ip=89.160.20.112&format=csv')).text.trim().split('\n');
    expect(csvCells(csv[0])).toEqual(expect.arrayContaining(['timezone', 'current_time', 'location.country_code', 'ip_location.ip']));
    expect(csv[1]).toContain('Europe/Stockholm');
  });

  it("behind TRUST_PROXY, without ip, the caller's own address is the one X-Forwarded-For names", async () => {
    const answer = await call(proxied, '/api/time/current/ip', { 'X-Forwarded-For': '216.160.83.56' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      timezone: 'America/Los_Angeles',
      location: { country_code: 'US', city: 'Tacoma' },
      ip_location: { ip: '216.160.83.56', ip_source: 'caller' },
    });
    const zone = await call(proxied, '/api/timezone/ip', { 'X-Forwarded-For': '2001:67c:2e8::1' });
    expect(zone.json).toMatchObject({ location: { country_code: 'NL' }, ip_location: { ip: '2001:67c:2e8::1', ip_version: 6, ip_source: 'caller' } });
  });

  it('without TRUST_PROXY a forwarded address is not believed: the caller is the socket’s loopback address, a 422', async () => {
    const answer = await call(t, '/api/time/current/ip', { 'X-Forwarded-For': '216.160.83.56' });
    expect(answer.status).toBe(422);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.json).toMatchObject({ code: 'ip_not_public', kind: 'loopback', ip: '127.0.0.1', range: '127.0.0.0/8' });
    expect(answer.json.detail).toContain('TRUST_PROXY');
  });

  it.each([
    ['10.1.2.3', 'private', '10.0.0.0/8'],
    ['192.168.1.20', 'private', '192.168.0.0/16'],
    ['172.20.0.1', 'private', '172.16.0.0/12'],
    ['127.0.0.1', 'loopback', '127.0.0.0/8'],
    ['169.254.10.1', 'link_local', '169.254.0.0/16'],
    ['100.64.0.1', 'shared', '100.64.0.0/10'],
    ['203.0.113.5', 'documentation', '203.0.113.0/24'],
    ['239.1.1.1', 'multicast', '224.0.0.0/4'],
    ['250.1.1.1', 'reserved', '240.0.0.0/4'],
    ['::1', 'loopback', '::1/128'],
    ['fd00::1', 'private', 'fc00::/7'],
    ['fe80::1', 'link_local', 'fe80::/10'],
    ['2001:db8::1', 'documentation', '2001:db8::/32'],
    ['::ffff:192.168.1.1', 'private', '192.168.0.0/16'],
  ])('%s is a %s address: 422 ip_not_public naming the range, on both routes', async (ip, kind, range) => {
    for (const path of ['/api/time/current/ip', '/api/timezone/ip']) {
      const answer = await call(t, `${path}?ip=${encodeURIComponent(ip)}`);
      expect({ path, status: answer.status, code: answer.json.code, kind: answer.json.kind, range: answer.json.range }).toEqual({
        path,
        status: 422,
        code: 'ip_not_public',
        kind,
        range,
      });
    }
  });

  it('a public address the data does not hold is 404 ip_not_located; a malformed one 400 invalid_ip', async () => {
    const missing = await call(t, '/api/time/current/ip?ip=9.9.9.9');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'ip_not_located', ip: '9.9.9.9' });
    for (const bad of ['81.2.69.1420', 'example.com', '1.2.3', 'fe80::1%eth0']) {
      const answer = await call(t, `/api/time/current/ip?ip=${encodeURIComponent(bad)}`);
      expect({ bad, status: answer.status, code: answer.json.code }).toEqual({ bad, status: 400, code: 'invalid_ip' });
    }
  });

  it('/api/health names the IP data’s build and the CLDR release', async () => {
    const health = (await (await fetch(`${t.url}/api/health`)).json()) as Json;
    expect(health.geoipDataVersion).toMatch(/^GeoLite2 City by MaxMind, built \d{4}-\d{2}-\d{2} \(@ip-location-db\/geolite2-city-mmdb@\d+\.\d+\.\d+\)$/);
    expect(health.cldrVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
