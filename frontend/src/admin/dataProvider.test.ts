import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminDataProvider } from './dataProvider';
import { describeChange } from './auditLog/auditText';
import { rotateDialogText } from './apiKeys/RotateKeyButton';
import { lastUsedLabel, keyPrefixLabel, ownerLabel } from './apiKeys/ApiKeyList';

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

/** The request the client handed to fetch (openapi-fetch passes a Request): its same-origin path and query. */
function sent(fetchMock: ReturnType<typeof mockFetch>, index = 0): { request: Request; path: string } {
  const [request] = fetchMock.mock.calls[index] as unknown as [Request];
  const url = new URL(request.url);
  return { request, path: url.pathname + url.search };
}

describe('admin data provider', () => {
  it('lists in the simple-rest dialect with the session cookie and reads the total from Content-Range', async () => {
    const fetchMock = mockFetch(200, [{ id: 'u1' }], { 'Content-Range': 'users 0-24/319' });
    const result = await createAdminDataProvider().getList('users', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'ada', plan: 'free' },
    });
    expect(result).toEqual({ data: [{ id: 'u1' }], total: 319 });
    const { request, path } = sent(fetchMock);
    const params = new URL(request.url).searchParams;
    expect(path.startsWith('/api/admin/users?')).toBe(true);
    expect(JSON.parse(params.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(params.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(JSON.parse(params.get('filter')!)).toEqual({ q: 'ada', plan: 'free' });
    expect(request.credentials).toBe('include');
  });

  it.each([
    ['blockUser', ['u1'], '/api/admin/users/u1/block', undefined],
    ['unblockUser', ['u1'], '/api/admin/users/u1/unblock', undefined],
    ['changePlan', ['u1', 'premium'], '/api/admin/users/u1/plan', { plan: 'premium' }],
    ['rotateKey', ['k1'], '/api/admin/api-keys/k1/rotate', undefined],
  ] as const)('%s posts to the admin API', async (method, args, path, body) => {
    const fetchMock = mockFetch(200, { id: args[0] });
    const provider = createAdminDataProvider() as unknown as Record<string, (...a: unknown[]) => Promise<{ data: unknown }>>;
    const result = await provider[method](...args);
    expect(result.data).toEqual({ id: args[0] });
    const { request, path: asked } = sent(fetchMock);
    expect(asked).toBe(path);
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    const text = await request.text();
    expect(text ? JSON.parse(text) : undefined).toEqual(body);
  });

  it('reads the stats', async () => {
    mockFetch(200, { totalUsers: 3, totalRequests: 10, totalApiKeys: 2 });
    expect(await createAdminDataProvider().getStats()).toEqual({ totalUsers: 3, totalRequests: 10, totalApiKeys: 2 });
  });
});

describe('admin texts', () => {
  it('uses the spec wording of the rotate dialog', () => {
    expect(rotateDialogText('Production')).toBe('This will generate a new API key for "Production". The old key will be invalidated immediately.');
  });

  it('labels keys: prefix with ellipsis, Unknown User, Never', () => {
    const key = { id: 'k', name: 'n', keyPrefix: 'tzk_live_AbCd', isActive: true, createdAt: '', lastUsedAt: null, userId: null, userEmail: null };
    expect(keyPrefixLabel(key)).toBe('tzk_live_AbCd…');
    expect(ownerLabel(key)).toBe('Unknown User');
    expect(lastUsedLabel(key, 'UTC')).toBe('Never');
    expect(lastUsedLabel({ ...key, lastUsedAt: '2026-11-29T09:00:00.000Z' }, 'Asia/Kolkata')).toBe('Nov 29, 2026, 2:30 PM GMT+5:30');
  });

  it('describes an audit change in one line', () => {
    expect(describeChange({ before: { plan: 'free', email: 'a@b.c' }, after: { plan: 'premium', email: 'a@b.c' } }, 'UTC')).toBe('a@b.c: plan Free → Premium');
    expect(describeChange({ before: { isBlocked: false, email: 'a@b.c' }, after: { isBlocked: true, email: 'a@b.c' } }, 'UTC')).toBe(
      'a@b.c: status Active → Blocked',
    );
    expect(
      describeChange(
        {
          before: { plan: 'free', planGranted: false, email: 'a@b.c' },
          after: { plan: 'premium', planGranted: true, email: 'a@b.c', via: 'grant' },
        },
        'UTC',
      ),
    ).toBe('a@b.c: plan Free → Premium; granted no → yes (granted)');
    expect(describeChange({ before: { plan: 'premium', email: 'a@b.c' }, after: { plan: 'enterprise', email: 'a@b.c', via: 'subscription' } }, 'UTC')).toBe(
      'a@b.c: plan Premium → Enterprise (through the subscription, prorated)',
    );
  });
});
