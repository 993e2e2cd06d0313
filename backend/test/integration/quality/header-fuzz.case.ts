import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { fuzz } from '../../support/fuzz.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/** A header value as a client may send it: any visible ASCII or Latin-1 text, or one of the shapes that break parsers. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 10 }),
  fc.constantFrom('', ' ', ',', ';', '=', '"', '*', 'W/"x"', '0', '-1', '1e999', 'Bearer', 'Bearer ', 'Basic Og==', 'tzk_live_', 'null', '{}', '[]'),
);

const HEADERS = [
  'x-api-key',
  'authorization',
  'cookie',
  'origin',
  'referer',
  'host',
  'accept',
  'accept-language',
  'if-none-match',
  'x-request-id',
  'user-agent',
  'sec-fetch-site',
  'mcp-protocol-version',
  'tzdb-version',
  'x-forwarded-for',
  'content-type',
];

/** Any value of any header the product reads, once or twice, on the main kinds of route: 2xx-4xx, never 5xx. */
describe('any header value on the main routes answers 2xx-4xx, never 5xx', () => {
  let t: TestApp;
  let key: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, { plan: 'enterprise' });
    key = (await createApiKey(t, user)).key;
    const client = await signedInClient(t, user);
    cookie = `${t.config.sessionCookieName}=${client.cookies.get(t.config.sessionCookieName)}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  function send(method: string, path: string, headers: [string, string][], body?: string): Promise<{ status: number; text: string }> {
    const url = new URL(t.url);
    return new Promise((resolve, reject) => {
      const flat: string[] = headers.flat();
      const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: flat as unknown as Record<string, string> }, (res) => {
        let text = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const routes: [string, string, string | undefined][] = [
    ['GET', '/api/time/current?timezone=Europe/Paris', undefined],
    ['GET', '/api/health', undefined],
    ['GET', '/api/me', undefined],
    ['GET', '/api/usage/summary', undefined],
    ['GET', '/', undefined],
    ['GET', '/docs', undefined],
    ['POST', '/api/calculation/add', JSON.stringify({ baseDateTime: '2024-01-01T00:00:00', timeSpan: '01:00:00' })],
    ['POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'UTC' } } })],
    ['POST', '/api/api-keys', JSON.stringify({ name: 'fuzz' })],
  ];

  it.each(routes)('%s %s', async (method, path, body) => {
    const failures: string[] = [];
    const sets = fc.array(fc.tuple(fc.constantFrom(...HEADERS), headerValue), { minLength: 1, maxLength: 4 });
    await fuzz(
      fc.asyncProperty(sets, fc.boolean(), async (extra, withAuth) => {
        const base: [string, string][] = [
          ['host', new URL(t.url).host],
          ['accept', 'application/json, text/event-stream'],
          ['content-type', 'application/json'],
        ];
        if (withAuth) base.push(['x-api-key', key], ['cookie', cookie]);
        // A header sent here replaces the base's of that name; a name drawn twice is sent twice.
        const names = new Set(extra.map(([name]) => name));
        const headers = [...base.filter(([name]) => !names.has(name)), ...extra];
        const res = await send(method, path, headers, body);
        if (res.status >= 500) failures.push(`${JSON.stringify(headers)} -> ${res.status} ${res.text.slice(0, 200)}`);
        return res.status < 500;
      }),
      failures,
      Number(process.env.FUZZ_RUNS ?? 60),
    );
    expect(failures).toEqual([]);
  });
});
