import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { TestClient } from '../../support/http.js';
import { buildBackend, freshDatabase, queryOne, startServer, waitFor, type ServerProcess } from '../../support/processes.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const SECRET = 'crash-test-secret-crash-test-secret-0123456789';
const ROWS = 60_000;

/** A data export whose server process is SIGKILLed part-way is finished by another instance, once and whole. */
describe('a job whose process dies part-way', () => {
  let db: { url: string; drop(): Promise<void> };
  let server: ServerProcess | undefined;
  let second: TestApp | undefined;
  let session: [string, string][];
  let userId: string;

  beforeAll(async () => {
    buildBackend();
    db = await freshDatabase('jobcrash');
    const setup = await createTestApp({ DATABASE_URL: db.url, APP_SECRET: SECRET, JOBS_SCHEMA: 'pgboss' });
    try {
      const user = await createUser(setup);
      userId = user.id;
      const { id: keyId } = await createApiKey(setup, user);
      const rows: UsageRow[] = Array.from({ length: ROWS }, (_, i) => ({
        timestamp: Date.now() - 80_000_000 + i * 500,
        userId: user.id,
        keyId,
        endpoint: '/api/time/utc',
        method: 'GET',
        statusCode: 200,
        responseMs: 1,
        ipAddress: null,
      }));
      await setup.app.get(UsageRepository).write(rows);
      session = [...(await signedInClient(setup, user)).cookies.entries()];
    } finally {
      await setup.close();
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await second?.close();
    await db?.drop();
  });

  it('an export killed with its process completes on a second instance, and the file holds every row once', async () => {
    const dataDir = join(process.env.TEST_DATA_ROOT!, `jobcrash-${process.pid}`);
    mkdirSync(dataDir, { recursive: true });
    server = await startServer({ DATABASE_URL: db.url, DATA_DIR: dataDir, APP_SECRET: SECRET, LOG_LEVEL: 'warn' });
    const onServer = new TestClient(server.url);
    session.forEach(([k, v]) => onServer.cookies.set(k, v));
    const started = await onServer.post('/api/me/exports');
    expect(started.status).toBe(202);
    const id: string = started.body.id;

    // Part-way: some of the file is written, not all of it.
    await waitFor(
      'the export to be under way',
      async () => {
        const row = await queryOne<{ progress: number }>(db.url, `select progress from data_exports where id = $1`, [id]);
        return row.progress >= 10;
      },
      60_000,
      10,
    );
    server.child.kill('SIGKILL');
    await server.exited;
    const atKill = await queryOne<{ status: string; progress: number }>(db.url, `select status, progress from data_exports where id = $1`, [id]);
    expect(atKill.status).toBe('running');
    expect(atKill.progress).toBeLessThan(100);

    // Another instance takes the job over once the dead one's heartbeat is missed.
    second = await createTestApp({ DATABASE_URL: db.url, APP_SECRET: SECRET, JOBS_SCHEMA: 'pgboss', JOBS_SUPERVISE_SECONDS: '1', JOBS_POLL_MS: '500' });
    const client = second.client();
    session.forEach(([k, v]) => client.cookies.set(k, v));
    const ready = await waitFor(
      'the export to be ready',
      async () => {
        const job = await client.get(`/api/me/exports/${id}`);
        return job.body.status === 'ready' ? job.body : undefined;
      },
      120_000,
      200,
    );
    expect(ready).toMatchObject({ progress: 100, downloadUrl: `/api/me/exports/${id}/download` });

    const file = await client.get(ready.downloadUrl);
    const data = JSON.parse(file.text);
    expect(data.profile.id).toBe(userId);
    expect(data.usageRecords).toHaveLength(ROWS);
    expect(new Set(data.usageRecords.map((r: { id: string }) => r.id)).size).toBe(ROWS);

    const job = await queryOne<{ state: string; retry_count: number }>(
      db.url,
      `select state::text as state, retry_count from pgboss.job where name = 'data-export' and data->>'exportId' = $1`,
      [id],
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
  });
});
