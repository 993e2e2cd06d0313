// The built API (backend/dist) in its own process, with a user and an API key made for the bench.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from '../dist/app.factory.js';
import { PLANS } from '../dist/config/plans.js';
import { runMigrations } from '../dist/database/migrate.js';
import { benchConfig, benchDatabase } from './bench-db.js';
import { User } from '../dist/modules/accounts/user.entity.js';

// The bench measures the API's own cost: keep the key check and metering, lift the fair-use ceiling it would trip.
PLANS.enterprise.burstPerSecond = 1_000_000;

const { config, dataDir, ownDir } = benchConfig('api');
const db = await benchDatabase(config, `tzapi_bench_api_${process.pid}`);
let app;
let stopping = false;
// The bench disconnects and may also send SIGTERM: the server stops once.
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app?.close().catch(() => undefined);
  await db.stop().catch(() => undefined);
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  await runMigrations(db.url);
  app = await createApp(config, db.url, { logger: ['fatal', 'error'] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The server warms its zone caches in the background after start; the bench measures the warmed server.
  const { TimeEngine } = await import('../dist/modules/timezone/engine/time-engine.js');
  await app.get(TimeEngine).warmUp(Date.now(), Number.MAX_SAFE_INTEGER);
  const em = app.get(MikroORM).em.fork();
  const user = em.create(User, {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    firstName: 'Bench',
    lastName: 'Runner',
    passwordHash: '!',
    plan: 'enterprise',
    role: 'user',
    emailVerified: true,
    isBlocked: false,
  });
  await em.flush();
  let key = '';
  try {
    const { KeysService } = await import('../dist/modules/keys/keys.service.js');
    ({ key } = await app.get(KeysService).create(user.id, { name: 'bench', ipRestrictions: [], urlRestrictions: [] }));
  } catch (err) {
    console.error(`No API key for the bench (${err instanceof Error ? err.message : String(err)}); calling without one.`);
  }
  process.send?.({ port: app.getHttpServer().address().port, key });
} catch (err) {
  console.error(err);
  await db.stop().catch(() => undefined);
  process.exit(1);
}
