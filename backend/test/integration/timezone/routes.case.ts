import { XMLParser } from 'fast-xml-parser';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

describe('time zone API over HTTP', () => {
  let t: TestApp;
  let key = '';

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, { plan: 'enterprise' });
    key = (await createApiKey(t, user)).key;
  });
  afterAll(async () => {
    await t.close();
  });

  async function call(path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'X-API-Key': key, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(t.url + path, {
      method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = {};
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  function expectProblem(a: Answer, status: number, code: string, field?: string) {
    expect(a.headers.get('content-type')).toContain('application/problem+json');
    expect(a.status).toBe(status);
    expect(a.json.code).toBe(code);
    if (!field) return;
    // DTO validation lists every field in errors[]; engine problems name one field.
    if (code === 'validation_failed') expect((a.json.errors as Json[]).map((e) => e.field)).toContain(field);
    else expect(a.json.field).toBe(field);
  }

  /** Every endpoint once with a valid request, for the format matrix. */
  const ENDPOINTS: { name: string; path: string; body?: unknown; rows?: string }[] = [
    { name: 'time/current', path: '/api/time/current?timezone=Asia/Kathmandu' },
    { name: 'time/current/coordinate', path: '/api/time/current/coordinate?latitude=48.8566&longitude=2.3522' },
    { name: 'time/utc', path: '/api/time/utc' },
    { name: 'timezone/list', path: '/api/timezone/list', rows: 'timezones' },
    { name: 'timezone/search', path: '/api/timezone/search?city=zurich', rows: 'timezones' },
    { name: 'timezone/info', path: '/api/timezone/info?timezone=Europe/London&date=2024-07-01' },
    { name: 'timezone/coordinate', path: '/api/timezone/coordinate?latitude=0&longitude=-30' },
    { name: 'timezone/lookup', path: '/api/timezone/lookup?location=Paris,%20France', rows: 'candidates' },
    { name: 'timezone/transitions', path: '/api/timezone/transitions?timezone=Europe/London&from=2024-01-01&to=2025-01-01', rows: 'transitions' },
    { name: 'GET conversion/timezone', path: '/api/conversion/timezone?from=Europe/London&to=Asia/Tokyo&datetime=2024-07-01T09:00:00' },
    {
      name: 'POST conversion/timezone',
      path: '/api/conversion/timezone',
      body: { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-10-27T01:30:00' },
    },
    {
      name: 'conversion/multi',
      path: '/api/conversion/multi',
      body: { fromTimeZone: 'UTC', toTimeZones: ['Asia/Tokyo', 'Asia/Kolkata'], dateTime: '2024-01-01T00:00:00' },
      rows: 'conversions',
    },
    { name: 'calculation/add', path: '/api/calculation/add', body: { baseDateTime: '2024-03-30T12:00:00', timeSpan: '1.00:00:00', timeZone: 'Europe/London' } },
    {
      name: 'calculation/subtract',
      path: '/api/calculation/subtract',
      body: { baseDateTime: '2024-03-31T12:00:00', timeSpan: 'PT24H', timeZone: 'Europe/London' },
    },
    {
      name: 'calculation/difference',
      path: '/api/calculation/difference',
      body: { startDateTime: '2024-03-30T12:00:00', endDateTime: '2024-03-31T12:00:00', timeZone: 'Europe/London' },
    },
    { name: 'calculation/dayofweek', path: '/api/calculation/dayofweek?date=2024-07-01' },
    { name: 'public/timezones', path: '/api/public/timezones', rows: 'timezones' },
  ];

  describe.each(ENDPOINTS)('$name', ({ path, body, rows }) => {
    const withFormat = (format: string) => path + (path.includes('?') ? '&' : '?') + `format=${format}`;

    it('answers JSON by default with the tz database version', async () => {
      const a = await call(path, { body });
      expect(a.status).toBe(200);
      expect(a.headers.get('content-type')).toContain('application/json');
      expect(a.headers.get('x-tzdb-version')).toMatch(/^\d{4}[a-z]$/);
      expect(Object.keys(a.json).length).toBeGreaterThan(0);
    });

    it('answers XML by ?format=xml and by Accept', async () => {
      for (const a of [await call(withFormat('xml'), { body }), await call(path, { body, headers: { accept: 'application/xml' } })]) {
        expect(a.status).toBe(200);
        expect(a.headers.get('content-type')).toContain('application/xml');
        const parsed = new XMLParser().parse(a.text) as Json;
        expect(parsed.response).toBeDefined();
      }
    });

    it('answers CSV by ?format=csv and by Accept', async () => {
      for (const a of [await call(withFormat('csv'), { body }), await call(path, { body, headers: { accept: 'text/csv' } })]) {
        expect(a.status).toBe(200);
        expect(a.headers.get('content-type')).toContain('text/csv');
        const lines = a.text.trim().split('\n');
        expect(lines.length).toBeGreaterThanOrEqual(2);
        if (rows) expect(lines.length).toBeGreaterThan(1);
      }
    });

    it('refuses an unsupported explicit format with 406 problem+json', async () => {
      expectProblem(await call(withFormat('yaml'), { body }), 406, 'not_acceptable');
      expectProblem(await call(path, { body, headers: { accept: 'text/html' } }), 406, 'not_acceptable');
    });
  });

  describe('keys', () => {
    const metered = ENDPOINTS.filter((e) => !e.path.startsWith('/api/public/'));
    it.each(metered)('$name needs an API key', async ({ path, body }) => {
      const res = await fetch(t.url + path, {
        method: body !== undefined ? 'POST' : 'GET',
        headers: body !== undefined ? { 'content-type': 'application/json' } : {},
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    });

    it.each(metered)('$name: asked for XML or CSV, a refusal is still a problem+json document', async ({ path, body }) => {
      for (const format of ['xml', 'csv']) {
        const res = await fetch(t.url + path + (path.includes('?') ? '&' : '?') + `format=${format}`, {
          method: body !== undefined ? 'POST' : 'GET',
          headers: body !== undefined ? { 'content-type': 'application/json' } : {},
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(JSON.parse(await res.text())).toMatchObject({ status: 401, code: 'missing_api_key' });
      }
    });
  });

  it('bad input asked for as CSV or XML is answered as problem+json', async () => {
    expectProblem(await call('/api/time/current?timezone=Nowhere/Land&format=csv'), 400, 'invalid_timezone', 'timezone');
    expectProblem(await call('/api/time/current?timezone=Nowhere/Land', { headers: { accept: 'application/xml' } }), 400, 'invalid_timezone', 'timezone');
    const body = { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-03-31T01:30:00' };
    expectProblem(await call('/api/conversion/timezone?format=xml', { body }), 400, 'invalid_local_time');
  });

  describe('answers', () => {
    it('time/current: Kathmandu +05:45, legacy names resolved, case-insensitive', async () => {
      const k = await call('/api/time/current?timezone=Asia/Kathmandu');
      expect(k.json).toMatchObject({ timezone: 'Asia/Kathmandu', utc_offset: '+05:45', dst_active: false, location: { country: 'Nepal', region: 'Asia' } });
      expect(k.json.current_time).toMatch(/\+05:45$/);
      const c = await call('/api/time/current?timezone=asia/calcutta');
      expect(c.json).toMatchObject({ timezone: 'Asia/Kolkata', requested_timezone: 'asia/calcutta', utc_offset: '+05:30', abbreviation: 'IST' });
    });

    it('time/utc answers the documented fields', async () => {
      const a = await call('/api/time/utc');
      expect(Object.keys(a.json).sort()).toEqual(['day_of_year', 'timestamp_ms', 'unix_timestamp', 'utc_time', 'week_number']);
      expect(Math.abs(a.json.timestamp_ms - Date.now())).toBeLessThan(60_000);
    });

    it('coordinates: land, sea, poles, date line', async () => {
      expect((await call('/api/timezone/coordinate?latitude=51.5074&longitude=-0.1278')).json.timezone).toBe('Europe/London');
      expect((await call('/api/timezone/coordinate?latitude=0&longitude=-30')).json.timezone).toBe('Etc/GMT+2');
      expect((await call('/api/timezone/coordinate?latitude=90&longitude=0')).json.timezone).toBe('Etc/GMT');
      expect((await call('/api/timezone/coordinate?latitude=-90&longitude=0')).json).toMatchObject({ timezone: 'Etc/GMT', zone_choice: 'pole' });
      // The zone of the place and its own country, not a neighbour's zone that keeps the same clocks.
      expect((await call('/api/timezone/coordinate?latitude=-1.2864&longitude=36.8172')).json).toMatchObject({
        timezone: 'Africa/Nairobi',
        location: { country: 'Kenya', country_code: 'KE', city: 'Nairobi' },
        zones_at_point: ['Africa/Nairobi'],
        zone_choice: 'only_zone',
      });
      expect((await call('/api/timezone/coordinate?latitude=0&longitude=180')).json.timezone).toBe('Etc/GMT-12');
      const t1 = await call('/api/time/current/coordinate?latitude=35.6762&longitude=139.6503');
      expect(t1.json).toMatchObject({ timezone: 'Asia/Tokyo', utc_offset: '+09:00', coordinates: { latitude: 35.6762, longitude: 139.6503 } });
    });

    it('conversion: London overlap is ambiguous with both options, the earlier as result', async () => {
      const a = await call('/api/conversion/timezone', { body: { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-10-27T01:30:00' } });
      expect(a.json).toMatchObject({
        ambiguous: true,
        originalDateTime: '2024-10-27T01:30:00+01:00',
        convertedDateTime: '2024-10-27T00:30:00+00:00',
        dstActive: false,
      });
      expect(a.json.options).toHaveLength(2);
    });

    it('conversion: London gap is 400 invalid_local_time naming the first valid time; dstAmbiguity resolves it', async () => {
      const a = await call('/api/conversion/timezone', { body: { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-03-31T01:30:00' } });
      expectProblem(a, 400, 'invalid_local_time', 'dateTime');
      expect(a.json.firstValidTime).toBe('2024-03-31T02:00:00+01:00');
      const b = await call('/api/conversion/timezone?from=Europe/London&to=UTC&datetime=2024-03-31T01:30:00&dstAmbiguity=compatible');
      expect(b.json.convertedDateTime).toBe('2024-03-31T01:30:00+00:00');
    });

    it('conversion/multi converts to every zone', async () => {
      const a = await call('/api/conversion/multi', {
        body: { fromTimeZone: 'UTC', toTimeZones: ['Asia/Tokyo', 'Asia/Kathmandu'], dateTime: '2024-01-01T00:00:00' },
      });
      expect(a.json.conversions).toEqual([
        expect.objectContaining({ timezone: 'Asia/Tokyo', convertedTime: '2024-01-01T09:00:00+09:00', abbreviation: expect.any(String) }),
        expect.objectContaining({ timezone: 'Asia/Kathmandu', convertedTime: '2024-01-01T05:45:00+05:45' }),
      ]);
    });

    it('calculation: a calendar day keeps the wall clock across DST, PT24H is exact', async () => {
      const add = await call('/api/calculation/add', { body: { baseDateTime: '2024-03-30T12:00:00', timeSpan: '1.00:00:00', timeZone: 'Europe/London' } });
      expect(add.json).toMatchObject({
        originalDateTime: '2024-03-30T12:00:00+00:00',
        resultDateTime: '2024-03-31T12:00:00+01:00',
        timeZone: 'Europe/London',
        timeSpan: '1.00:00:00',
      });
      const sub = await call('/api/calculation/subtract', { body: { baseDateTime: '2024-03-31T12:00:00', timeSpan: 'PT24H', timeZone: 'Europe/London' } });
      expect(sub.json.resultDateTime).toBe('2024-03-30T11:00:00+00:00');
      const diff = await call('/api/calculation/difference', { body: { startDateTime: '2024-03-31T12:00:00Z', endDateTime: '2024-03-30T12:00:00Z' } });
      expect(diff.json.difference).toMatchObject({ totalHours: -24, totalDays: -1, breakdown: { days: -1, hours: 0, minutes: 0, seconds: 0 } });
    });

    it('dayofweek', async () => {
      expect((await call('/api/calculation/dayofweek?date=2024-07-01')).json).toEqual({
        date: '2024-07-01',
        dayOfWeek: 'Monday',
        dayOfWeekNumber: 1,
        isWeekend: false,
        weekNumber: 27,
        dayOfYear: 183,
      });
    });

    it('transitions: Moscow 2011 and 2014', async () => {
      const a = await call('/api/timezone/transitions?timezone=Europe/Moscow&from=2011-01-01&to=2015-01-01');
      expect(a.json.transitions.map((x: Json) => x.offset_after)).toEqual(['+04:00', '+03:00']);
    });

    it('search, lookup and list', async () => {
      expect((await call('/api/timezone/search?city=Z%C3%BCrich')).json.timezones[0]).toMatchObject({ timezone: 'Europe/Zurich' });
      const l = await call('/api/timezone/lookup?location=Springfield,%20US');
      expect(l.json.candidates.length).toBeGreaterThan(2);
      const list = await call('/api/timezone/list');
      expect(list.json.total).toBe(list.json.timezones.length);
    });

    it('public directory needs no key and is cacheable', async () => {
      const res = await fetch(`${t.url}/api/public/timezones`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('max-age');
      const body = (await res.json()) as Json;
      expect(body.timezones.find((z: Json) => z.timezone === 'Europe/London')).toMatchObject({ country_code: 'GB', region: 'Europe', main_city: 'London' });
    });
  });

  describe('bad input is a 400 problem with a code and the field', () => {
    const cases: { name: string; path: string; body?: unknown; code: string; field: string }[] = [
      { name: 'unknown zone', path: '/api/time/current?timezone=Mars/Olympus', code: 'invalid_timezone', field: 'timezone' },
      { name: 'abbreviation', path: '/api/time/current?timezone=EST', code: 'invalid_timezone', field: 'timezone' },
      { name: 'missing zone', path: '/api/time/current', code: 'validation_failed', field: 'timezone' },
      { name: 'latitude out of range', path: '/api/timezone/coordinate?latitude=91&longitude=0', code: 'invalid_coordinates', field: 'latitude' },
      { name: 'longitude not a number', path: '/api/time/current/coordinate?latitude=0&longitude=east', code: 'invalid_coordinates', field: 'longitude' },
      { name: 'bad date', path: '/api/calculation/dayofweek?date=2024-02-30', code: 'invalid_date', field: 'date' },
      { name: 'bad info date', path: '/api/timezone/info?timezone=UTC&date=July', code: 'invalid_date', field: 'date' },
      { name: 'transitions before 1970', path: '/api/timezone/transitions?timezone=UTC&from=1960-01-01&to=1980-01-01', code: 'invalid_range', field: 'from' },
      {
        name: 'bad datetime',
        path: '/api/conversion/timezone',
        body: { fromTimeZone: 'UTC', toTimeZone: 'UTC', dateTime: 'tomorrow' },
        code: 'invalid_datetime',
        field: 'dateTime',
      },
      {
        name: 'bad target zone',
        path: '/api/conversion/timezone',
        body: { fromTimeZone: 'UTC', toTimeZone: 'Nowhere', dateTime: '2024-01-01T00:00:00' },
        code: 'invalid_timezone',
        field: 'toTimeZone',
      },
      {
        name: 'bad dstAmbiguity',
        path: '/api/conversion/timezone',
        body: { fromTimeZone: 'UTC', toTimeZone: 'UTC', dateTime: '2024-01-01T00:00:00', dstAmbiguity: 'maybe' },
        code: 'validation_failed',
        field: 'dstAmbiguity',
      },
      {
        name: 'too many zones',
        path: '/api/conversion/multi',
        body: { fromTimeZone: 'UTC', dateTime: '2024-01-01T00:00:00', toTimeZones: Array.from({ length: 101 }, () => 'UTC') },
        code: 'validation_failed',
        field: 'toTimeZones',
      },
      {
        name: 'bad zone in a list',
        path: '/api/conversion/multi',
        body: { fromTimeZone: 'UTC', dateTime: '2024-01-01T00:00:00', toTimeZones: ['UTC', 'CET'] },
        code: 'invalid_timezone',
        field: 'toTimeZones[1]',
      },
      {
        name: 'bad timespan',
        path: '/api/calculation/add',
        body: { baseDateTime: '2024-01-01T00:00:00Z', timeSpan: '25:00:00' },
        code: 'invalid_timespan',
        field: 'timeSpan',
      },
      {
        name: 'bad base',
        path: '/api/calculation/subtract',
        body: { baseDateTime: '2024-01-01T99:00', timeSpan: '01:00:00' },
        code: 'invalid_datetime',
        field: 'baseDateTime',
      },
      {
        name: 'gap in difference',
        path: '/api/calculation/difference',
        body: { startDateTime: '2024-03-31T01:30:00', endDateTime: '2024-04-01T00:00:00', timeZone: 'Europe/London' },
        code: 'invalid_local_time',
        field: 'startDateTime',
      },
    ];
    it.each(cases)('$name', async ({ path, body, code, field }) => {
      const a = await call(path, { body });
      expectProblem(a, 400, code, field);
    });

    it('a body that is not an object is refused, not a 500', async () => {
      const res = await fetch(`${t.url}/api/calculation/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-API-Key': key },
        body: '[1,2]',
      });
      expect(res.status).toBe(400);
    });
  });
});
