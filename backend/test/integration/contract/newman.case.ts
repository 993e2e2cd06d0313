import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { XMLParser } from 'fast-xml-parser';
import * as newman from 'newman';
import { REPO_ROOT } from '../../../src/app.factory.js';
import { PUBLIC_API_TAGS } from '../../../src/common/openapi/openapi-files.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown };
}
interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { example?: unknown; examples?: Record<string, { value: unknown }> } } };
  responses: Record<string, { content?: Record<string, { schema?: Json; example?: unknown }> }>;
}

/** The document a customer downloads: the committed file (openapi.spec.ts keeps it equal to the code's). */
const document = JSON.parse(readFileSync(join(REPO_ROOT, 'openapi', 'openapi.json'), 'utf8')) as Json;
const collection = JSON.parse(readFileSync(join(REPO_ROOT, 'openapi', 'postman_collection.json'), 'utf8')) as Json;

const publicOperations: { method: string; path: string; op: Operation }[] = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.tags?.some((t) => PUBLIC_API_TAGS.includes(t)))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

/** The exact data to download (TZif, tzdata.zi): files, not formatted answers, so they have their own checks below. */
const isDownload = (op: Operation) => !op.responses['200'].content?.['application/json'];
/** WorldTimeAPI's routes answer its own shapes (no XML or CSV, `{"error": ...}`): compat/worldtimeapi.spec.ts checks them against its schemas. */
const isCompat = (op: Operation) => op.tags?.includes('WorldTimeAPI') ?? false;
const compatOperations = publicOperations.filter((o) => isCompat(o.op));
const formattedOperations = publicOperations.filter((o) => !isDownload(o.op) && !isCompat(o.op));
const downloadOperations = publicOperations.filter((o) => isDownload(o.op) && !isCompat(o.op));

/** Every documented way to call an operation: its parameter examples with each documented body example. */
function documentedRequests(op: Operation): { query: URLSearchParams; body?: unknown; name: string }[] {
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const example = p.example ?? p.schema?.example;
    if (p.in === 'query' && p.name !== 'format' && example !== undefined) query.set(p.name, String(example));
  }
  const content = op.requestBody?.content['application/json'];
  if (!content) return [{ query, name: 'parameters' }];
  const bodies = content.examples
    ? Object.entries(content.examples).map(([name, e]) => ({ name, body: e.value }))
    : [{ name: 'example', body: content.example }];
  return bodies.map((b) => ({ query, body: b.body, name: b.name }));
}

