import { createKeyExecutor } from './index';
import { orderedHeaders, type DocEndpoint } from '../../../lib/api-reference/model';

const endpoint = { id: 'x', method: 'POST', path: '/api/conversion/timezone' } as DocEndpoint;

describe('playground executor', () => {
  it('calls the API with the picked key, the chosen format and no cookies, and reports status, headers and time', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response('{"a":1}', { status: 200, headers: { 'Content-Type': 'application/json', 'RateLimit-Remaining': '97', 'RateLimit-Limit': '100' } }),
    );
    const seen = vi.fn();
    const run = createKeyExecutor(async () => 'tzk_live_secret', seen, fetchImpl as unknown as typeof fetch);
    const result = await run({ endpoint, url: 'http://h/api/conversion/timezone?format=xml', values: {}, body: { fromTimeZone: 'UTC' }, format: 'xml' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://h/api/conversion/timezone?format=xml');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', body: '{"fromTimeZone":"UTC"}' });
    expect(init.headers).toMatchObject({ 'X-API-Key': 'tzk_live_secret', Accept: 'application/xml', 'Content-Type': 'application/json' });
    expect(result.status).toBe(200);
    expect(result.body).toBe('{\n  "a": 1\n}');
    expect(result.headers).toMatchObject({ 'ratelimit-remaining': '97' });
    expect(typeof result.durationMs).toBe('number');
    expect(seen).toHaveBeenCalledOnce();
    expect(orderedHeaders(result.headers!).map((h) => h.name)).toEqual(['ratelimit-limit', 'ratelimit-remaining', 'content-type']);
  });

  it('lets a network failure reach the explorer (which toasts "Failed to execute API endpoint")', async () => {
    const run = createKeyExecutor(async () => 'k', undefined, (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    await expect(run({ endpoint: { ...endpoint, method: 'GET' }, url: '/api/time/utc', values: {}, format: 'json' })).rejects.toThrow('Failed to fetch');
  });
});
