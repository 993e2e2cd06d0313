import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { buildApiDocument as buildOpenApiDocument } from '../../../src/app.factory.js';
import { fuzz, fuzzRuns, nasty } from '../../support/fuzz.js';
import { BUNDLED_DIR } from '../../support/tz-feed.js';

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
}

/** Routes that end the caller's session or leave the API: the fuzzer keeps away from them. */
// The sign-out routes end the fuzzing session (every later call would only meet 401), the sign-in ones are navigations.
const SKIP = new Set(['GET /api/logout', 'POST /api/logout', 'GET /api/login', 'GET /api/login/callback']);

function schemaFields(doc: OpenAPIObject, schema: unknown): string[] {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  const resolved = ref ? doc.components?.schemas?.[ref.split('/').pop()!] : schema;
  return Object.keys((resolved as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
}

function operations(doc: OpenAPIObject): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op || SKIP.has(`${method.toUpperCase()} ${path}`)) continue;
      const params = (op.parameters ?? []) as { name: string; in: string }[];
      const json = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json'];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: json ? schemaFields(doc, json.schema) : method === 'get' || method === 'delete' ? null : [],
      });
    }
  }
  return ops;
}

const queryValue = fc.oneof(
  fc.constant('\u0000'),
  fc.constant(''),
  fc.constant('Europe/Paris'),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('2024-01-01'),
  fc.integer().map(String),
);
const pathValue = fc.oneof(fc.constant('\u0000'), fc.uuid(), fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), fc.constant('1'));

function bodyFor(fields: string[]): fc.Arbitrary<unknown> {
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, nasty])), { requiredKeys: [] });
  return fields.length ? fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: nasty }) : nasty;
}