describe('the API contract: every public operation answers what openapi/openapi.json documents', () => {
  let t: TestApp;
  let key = '';
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(document, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let v = validators.get(ref);
    if (!v) validators.set(ref, (v = ajv.compile({ $ref: `openapi.json${ref}` })));
    return v;
  };
  const problemSchema = '#/components/schemas/ProblemDocumentSchema';
  let checkedAnswers = 0;
  let checkedProblems = 0;

  beforeAll(async () => {
    // Behind a proxy: newman's requests say (X-Forwarded-For) they come from a located address, as a customer's do.
    t = await createTestApp({ TRUST_PROXY: 'true' });
    const user = await createUser(t, { plan: 'enterprise' });
    key = (await createApiKey(t, user)).key;
  });
  afterAll(async () => {
    console.log(
      `contract: ${publicOperations.length} public operations, ${checkedAnswers} answers and ${checkedProblems} problems checked against their schemas`,
    );
    await t?.close();
  });

  async function call(method: string, path: string, query: URLSearchParams, body?: unknown, headers: Record<string, string> = {}) {
    const qs = query.toString();
    const res = await fetch(`${t.url}${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers: { 'X-API-Key': key, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', headers: res.headers, text: await res.text() };
  }

  function expectValid(ref: string, value: unknown, what: string) {
    const validate = validator(ref);
    const ok = validate(value);
    if (!ok) throw new Error(`${what} does not match ${ref}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
  }

  function expectProblem(answer: { status: number; type: string; text: string }, status: number, what: string): Json {
    expect({ what, status: answer.status }).toEqual({ what, status });
    expect(answer.type).toContain('application/problem+json');
    const problem = JSON.parse(answer.text) as Json;
    expectValid(problemSchema, problem, what);
    checkedProblems++;
    return problem;
  }

  it('documents 56 public operations (the sold API with time by IP, airports, the Windows IDs and its batch routes, business time (holidays, business days and hours), sun and moon and the world clock’s keyless sun times, planning (meeting slots, who is at a local time, recurrence) and the meeting planner’s keyless path, the WorldTimeAPI drop-in, the zone directory, the landing page’s live demo, tz releases and their data, health, readiness and liveness), each with a response model and its security', () => {
    expect(publicOperations).toHaveLength(56);
    expect(compatOperations).toHaveLength(12);
    expect(downloadOperations.map((o) => o.path)).toEqual(['/api/timezone/releases/{version}/tzif/{zone}', '/api/timezone/releases/{version}/tzdata.zi']);
    for (const { op } of formattedOperations) {
      expect(op.responses['200'].content?.['application/json'].schema?.$ref).toMatch(/^#\/components\/schemas\//);
      expect(op.security).toBeDefined();
    }
  });

  it.each(formattedOperations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s answers its documented examples in JSON, XML and CSV',
    async (_name, { method, path, op }) => {
      const ok = op.responses['200'].content!;
      const ref = ok['application/json'].schema!.$ref as string;
      for (const request of documentedRequests(op)) {
        const what = `${method} ${path} (${request.name})`;
        const json = await call(method, path, request.query, request.body);
        expect({ what, status: json.status, body: json.status === 200 ? null : json.text }).toEqual({ what, status: 200, body: null });
        expect(json.type).toContain('application/json');
        expect(json.headers.get('x-tzdb-version')).toMatch(/^\d{4}[a-z]$/);
        if (op.security?.length) expect(json.headers.get('ratelimit-limit')).not.toBeNull();
        expectValid(ref, JSON.parse(json.text), what);
        checkedAnswers++;

        const xml = await call(method, path, new URLSearchParams([...request.query, ['format', 'xml']]), request.body);
        expect(xml.status).toBe(200);
        expect(xml.type).toContain('application/xml');
        expect(new XMLParser().parse(xml.text)).toHaveProperty('response');

        const csv = await call(method, path, new URLSearchParams([...request.query, ['format', 'csv']]), request.body);
        expect(csv.status).toBe(200);
        expect(csv.type).toContain('text/csv');
        // The same columns, in the same order, as the documented CSV answer.
        const documentedHeader = String(ok['text/csv']?.example ?? '').split('\n')[0];
        expect(csv.text.split('\n')[0]).toBe(documentedHeader);
      }
    },
  );

  it.each(formattedOperations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s answers problems that match the problem schema',
    async (_name, { method, path, op }) => {
      const [request] = documentedRequests(op);
      const what = `${method} ${path}`;
      expectProblem(await call(method, path, new URLSearchParams([...request.query, ['format', 'yaml']]), request.body), 406, `${what} format=yaml`);
      if (op.security?.length) {
        expectProblem(await call(method, path, request.query, request.body, { 'X-API-Key': '' }), 401, `${what} without a key`);
      }
      const required = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
      if (required.length > 0) {
        const missing = new URLSearchParams(request.query);
        missing.delete(required[0].name);
        const problem = expectProblem(await call(method, path, missing, request.body), 400, `${what} without ${required[0].name}`);
        expect(problem.errors?.[0]).toEqual({ field: required[0].name, message: `${required[0].name} is required` });
      } else if (request.body !== undefined) {
        const problem = expectProblem(await call(method, path, request.query, {}), 400, `${what} with an empty body`);
        expect(problem.code).toBe('validation_failed');
        expect(problem.errors.length).toBeGreaterThan(0);
      }
    },
  );

  it.each(downloadOperations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s serves its documented example as the documented file, with a strong ETag, and 404 problems for an unknown release',
    async (_name, { method, path, op }) => {
      const params = Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, String(p.example ?? p.schema?.example)]));
      const url = (values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name]);
      const file = await call(method, url(params), new URLSearchParams(), undefined, { 'X-API-Key': '' });
      expect(file.status).toBe(200);
      const documented = Object.keys(op.responses['200'].content ?? {})[0];
      expect(file.type).toContain(documented);
      expect(file.headers.get('etag')).toMatch(/^"[^"]+"$/);
      const again = await call(method, url(params), new URLSearchParams(), undefined, { 'If-None-Match': file.headers.get('etag')! });
      expect(again.status).toBe(304);
      const problem = expectProblem(await call(method, url({ ...params, version: '1999z' }), new URLSearchParams()), 404, `${method} ${path} of 1999z`);
      expect(problem.code).toBe('unknown_release');
      checkedAnswers++;
    },
  );

  it('every documented 400 example is a real answer of the API and matches the problem schema', async () => {
    const cases: [string, string, URLSearchParams, unknown, string][] = [
      ['GET', '/api/time/current', new URLSearchParams({ timezone: 'EST' }), undefined, 'invalid_timezone'],
      ['GET', '/api/timezone/coordinate', new URLSearchParams({ latitude: '91', longitude: '0' }), undefined, 'invalid_coordinates'],
      ['GET', '/api/calculation/dayofweek', new URLSearchParams({ date: '2024-02-30' }), undefined, 'invalid_date'],
      [
        'GET',
        '/api/timezone/transitions',
        new URLSearchParams({ timezone: 'Europe/London', from: '1960-01-01', to: '1961-01-01' }),
        undefined,
        'invalid_range',
      ],
      [
        'POST',
        '/api/conversion/timezone',
        new URLSearchParams(),
        { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-03-31T01:30:00' },
        'invalid_local_time',
      ],
      [
        'POST',
        '/api/conversion/timezone',
        new URLSearchParams(),
        { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-10-27T01:30:00', dstAmbiguity: 'reject' },
        'invalid_local_time',
      ],
      [
        'POST',
        '/api/conversion/timezone',
        new URLSearchParams(),
        { fromTimeZone: 'UTC', toTimeZone: 'Pacific/Kiritimati', dateTime: '9999-12-31T23:00:00' },
        'datetime_out_of_range',
      ],
      ['POST', '/api/calculation/add', new URLSearchParams(), { baseDateTime: '2024-03-30T12:00:00', timeSpan: '1.25:00:00' }, 'invalid_timespan'],
      ['POST', '/api/conversion/multi', new URLSearchParams(), { dateTime: 'yesterday', fromTimeZone: 'UTC', toTimeZones: ['Asia/Tokyo'] }, 'invalid_datetime'],
      ['GET', '/api/time/current/ip', new URLSearchParams({ ip: '81.2.69.1420' }), undefined, 'invalid_ip'],
    ];
    for (const [method, path, query, body, code] of cases) {
      const problem = expectProblem(await call(method, path, query, body), 400, `${method} ${path} → ${code}`);
      expect(problem.code).toBe(code);
    }
  });

  it('newman runs the committed Postman collection against the server: every request passes its checks', async () => {
    const summary = await new Promise<newman.RunSummary>((resolve, reject) =>
      newman.run(
        {
          // WorldTimeAPI's /ip answers for the caller's address: from this machine, a located one (MaxMind's test address).
          collection: {
            ...collection,
            event: [
              {
                listen: 'prerequest',
                script: { type: 'text/javascript', exec: ["pm.request.headers.upsert({ key: 'X-Forwarded-For', value: '81.2.69.142' });"] },
              },
            ],
          },
          envVar: [
            { key: 'baseUrl', value: t.url },
            { key: 'apiKey', value: key },
          ],
          reporters: [],
          timeoutRequest: 30000,
        },
        (err, s) => (err ? reject(err) : resolve(s)),
      ),
    );
    const { requests, assertions } = summary.run.stats;
    console.log(`newman: ${requests.total} requests, ${assertions.total} assertions, ${assertions.failed} failed`);
    expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    expect(requests.total).toBe(publicOperations.length);
    expect(assertions.total).toBe(2 * publicOperations.length);
    expect(assertions.failed).toBe(0);
  });
});
