import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { XMLParser } from 'fast-xml-parser';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

const cldr = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cldr-core/supplemental/windowsZones.json'), 'utf8')) as Json;
const ROWS = (cldr.supplemental.windowsZones.mapTimezones as { mapZone: { _other: string; _type: string; _territory: string } }[]).map((m) => m.mapZone);
const CLDR_VERSION = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cldr-core/package.json'), 'utf8')) as { version: string }).version;

describe('Windows time zone IDs over HTTP', () => {
  let t: TestApp;
  let key = '';

  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get(path: string) {
    const res = await fetch(t.url + path, { headers: { 'X-API-Key': key } });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: text.startsWith('{') ? (JSON.parse(text) as Json) : {} };
  }

  it('a Windows ID is accepted where an IANA name is, with the territory when given, and answered beside the IANA name', async () => {
    const pacific = await get('/api/time/current?timezone=Pacific%20Standard%20Time');
    expect(pacific.json).toMatchObject({ timezone: 'America/Los_Angeles', requested_timezone: 'Pacific Standard Time', windows_zone: 'Pacific Standard Time' });
    const canada = await get('/api/timezone/info?timezone=Pacific%20Standard%20Time&territory=CA');
    expect(canada.json).toMatchObject({ timezone: 'America/Vancouver', windows_zone: 'Pacific Standard Time' });
    const iana = await get('/api/time/current?timezone=Europe/Berlin');
    expect(iana.json.windows_zone).toBe('W. Europe Standard Time');
    const converted = await fetch(`${t.url}/api/conversion/timezone`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ fromTimeZone: 'Eastern Standard Time', toTimeZone: 'GMT Standard Time', dateTime: '2024-07-01T09:00:00' }),
    });
    expect(await converted.json()).toMatchObject({
      fromTimeZone: 'America/New_York',
      toTimeZone: 'Europe/London',
      convertedDateTime: '2024-07-01T14:00:00+01:00',
    });
  });

  it('a territory that is not a country code or 001 is refused with validation_failed', async () => {
    const answer = await get('/api/time/current?timezone=Pacific%20Standard%20Time&territory=Canada');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'validation_failed', errors: [{ field: 'territory' }] });
  });

  it("GET /api/timezone/windows lists CLDR's mapping row for row, with the CLDR release, in JSON, XML and CSV", async () => {
    const list = await get('/api/timezone/windows');
    expect(list.status).toBe(200);
    expect(list.json.cldr_version).toBe(CLDR_VERSION);
    expect(list.json.total).toBe(ROWS.length);
    expect(list.json.mappings.map((m: Json) => [m.windows_zone, m.territory, m.timezones.join(' ')])).toEqual(
      ROWS.map((r) => [r._other, r._territory, r._type.split(' ').filter(Boolean).join(' ')]),
    );
    expect(list.json.mappings.find((m: Json) => m.windows_zone === 'India Standard Time' && m.territory === '001')).toMatchObject({
      timezone: 'Asia/Kolkata',
      timezones: ['Asia/Calcutta'],
    });
    const xml = new XMLParser().parse((await get('/api/timezone/windows?format=xml')).text).response;
    expect(xml.total).toBe(ROWS.length);
    const csv = (await get('/api/timezone/windows?format=csv')).text.trim().split('\n');
    expect(csv).toHaveLength(ROWS.length + 1);
    expect(csv[0]).toContain('windows_zone');
  });
});
