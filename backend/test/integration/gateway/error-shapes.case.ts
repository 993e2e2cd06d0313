import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

/** The catalog as published (openapi/problem-types.json, the /docs/errors page): code → title. */
const PUBLISHED_TITLES = new Map(
  (JSON.parse(readFileSync(join(process.cwd(), '..', 'openapi', 'problem-types.json'), 'utf8')) as { code: string; title: string }[]).map((t) => [
    t.code,
    t.title,
  ]),
);

describe('error shapes a client can act on', () => {
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

  async function call(method: string, path: string, body?: unknown, withKey = true) {
    const headers: Record<string, string> = withKey ? { 'X-API-Key': key } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(t.url + path, { method, headers, body: body !== undefined ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : {}) as Json };
  }

  /** Every problem carries its code's one title, the one the errors page publishes. */
  function expectProblem(a: { status: number; headers: Headers; json: Json }, status: number, code: string) {
    expect(a.headers.get('content-type')).toContain('application/problem+json');
    expect({ status: a.status, code: a.json.code }).toEqual({ status, code });
    expect(a.json.title).toBe(PUBLISHED_TITLES.get(code));
  }

  describe('a known path with the wrong method is 405 with Allow', () => {
    it.each([
      ['POST', '/api/timezone/list', ['GET']],
      ['DELETE', '/api/conversion/timezone', ['GET', 'POST']],
      ['GET', '/api/conversion/multi', ['POST']],
      ['PATCH', '/api/api-keys/0b6f7f0e-6a39-4c86-9a3e-3f6b1f0f8f7a', ['PUT', 'DELETE']],
    ])('%s %s', async (method, path, allowed) => {
      for (const withKey of [true, false]) {
        const a = await call(method, path, undefined, withKey);
        expectProblem(a, 405, 'method_not_allowed');
        const allow = a.headers.get('allow')!.split(', ');
        expect(allow).toEqual(expect.arrayContaining(allowed));
        expect(allow).not.toContain(method);
        expect(a.json.detail).toContain(method);
      }
    });

    it('a path nobody serves is still 404', async () => {
      const a = await call('POST', '/api/timezone/nope');
      expectProblem(a, 404, 'not_found');
      expect(a.headers.get('allow')).toBeNull();
    });
  });

  describe('a value of the wrong type is told the type expected', () => {
    it.each([
      [{ fromTimeZone: 123, toTimeZone: 'UTC', dateTime: '2024-07-01T09:00:00' }, '/api/conversion/timezone', 'fromTimeZone', 'fromTimeZone must be a string'],
      [
        { fromTimeZone: 'UTC', toTimeZones: [1, 'Asia/Tokyo'], dateTime: '2024-07-01T09:00:00' },
        '/api/conversion/multi',
        'toTimeZones',
        'each value in toTimeZones must be a string',
      ],
      [
        { fromTimeZone: 'UTC', toTimeZones: 'Asia/Tokyo', dateTime: '2024-07-01T09:00:00' },
        '/api/conversion/multi',
        'toTimeZones',
        'toTimeZones must be an array',
      ],
      [{ fromTimeZone: 'UTC', toTimeZone: 'UTC', dateTime: 20240701 }, '/api/conversion/timezone', 'dateTime', 'dateTime must be a string'],
    ])('%j', async (body, path, field, message) => {
      const a = await call('POST', path, body);
      expectProblem(a, 400, 'validation_failed');
      expect(a.json.errors).toEqual([{ field, message }]);
    });

    it('on session routes too (the global validation pipe)', async () => {
      const res = await t.client().post('/api/auth/register', { name: 42, email: 'type-check@example.com', password: 'a long enough passphrase' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'name', message: 'Name must be a string' }]);
      expect(res.body.title).toBe(PUBLISHED_TITLES.get('validation_failed'));
    });
  });

  describe('dates outside 0001..9999 get one code and one message', () => {
    it.each(['0000-01-01', '10000-01-01', '-0001-01-01', '123456789-01-01'])('%s', async (date) => {
      for (const path of [`/api/calculation/dayofweek?date=${date}`, `/api/timezone/info?timezone=UTC&date=${date}`]) {
        const a = await call('GET', path);
        expectProblem(a, 400, 'invalid_date');
        expect(a.json.detail).toContain('0001-01-01 to 9999-12-31');
      }
    });

    it.each(['0000-01-01T00:00:00', '10000-01-01T00:00:00', '-000001-01-01T00:00:00'])(
      'a date-time in %s is invalid_datetime, told the years',
      async (dateTime) => {
        const a = await call('POST', '/api/conversion/timezone', { fromTimeZone: 'UTC', toTimeZone: 'Asia/Tokyo', dateTime });
        expectProblem(a, 400, 'invalid_datetime');
        expect(a.json.detail).toContain('outside 0001-9999');
      },
    );

    it('a malformed date is still invalid_date, told the form', async () => {
      const a = await call('GET', '/api/calculation/dayofweek?date=2024-13-01');
      expectProblem(a, 400, 'invalid_date');
      expect(a.json.detail).toContain('YYYY-MM-DD');
    });
  });

  describe('offsets', () => {
    it.each(['-00:00', '-0000', '-00'])('%s ("offset unknown" in RFC 3339) is refused, not read as UTC', async (offset) => {
      const a = await call('POST', '/api/conversion/timezone', { fromTimeZone: 'UTC', toTimeZone: 'Asia/Tokyo', dateTime: `2024-07-01T09:00:00${offset}` });
      expectProblem(a, 400, 'invalid_datetime');
      expect(a.json.detail).toMatch(/-00:00.*unknown.*Z or \+00:00/);
    });

    it('+00:00 and Z are UTC', async () => {
      for (const dateTime of ['2024-07-01T09:00:00+00:00', '2024-07-01T09:00:00Z']) {
        const a = await call('POST', '/api/conversion/timezone', { fromTimeZone: 'Asia/Tokyo', toTimeZone: 'UTC', dateTime });
        expect(a.json).toMatchObject({ inputOffsetUsed: true, convertedDateTime: '2024-07-01T09:00:00+00:00' });
      }
    });

    it('an unencoded "+" in a GET conversion is told to be sent as %2B; encoded, it works', async () => {
      const raw = await call('GET', '/api/conversion/timezone?from=UTC&to=Asia/Tokyo&datetime=2024-07-01T09:00:00+01:00');
      expectProblem(raw, 400, 'invalid_datetime');
      expect(raw.json.field).toBe('datetime');
      expect(raw.json.detail).toContain('%2B');
      const encoded = await call('GET', '/api/conversion/timezone?from=UTC&to=Asia/Tokyo&datetime=2024-07-01T09:00:00%2B01:00');
      expect(encoded.status).toBe(200);
      expect(encoded.json).toMatchObject({ inputOffsetUsed: true, convertedDateTime: '2024-07-01T17:00:00+09:00' });
    });
  });

  describe('names an object inherits are only text', () => {
    // Tables keyed by client text were plain objects: "__proto__" found Object.prototype, and lookup answered 500.
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('%s', async (word) => {
      const q = encodeURIComponent(word);
      for (const path of [`/api/timezone/lookup?location=${q}`, `/api/timezone/search?city=${q}`]) {
        const a = await call('GET', path);
        expect({ path, status: a.status }).toEqual({ path, status: 200 });
        expect(a.json.query).toBe(word);
      }
      expectProblem(await call('GET', `/api/time/current?timezone=${q}`), 400, 'invalid_timezone');
      // A body with a "__proto__" member is refused as it is read (secure-json-parse), never a prototype.
      const body = `{"__proto__":{"toTimeZone":"Asia/Tokyo"},"fromTimeZone":"UTC","dateTime":"2024-07-01T09:00:00"}`;
      const post = await fetch(`${t.url}/api/conversion/timezone`, { method: 'POST', headers: { 'X-API-Key': key, 'content-type': 'application/json' }, body });
      expectProblem({ status: post.status, headers: post.headers, json: (await post.json()) as Json }, 400, 'invalid_json');
      const res = await fetch(`${t.url}/api/time/utc`, { headers: { 'X-API-Key': key, accept: word } });
      expectProblem({ status: res.status, headers: res.headers, json: (await res.json()) as Json }, 406, 'not_acceptable');
    });
  });

  describe('titles come from the one catalog', () => {
    it('the generic and the time zone problems carry the published titles', async () => {
      expectProblem(await call('GET', '/api/nope'), 404, 'not_found');
      expectProblem(await call('GET', '/api/timezone/list', undefined, false), 401, 'missing_api_key');
      expectProblem(await call('GET', '/api/timezone/list?format=yaml'), 406, 'not_acceptable');
      expectProblem(await call('GET', '/api/time/current?timezone=Mars/Olympus'), 400, 'invalid_timezone');
      expectProblem(await call('GET', '/api/timezone/info?timezone=UTC&date=2024-02-30'), 400, 'invalid_date');
      expectProblem(await call('POST', '/api/conversion/timezone', {}), 400, 'validation_failed');
      expectProblem(
        await t
          .client()
          .get('/api/me')
          .then((r) => ({ status: r.status, headers: r.headers, json: r.body as Json })),
        401,
        'unauthenticated',
      );
    });
  });

  describe('multi conversion over HTTP', () => {
    it('a repeated local time answers both readings in each conversion, as a single conversion does', async () => {
      const dateTime = '2024-11-03T01:30:00';
      const many = await call('POST', '/api/conversion/multi', { fromTimeZone: 'America/New_York', toTimeZones: ['UTC', 'Europe/Paris'], dateTime });
      expect(many.status).toBe(200);
      expect(many.json.ambiguous).toBe(true);
      for (const c of many.json.conversions as Json[]) {
        const single = await call('POST', '/api/conversion/timezone', { fromTimeZone: 'America/New_York', toTimeZone: c.timezone, dateTime });
        expect(c.options).toEqual(single.json.options);
        expect(c.options).toHaveLength(2);
      }
    });
  });

  describe('lookup over HTTP', () => {
    it('"UTC", "GMT" and "Z" answer their zones first', async () => {
      for (const [location, zone] of [
        ['UTC', 'UTC'],
        ['GMT', 'Etc/GMT'],
        ['Z', 'UTC'],
      ]) {
        const a = await call('GET', `/api/timezone/lookup?location=${location}`);
        expect(a.status).toBe(200);
        expect(a.json.candidates[0]).toMatchObject({ timezone: zone });
      }
    });
  });
});
