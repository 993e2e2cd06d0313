import { jest } from '@jest/globals';
import { DataExportService } from '../../src/modules/self-service/data-export.service.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { UsageRecorder } from '../../src/modules/usage/usage.recorder.js';
import { UsageStore } from '../../src/modules/usage/usage.store.js';
import { createApiKey, createUser, signedInClient } from '../factories/index.js';
import { createTestApp, TestApp } from '../support/test-app.js';

// An export is a job: on a busy 2-core machine a run of them can take minutes. Awaited state, not a speed.
jest.setTimeout(180_000);

describe('export my data', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('builds a JSON file with the profile, masked keys, invoices and the last calls; progress and download work from another instance', async () => {
    const user = await createUser(a, { firstName: 'Katherine', lastName: 'Johnson' });
    const { key, id: keyId } = await createApiKey(a, user, { name: 'Orbit' });
    // An old row, outside the 90 days, and three real calls.
    const old: UsageRow = {
      timestamp: Date.now() - 100 * 86_400_000,
      userId: user.id,
      keyId,
      endpoint: '/api/time/utc',
      method: 'GET',
      statusCode: 200,
      responseMs: 1,
      ipAddress: null,
    };
    await a.app.get(UsageStore).ensurePartitions(4, 1);
    await a.app.get(UsageStore).write([old]);
    for (const path of ['/api/time/utc', '/api/time/current?timezone=Asia/Tokyo', '/api/time/current?timezone=Nowhere/Zone'])
      await a.client().get(path, { 'x-api-key': key });
    await a.app.get(UsageRecorder).flush();

    const client = await signedInClient(a, user);
    const started = await client.post('/api/me/exports');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', downloadUrl: null });
    await a.app.get(DataExportService).settled();

    // Another instance, same session: the job and the file are in the database.
    const onB = b.client();
    client.cookies.forEach((v, k) => onB.cookies.set(k, v));
    const job = await onB.get(`/api/me/exports/${started.body.id}`);
    expect(job.body).toMatchObject({ status: 'ready', progress: 100, downloadUrl: `/api/me/exports/${started.body.id}/download` });
    const file = await onB.get(job.body.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="tzapi-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(file.text);

    expect(data.profile).toMatchObject({ id: user.id, email: user.email, firstName: 'Katherine', lastName: 'Johnson', plan: 'free' });
    expect(data.profile.passwordHash).toBeUndefined();
    expect(data.apiKeys).toEqual([expect.objectContaining({ id: keyId, name: 'Orbit', maskedKey: `${key.slice(0, 13)}…${key.slice(-4)}` })]);
    expect(file.text).not.toContain(key);
    expect(data.invoices).toEqual([]);
    expect(data.usageRecords.map((r: { endpoint: string; statusCode: number }) => [r.endpoint, r.statusCode])).toEqual([
      ['/api/time/current', 400],
      ['/api/time/current', 200],
      ['/api/time/utc', 200],
    ]);
  });

  it('a busy account: the file is built and read back in pieces and is one valid JSON document', async () => {
    const user = await createUser(a);
    const { id: keyId } = await createApiKey(a, user);
    const rows: UsageRow[] = Array.from({ length: 12_001 }, (_, i) => ({
      timestamp: Date.now() - 86_400_000 + i * 5000,
      userId: user.id,
      keyId,
      endpoint: '/api/time/utc',
      method: 'GET',
      statusCode: 200,
      responseMs: 1,
      ipAddress: '198.51.100.4',
    }));
    await a.app.get(UsageStore).write(rows);
    const client = await signedInClient(a, user);
    const started = (await client.post('/api/me/exports')).body;
    await a.app.get(DataExportService).settled();
    const parts = await a.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(`select count(*) as n from data_export_parts where export_id = ?`, [started.id]);
    expect(Number(parts[0].n)).toBe(5); // head, three usage batches, tail
    const data = JSON.parse((await client.get(`/api/me/exports/${started.id}/download`)).text);
    expect(data.usageRecords).toHaveLength(12_001);
    expect(data.usageRecords[0].timestamp > data.usageRecords[12_000].timestamp).toBe(true);
  });

  it("another account's export is 404; an unfinished one is 409", async () => {
    const owner = await createUser(a);
    const client = await signedInClient(a, owner);
    const started = (await client.post('/api/me/exports')).body;
    await a.app.get(DataExportService).settled();
    const stranger = await signedInClient(a, await createUser(a));
    expect((await stranger.get(`/api/me/exports/${started.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/me/exports/${started.id}/download`)).status).toBe(404);
    expect((await client.get('/api/me/exports/nope')).body.code).toBe('not_found');
    await a.orm.em.fork().getConnection().execute(`update data_exports set status = 'running' where id = ?`, [started.id]);
    const notReady = await client.get(`/api/me/exports/${started.id}/download`);
    expect([notReady.status, notReady.body.code]).toEqual([409, 'export_not_ready']);
  });
});