describe('any JSON value on any route answers 2xx or 4xx, never 5xx', () => {
  let t: TestApp;
  let key: string;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    ops = operations(buildOpenApiDocument(t.app));
    const owner = await createUser(t, { plan: 'enterprise' });
    key = (await createApiKey(t, owner)).key;
  });
  afterAll(() => t.close());

  it('covers every route of the API', () => {
    expect(ops.length).toBeGreaterThan(40);
  });

  it.each([
    ['POST', '/api/calculation/add', { baseDateTime: '2024-01-01T00:00:00', timeSpan: '01:00:00', timeZone: null }],
    ['POST', '/api/calculation/subtract', { baseDateTime: '2024-01-01T00:00:00', timeSpan: '01:00:00', timeZone: null }],
    ['POST', '/api/calculation/difference', { startDateTime: '2024-01-01T00:00:00', endDateTime: '2024-01-02T00:00:00', timeZone: null }],
  ])('%s %s with timeZone: null reads it as absent', async (method, path, body) => {
    const res = await t.client().request(method, path, { body, headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
  });

  it('null and NUL on keys, profile, support and admin search are 4xx naming the field', async () => {
    const admin = await createUser(t, { role: 'super_admin', plan: 'enterprise' });
    const client = await signedInClient(t, admin);
    const created = await client.post('/api/api-keys', { name: 'fuzz' });
    expect(created.status).toBe(201);
    const id = created.body.id ?? created.body.apiKey?.id;
    for (const body of [{ ipRestrictions: null }, { urlRestrictions: null }, { isActive: null }, { name: null }]) {
      const res = await client.put(`/api/api-keys/${id}`, body);
      expect(res.status).toBeLessThan(500);
    }
    const cases: [string, string, unknown, string][] = [
      ['PUT', '/api/profile', { firstName: 'Ada\u0000', lastName: 'Lovelace' }, 'firstName'],
      ['POST', '/api/api-keys', { name: 'key\u0000name' }, 'name'],
      ['PUT', `/api/api-keys/${id}`, { name: 'x\u0000' }, 'name'],
      ['POST', '/api/support/messages', { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'hi\u0000there', category: 'general' }, 'message'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await client.request(method, path, { body });
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e: { field: string }) => e.field)).toContain(field);
    }
    const search = await client.get('/api/admin/users?q=a%00b');
    expect(search.status).toBe(400);
    expect(search.body.errors[0].field).toBe('q');
  });

  it('an object that cannot become a string or number, in every body field of every route, is a 4xx', async () => {
    // {"toString": 1} is valid JSON; Number() and String() throw on it, since its toString is not a function.
    const poison = { toString: 1, valueOf: 1 };
    const admin = await createUser(t, { role: 'super_admin', plan: 'enterprise' });
    const client = await signedInClient(t, admin);
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.bodyFields?.length)) {
      let url = op.path;
      for (const name of op.pathParams) url = url.replace(`{${name}}`, '00000000-0000-0000-0000-000000000000');
      const body = Object.fromEntries(op.bodyFields!.map((field) => [field, poison]));
      const res = await client.request(op.method, url, { body, headers: { 'x-api-key': key } });
      if (res.status >= 500) failures.push(`${op.method} ${url} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
    const card = await client.post('/api/billing/sandbox/portal/card', { number: '4242424242424242', expMonth: poison, expYear: 2030, cvc: '123' });
    expect(card.status).toBe(400);
    expect(card.body.errors.map((e: { field: string }) => e.field)).toContain('expMonth');
  });

  it('any text as a text/csv body of the CSV batch route answers 2xx or 4xx, never 5xx', async () => {
    const cell = fc.oneof(
      fc.constantFrom('localDateTime', 'utc', 'timeZone', '2024-03-10T02:30:00', '2024-03-10T07:30:00Z', 'America/New_York', '', '"', '""', '=1+1', '\uFEFF'),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    const row = fc.array(cell, { maxLength: 4 }).map((cells) => cells.join(','));
    const csv = fc.oneof(
      fc.tuple(fc.array(row, { minLength: 0, maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r')).map(([rows, eol]) => rows.join(eol)),
      fc.string({ unit: 'binary', maxLength: 200 }),
    );
    // The bundled release on both sides: the items are read and answered, not refused for an unknown release.
    const release = /^# version (\S+)/m.exec(readFileSync(join(BUNDLED_DIR, 'tzdata.zi'), 'utf8'))![1];
    const failures: string[] = [];
    await fuzz(
      fc.asyncProperty(
        csv,
        fc.constantFrom('text/csv', 'text/csv; charset=utf-8', 'text/csv; charset=latin1', 'text/csv; header=absent'),
        async (body, type) => {
          const res = await t
            .client()
            .request('POST', `/api/timezone/impact?from=${release}&to=${release}`, { raw: body, headers: { 'content-type': type, 'x-api-key': key } });
          if (res.status >= 500) failures.push(`${type} ${JSON.stringify(body)} -> ${res.status} ${res.text.slice(0, 200)}`);
          return res.status < 500;
        },
      ),
      failures,
      fuzzRuns(4),
    );
    expect(failures).toEqual([]);
  });

  it('fuzzes every route: path, query and body', async () => {
    const admin = await createUser(t, { role: 'super_admin', plan: 'enterprise' });
    const failures: string[] = [];
    for (const op of ops) {
      const client = await signedInClient(t, admin);
      const request = fc.record({
        path: fc.tuple(...op.pathParams.map(() => pathValue)),
        query: fc.tuple(...op.queryParams.map(() => fc.option(queryValue, { nil: undefined }))),
        body: op.bodyFields ? bodyFor(op.bodyFields) : fc.constant(undefined),
      });
      await fuzz(
        fc.asyncProperty(request, async ({ path, query, body }) => {
          let url = op.path;
          op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, encodeURIComponent(path[i] as string))));
          const qs = op.queryParams
            .flatMap((name, i) => (query[i] === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(query[i] as string)}`]))
            .join('&');
          const target = qs ? `${url}?${qs}` : url;
          const res = await client.request(op.method, target, {
            ...(body !== undefined && { raw: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-api-key': key } }),
            ...(body === undefined && { headers: { 'x-api-key': key } }),
          });
          if (res.status >= 500) failures.push(`${op.method} ${target} ${JSON.stringify(body)} -> ${res.status} ${res.text.slice(0, 200)}`);
          return res.status < 500;
        }),
        failures,
        fuzzRuns(),
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
