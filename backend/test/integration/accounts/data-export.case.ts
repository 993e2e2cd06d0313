import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { JobQueue, jobIdFor } from '../../../src/modules/jobs/job-queue.js';
import { DataExportService, EXPORT_QUEUE } from '../../../src/modules/self-service/data-export.service.js';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

// An export is a job: on a busy 2-core machine a run of them can take minutes. Awaited state, not a speed.
jest.setTimeout(180_000);

describe('export my data', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: TestApp;
  let b: TestApp;
  // A database of its own: the run's other suites take the usage tables away on purpose (an outage, a retention pass),
  // and an export reads them.
  beforeAll(async () => {
    db = await isolatedDatabase();
    a = await createTestApp({ DATABASE_URL: db.url });
    b = await createTestApp({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
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
    await a.app.get(UsageRepository).ensurePartitions(4, 1);
    await a.app.get(UsageRepository).write([old]);
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
    await a.app.get(UsageRepository).write(rows);
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

  it('an export whose job the engine no longer holds (an operator discarded it) reads failed, not running for ever', async () => {
    const owner = await createUser(a);
    const client = await signedInClient(a, owner);
    // An export whose job waits an hour, so no worker takes it while the test looks.
    const id = randomUUID();
    const jobs = a.app.get(JobQueue);
    const em = a.orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute(`insert into data_exports (id, user_id, status, progress) values (?, ?, 'running', 0)`, [id, owner.id]);
      await jobs.send(EXPORT_QUEUE, { exportId: id, userId: owner.id }, { em: tx, key: id, startAfter: 3600 });
    });
    expect((await client.get(`/api/me/exports/${id}`)).body).toMatchObject({ status: 'running', downloadUrl: null });

    await jobs.engine.deleteJob(EXPORT_QUEUE, jobIdFor(EXPORT_QUEUE, id));
    // Read from the other instance: the row itself now says failed.
    const onB = b.client();
    client.cookies.forEach((v, k) => onB.cookies.set(k, v));
    expect((await onB.get(`/api/me/exports/${id}`)).body).toMatchObject({ status: 'failed', downloadUrl: null });
    const [row] = await em.execute<{ status: string; error: string }[]>(`select status, error from data_exports where id = ?`, [id]);
    expect(row).toEqual({ status: 'failed', error: 'the build ended (job gone)' });
    expect((await client.get(`/api/me/exports/${id}/download`)).body.code).toBe('export_not_ready');
    await a.app.get(DataExportService).settled(5000);
  });

  it('an export whose job failed for good is built when an operator retries the job in the console, and downloads', async () => {
    const owner = await createUser(a, { firstName: 'Grace' });
    const client = await signedInClient(a, owner);
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const id = randomUUID();
    const jobId = jobIdFor(EXPORT_QUEUE, id);
    const jobs = a.app.get(JobQueue);
    const em = a.orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute(`insert into data_exports (id, user_id, status, progress) values (?, ?, 'running', 0)`, [id, owner.id]);
      await jobs.send(EXPORT_QUEUE, { exportId: id, userId: owner.id }, { em: tx, key: id, startAfter: 3600 });
    });
    // Its last attempt fails, as one lost with its process does: the job is failed for good, and the export reads so.
    await em.execute(`update ${jobs.schema}.job set state = 'failed', completed_on = now(), start_after = now() where id = ?`, [jobId]);
    expect((await client.get(`/api/me/exports/${id}`)).body).toMatchObject({ status: 'failed', downloadUrl: null });

    const retried = await admin.post(`/api/admin/jobs/${jobId}/retry`);
    expect([retried.status, retried.body.state]).toEqual([200, 'retry']);
    // From the retry on, the export reads running again (on either instance), then ready.
    expect((await client.get(`/api/me/exports/${id}`)).body.status).toMatch(/^(running|ready)$/);
    await a.app.get(DataExportService).settled();
    expect((await client.get(`/api/me/exports/${id}`)).body).toMatchObject({ status: 'ready', progress: 100 });
    const file = await client.get(`/api/me/exports/${id}/download`);
    expect(file.status).toBe(200);
    expect(JSON.parse(file.text).profile).toMatchObject({ email: owner.email, firstName: 'Grace' });
  });
});
