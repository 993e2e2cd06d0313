import { http, HttpResponse } from 'msw';
import { apiServer } from '../testing/api';
import { api, ApiError, apiHref, apiRequest, isApiError, signedOutReason } from './api';

/** What the server saw of one request: method, same-origin path and query, the headers we set, the body. */
interface Seen {
  method: string;
  path: string;
  accept: string | null;
  contentType: string | null;
  body: string;
}

/** Answers every request with `answer` and keeps what it saw. */
function serve(answer: () => Response): Seen[] {
  const seen: Seen[] = [];
  apiServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname + url.search,
        accept: request.headers.get('accept'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return seen;
}

/**
 * The Requests the client hands to fetch (the spy calls through to it): their credentials and cache mode, which the
 * network layer of the tests does not carry over to what the server sees.
 */
function handedToFetch(): () => Request[] {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () => spy.mock.calls.map(([input]) => input as Request);
}

afterEach(() => vi.restoreAllMocks());

const problem = (status: number, body: object) => HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/problem+json' } });

/**
 * Never run: each line must fail to compile (tsc -p frontend checks test files), so a call the OpenAPI document does not
 * have is caught before it is made. If a line compiled, its @ts-expect-error would be unused, which is an error too.
 */
export function callsTheSchemaRefuses() {
  // @ts-expect-error a path the API does not have
  void api.get('/api/no-such-route', {});
  // @ts-expect-error a method the path does not answer (GET /api/logout is not in the document; POST is)
  void api.get('/api/logout', {});
  // @ts-expect-error a body member of the wrong type (enabled is a boolean)
  void api.put('/api/profile/quota-alerts', { body: { enabled: 'yes' } });
  // @ts-expect-error a required body member missing (the password)
  void api.post('/api/auth/login', { body: { email: 'ada@example.com' } });
  // @ts-expect-error a required path parameter missing
  void api.get('/api/webhooks/{id}', {});
  // @ts-expect-error a query parameter of the wrong type (limit is a number)
  void api.get('/api/billing/invoices', { params: { query: { offset: 0, limit: 'ten' } } });
  // @ts-expect-error the answer is the route's own model: a webhook list has no `email`
  void api.get('/api/webhooks').then((endpoints) => endpoints[0].email);
}

describe('the typed API client', () => {
  it('sends a JSON body to the path with its parameters, the session cookie and JSON accepted, and answers the parsed body', async () => {
    const seen = serve(() => HttpResponse.json({ id: 'w1', url: 'https://example.com/hook' }));
    const handed = handedToFetch();
    const answer = await api.patch('/api/webhooks/{id}', { params: { path: { id: 'w 1/2' } }, body: { description: 'Billing' } });
    expect(answer).toEqual({ id: 'w1', url: 'https://example.com/hook' });
    expect(seen).toEqual([
      {
        method: 'PATCH',
        path: '/api/webhooks/w%201%2F2',
        accept: 'application/json',
        contentType: 'application/json',
        body: '{"description":"Billing"}',
      },
    ]);
    expect(handed()[0].credentials).toBe('include');
  });

  it('writes the query from params, leaving out unset members, and passes the cache mode to fetch', async () => {
    const seen = serve(() => HttpResponse.json({ releases: [] }));
    const handed = handedToFetch();
    await api.get('/api/usage/requests', { params: { query: { limit: 50, from: '2026-11-01T00:00:00.000Z', keyId: undefined, status: '4xx' } } });
    await api.get('/api/timezone/releases', { cache: 'no-cache' });
    expect(seen.map((s) => s.path)).toEqual(['/api/usage/requests?limit=50&from=2026-11-01T00%3A00%3A00.000Z&status=4xx', '/api/timezone/releases']);
    expect(handed().map((request) => request.cache)).toEqual(['default', 'no-cache']);
  });

  it('sends no body and no Content-Type when the route takes none', async () => {
    const seen = serve(() => HttpResponse.json({ ok: true }));
    await api.post('/api/logout');
    expect(seen[0]).toMatchObject({ method: 'POST', body: '', contentType: null });
  });

  it('turns a problem document into an ApiError with its status, code and the server words', async () => {
    serve(() => problem(409, { type: 'about:blank', title: 'Conflict', status: 409, code: 'email_taken', detail: 'That address is taken.' }));
    const error = await api.post('/api/auth/register', { body: { name: 'Ada', email: 'ada@example.com', password: 'correct horse' } }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 409, code: 'email_taken', detail: 'That address is taken.', message: expect.stringMatching(/^409: /) });
  });

  it('keeps the problem code the session handling reads: 401 session_expired signs out as expired', async () => {
    serve(() => problem(401, { title: 'Unauthorized', status: 401, code: 'session_expired' }));
    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(signedOutReason(error)).toBe('expired');
  });

  it('reads an answer that is not a problem document as its detail, with the status text as title', async () => {
    serve(() => new HttpResponse('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await api.get('/api/health').catch((e: unknown) => e)) as ApiError;
    expect(error.problem).toMatchObject({ status: 502, title: 'Bad Gateway', detail: 'upstream down' });
    expect(error.code).toBeUndefined();
  });

  it('aborts with the caller signal', async () => {
    serve(() => HttpResponse.json({ timezones: [] }));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/api/public/timezones', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the calls the schema cannot type', () => {
  it('apiRequest goes through the same core: the cookie, a pre-encoded JSON body, and ApiError on a problem', async () => {
    const seen = serve(() => problem(403, { title: 'Forbidden', status: 403, code: 'csrf_rejected' }));
    const handed = handedToFetch();
    const error = await apiRequest('/api/admin/users?range=%5B0%2C24%5D', { method: 'PUT', encodedBody: '{"plan":"free"}' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'csrf_rejected' });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/users?range=%5B0%2C24%5D',
      body: '{"plan":"free"}',
      contentType: 'application/json',
    });
    expect(handed()[0].credentials).toBe('include');
  });

  it('apiHref writes a download link by path, its query typed like a call', () => {
    expect(apiHref('/api/usage/export.csv', { params: { query: { from: '2026-11-01T00:00:00Z', keyId: 'k 1' } } })).toBe(
      '/api/usage/export.csv?from=2026-11-01T00%3A00%3A00Z&keyId=k%201',
    );
    expect(apiHref('/api/timezone/releases.atom')).toBe('/api/timezone/releases.atom');
  });
});
