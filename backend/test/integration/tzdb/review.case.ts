/**
 * The console's release review over HTTP: an upload is stored and compiled without going live, its review and the
 * audience of its activation are read, and discarding it leaves the active release as it was. (The review's
 * computation: test/medium/release-review.medium.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** 2026f with Kolkata an hour later from 2027: a newer release for the review, whose link Asia/Calcutta changes with it. */
const ZI_2026G = readFileSync(new URL('../../../data/tzdb/2026f/tzdata.zi', import.meta.url), 'utf8')
  .replace('# version 2026f', '# version 2026g')
  .replace(/^(Z Asia\/Kolkata [^\n]*\n(?:[^ZRL#][^\n]*\n)*?)5:30 - IST$/m, '$15:30 - IST 2027\n6:30 - +0630');

describe('reviewing an uploaded release before it goes live', () => {
  let db: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  let a: TestApp;
  let admin: TestClient;
  let key: string;

  beforeAll(async () => {
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    a = await createTestApp();
    admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    key = (await createApiKey(a, await createUser(a, { plan: 'premium' }))).key;
  });
  afterAll(async () => {
    await a?.close();
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
  });

  it('upload stores the release for review without activating it; Cancel discards it and the active release is unchanged', async () => {
    expect(ZI_2026G).toContain('6:30 - +0630');
    const upload = await admin.post('/api/admin/tzdb/uploads', { release: Buffer.from(ZI_2026G).toString('base64') });
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ version: '2026g', previousVersion: '2026f', waiting: true, active: false, origin: 'upload' });
    const kolkata = upload.body.zones.find((z: { zone: string }) => z.zone === 'Asia/Kolkata');
    expect(kolkata.aliases).toContain('Asia/Calcutta');
    expect(upload.body.zones.map((z: { zone: string }) => z.zone)).not.toContain('Asia/Calcutta');

    // Nothing went live: the API still answers from 2026f. (This customer's call makes it one who used Kolkata.)
    const answer = await a.client().get('/api/time/current?timezone=Asia/Kolkata', { 'x-api-key': key });
    expect(answer.headers.get('x-tzdb-version')).toBe('2026f');
    const status = await admin.get('/api/admin/tzdb');
    expect(status.body.version).toBe('2026f');
    expect(status.body.history.find((h: { version: string }) => h.version === '2026g')).toMatchObject({ waiting: true, origin: 'upload', active: false });

    const review = await admin.get(`/api/admin/tzdb/releases/${upload.body.id}/review`);
    expect(review.body).toEqual(upload.body);
    const audience = await admin.get(`/api/admin/tzdb/releases/${upload.body.id}/audience`);
    expect(audience.status).toBe(200);
    // The customer who asked for Kolkata above would be told; nobody has a pin or an endpoint.
    expect(audience.body).toEqual({ version: '2026g', accounts: 1, pinnedKeys: 0, webhookEndpoints: 0 });

    const discarded = await admin.request('DELETE', `/api/admin/tzdb/releases/${upload.body.id}`);
    expect([discarded.status, discarded.body]).toEqual([200, { version: '2026g' }]);
    expect((await admin.get(`/api/admin/tzdb/releases/${upload.body.id}/review`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/tzdb/releases/${upload.body.id}`)).status).toBe(404);
    const after = await admin.get('/api/admin/tzdb');
    expect(after.body.version).toBe('2026f');
    expect(after.body.history.map((h: { version: string }) => h.version)).not.toContain('2026g');
    expect((await a.client().get('/api/time/current?timezone=Asia/Kolkata', { 'x-api-key': key })).headers.get('x-tzdb-version')).toBe('2026f');
    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetId: '2026g' }))}`);
    const actions = (audit.body as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['tzdb.upload', 'tzdb.discard']));
  });

  it('the review and its audience are the super admin’s only', async () => {
    const customer = await signedInClient(a, await createUser(a));
    expect((await customer.post('/api/admin/tzdb/uploads', { release: 'AAAA' })).status).toBe(403);
    expect((await customer.get('/api/admin/tzdb/releases/6f1c2a9e-8a1f-4f5e-9a49-2f0a7d1c5b11/audience')).status).toBe(403);
    expect((await admin.get('/api/admin/tzdb/releases/not-an-id/review')).status).toBe(404);
  });
});
