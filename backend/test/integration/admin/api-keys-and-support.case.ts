import { randomUUID } from 'node:crypto';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { q } from '../../support/list-query.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import type { TestClient } from '../../support/http.js';

/** A metered public endpoint (behind the API key guard). */
const PUBLIC_ENDPOINT = '/api/time/current?timezone=Europe/Paris';

describe('admin API: API keys and support messages', () => {
  let t: TestApp;
  let admin: TestClient;
  // Every user this file creates has this marker in the e-mail, so list assertions ignore other files' rows.
  const run = randomUUID().slice(0, 8);
  const email = (name: string) => `adk${run}-${name}@example.com`;

  beforeAll(async () => {
    t = await createTestApp();
    const superAdmin = await createUser(t, { email: email('root'), role: 'super_admin', firstName: 'Root', lastName: 'Admin' });
    admin = await signedInClient(t, superAdmin);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('API keys', () => {
    it('rotate refuses the old key at once, answers the key row without the secret, and is audited', async () => {
      const user = await createUser(t, { email: email('rotate') });
      const { key, id } = await createApiKey(t, user, { name: 'Rotate me' });
      expect((await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key })).status).toBe(200);
      const before = await admin.get(`/api/admin/api-keys/${id}`);
      const res = await admin.post(`/api/admin/api-keys/${id}/rotate`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, name: 'Rotate me', userId: user.id, userEmail: user.email, isActive: true });
      expect(res.body.key).toBeUndefined();
      expect(res.text).not.toContain(key);
      expect((await t.client().get(PUBLIC_ENDPOINT, { 'x-api-key': key })).status).toBe(401);
      const audit = await admin.get(`/api/admin/audit-log${q({ filter: { targetId: id } })}`);
      expect(audit.body).toHaveLength(1);
      expect(audit.body[0]).toMatchObject({ action: 'api_key.rotate', targetType: 'api_key', before: { keyPrefix: before.body.keyPrefix } });
      expect((await admin.post(`/api/admin/api-keys/${randomUUID()}/rotate`)).status).toBe(404);
    });

    it('lists keys with their owner, filters and searches them', async () => {
      const owner = await createUser(t, { email: email('keys-owner') });
      await createApiKey(t, owner, { name: `Alpha ${run}` });
      await createApiKey(t, owner, { name: `Beta ${run}` });
      const res = await admin.get(`/api/admin/api-keys${q({ range: [0, 9], sort: ['name', 'ASC'], filter: { userId: owner.id } })}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('api-keys 0-1/2');
      expect(res.body.map((k: { name: string }) => k.name)).toEqual([`Alpha ${run}`, `Beta ${run}`]);
      expect(res.body[0]).toMatchObject({
        userId: owner.id,
        userEmail: owner.email,
        isActive: true,
        lastUsedAt: null,
        keyPrefix: expect.stringMatching(/^tzk_live_/),
      });
      const search = await admin.get(`/api/admin/api-keys${q({ filter: { q: `beta ${run}` } })}`);
      expect(search.body.map((k: { name: string }) => k.name)).toEqual([`Beta ${run}`]);
      const byOwner = await admin.get(`/api/admin/api-keys${q({ filter: { q: owner.email } })}`);
      expect(byOwner.body).toHaveLength(2);
      expect((await admin.get(`/api/admin/api-keys${q({ sort: ['hash', 'ASC'] })}`)).status).toBe(400);
    });
  });

  describe('support messages', () => {
    it('lists and shows messages sent through the support form', async () => {
      const subject = `Invoice ${run}`;
      const sent = await t.client().post('/api/support/messages', {
        name: 'Grace',
        email: email('support'),
        category: 'billing',
        subject,
        message: 'Please add our VAT number to the invoices.',
      });
      expect(sent.status).toBe(201);
      const list = await admin.get(`/api/admin/support-messages${q({ filter: { q: subject } })}`);
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toBe('support-messages 0-0/1');
      expect(list.body[0]).toMatchObject({ subject, category: 'billing', email: email('support') });
      const one = await admin.get(`/api/admin/support-messages/${list.body[0].id}`);
      expect(one.body.message).toBe('Please add our VAT number to the invoices.');
    });
  });
});
