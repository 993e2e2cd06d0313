import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

describe('CSV answers have one shape per endpoint', () => {
  let t: TestApp;
  let key = '';
  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
  });
  afterAll(() => t.close());

  const csv = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'X-API-Key': key, Accept: 'text/csv', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    return (await res.text()).split('\n');
  };

  it('an empty search still answers the header row', async () => {
    const [header, ...rows] = await csv('/api/timezone/search?city=zzzzqqq');
    expect(header).toBe(
      '"query","matches","locale","timezone","city","province","country","country_code","coordinates.latitude","coordinates.longitude","population","utc_offset","timezone_name","timezone_generic_name","exemplar_city"',
    );
    expect(rows).toEqual([]);
  });

  it('a conversion has the same columns whether or not it is ambiguous', async () => {
    const plain = await csv('/api/conversion/timezone?from=Europe/London&to=UTC&datetime=2024-07-01T12:00:00');
    const ambiguous = await csv('/api/conversion/timezone?from=Europe/London&to=UTC&datetime=2024-10-27T01:30:00');
    expect(plain[0]).toBe(ambiguous[0]);
    expect(plain[0]).toContain('"options.originalDateTime"');
  });

  it('multi-conversion rows keep fromTimeZone, originalDateTime and ambiguous', async () => {
    const [header, ...rows] = await csv('/api/conversion/multi', {
      method: 'POST',
      body: JSON.stringify({ dateTime: '2024-07-01T09:00:00', fromTimeZone: 'America/New_York', toTimeZones: ['Europe/London', 'Asia/Tokyo'] }),
    });
    expect(header.startsWith('"fromTimeZone","dateTime","originalDateTime","ambiguous","locale","timezone"')).toBe(true);
    expect(rows).toHaveLength(2);
    expect(rows[0].startsWith('"America/New_York","2024-07-01T09:00:00","2024-07-01T09:00:00-04:00",false,"en","Europe/London"')).toBe(true);
    // Without lang the zone names are there, in English, in every format.
    expect(rows[0]).toContain('"British Summer Time"');
  });

  it('health answers XML and CSV, and refuses yaml with 406', async () => {
    expect((await fetch(`${t.url}/api/health?format=yaml`)).status).toBe(406);
    expect((await fetch(`${t.url}/api/health?format=csv`)).headers.get('content-type')).toContain('text/csv');
  });
});
