import { randomUUID } from 'node:crypto';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const kolkata = {
  zone: 'Asia/Kolkata',
  changes: [
    {
      from: '2026-12-14T18:30:00.000Z',
      to: '2028-12-14T18:00:00.000Z',
      before: { utcOffset: '+05:30', abbreviation: 'IST', dst: false },
      after: { utcOffset: '+06:00', abbreviation: '+06', dst: false },
    },
  ],
};
const tokyo = { ...kolkata, zone: 'Asia/Tokyo' };

describe("the console's user page: the user's change notices", () => {
  let t: TestApp;
  let admin: TestClient;
  let customer: Awaited<ReturnType<typeof createUser>>;
  let customerClient: TestClient;
  const sql = (query: string, params: unknown[] = []) => t.orm.em.getConnection().execute(query, params);
  const notice = (userId: string, version: string, zones: unknown[], pinnedKeys: unknown[], createdAt: string, dismissedAt: string | null) =>
    sql(`insert into change_notices (id, user_id, release_version, zones, pinned_keys, created_at, dismissed_at) values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)`, [
      randomUUID(),
      userId,
      version,
      JSON.stringify(zones),
      JSON.stringify(pinnedKeys),
      createdAt,
      dismissedAt,
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
    customer = await createUser(t);
    customerClient = await signedInClient(t, customer);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the customer's notices as their Notices page does: newest first, dismissed ones with when, pinned keys named; nobody else's", async () => {
    const pinned = await createApiKey(t, customer, { name: 'Billing (frozen)' });
    const pinnedKeys = [{ keyId: pinned.id, name: 'Billing (frozen)', pinnedTo: '2026a', zones: [kolkata] }];
    await notice(customer.id, '2026f', [tokyo], [], '2026-10-01T08:00:00.000Z', '2026-10-02T09:30:00.000Z');
    await notice(customer.id, '2026g', [kolkata], pinnedKeys, '2026-11-20T08:00:00.000Z', null);
    await notice((await createUser(t)).id, '2026g', [tokyo], [], '2026-11-20T08:00:00.000Z', null);

    const res = await admin.get(`/api/admin/users/${customer.id}/change-notices`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(String), version: '2026g', zones: [kolkata], pinnedKeys, createdAt: '2026-11-20T08:00:00.000Z', dismissedAt: null },
      {
        id: expect.any(String),
        version: '2026f',
        zones: [tokyo],
        pinnedKeys: [],
        createdAt: '2026-10-01T08:00:00.000Z',
        dismissedAt: '2026-10-02T09:30:00.000Z',
      },
    ]);
    // The same history the customer reads.
    expect(res.body).toEqual((await customerClient.get('/api/change-notices/history')).body.notices);
  });

  it('an account without notices answers an empty list', async () => {
    const res = await admin.get(`/api/admin/users/${(await createUser(t)).id}/change-notices`);
    expect([res.status, res.body]).toEqual([200, []]);
  });

  it('an unknown user is 404, a customer 403, a signed-out visitor 401', async () => {
    const unknown = await admin.get(`/api/admin/users/${randomUUID()}/change-notices`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
    expect((await admin.get('/api/admin/users/not-a-uuid/change-notices')).status).toBe(404);
    const refused = await customerClient.get(`/api/admin/users/${customer.id}/change-notices`);
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    const signedOut = await t.client().get(`/api/admin/users/${customer.id}/change-notices`);
    expect([signedOut.status, signedOut.body.code]).toEqual([401, 'unauthenticated']);
  });
});
