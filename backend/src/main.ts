import './config/dotenv.js';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory.js';
import { Lifecycle } from './common/core/lifecycle.js';
import { redactForLog } from './common/logging/redact.js';
import { ConfigError, loadConfig } from './config/config.js';
import { DOTENV_FILE, dotenvLoaded } from './config/dotenv.js';
import type { AppConfig } from './config/config.js';
import { runMigrations } from './database/migrate.js';
import { resolveDatabase } from './database/resolve-database.js';
import type { DatabaseHandle } from './database/resolve-database.js';
import { UsageRecorder } from './modules/usage/usage.recorder.js';

const logger = new Logger('Main');

/**
 * The one shutdown sequence, on SIGTERM or SIGINT: readiness goes 503 and new requests are refused, requests under way
 * finish, usage and lastUsedAt are flushed (left in DATA_DIR/usage-wal if the database is away), PostgreSQL and Redis are
 * closed, the embedded server (if any) is stopped last, and the process exits 0, all within SHUTDOWN_TIMEOUT_MS.
 */
function installShutdown(config: AppConfig, db: DatabaseHandle, app: () => NestFastifyApplication | undefined): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const deadline = started + config.SHUTDOWN_TIMEOUT_MS;
    logger.log(`${signal}: shutting down (at most ${config.SHUTDOWN_TIMEOUT_MS} ms)`);
    let code = 0;
    const current = app();
    // Requests still open 3 s before the deadline lose their connection (Lifecycle, on every close).
    // The last resort: whatever still hangs at the deadline does not keep the process alive; unwritten usage is spooled.
    setTimeout(() => {
      logger.error(`Shutdown did not finish within ${config.SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      try {
        current?.get(UsageRecorder, { strict: false }).spoolNow();
      } finally {
        process.exit(1);
      }
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      current?.get(Lifecycle).beginShutdown(deadline);
      await current?.close();
    } catch (err) {
      code = 1;
      logger.error(`Shutdown failed: ${redactForLog(err)}`);
    }
    await db.stop().catch((err: unknown) => logger.error(`Stopping the embedded PostgreSQL failed: ${redactForLog(err)}`));
    logger.log(`Stopped in ${Date.now() - started} ms`);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (dotenvLoaded) logger.log(`Read ${DOTENV_FILE} (variables set in the environment win)`);
  // A dropped connection or a library's stray rejection is logged, never the end of the process (and of its buffers).
  process.on('unhandledRejection', (reason) => logger.error(`Unhandled rejection: ${redactForLog(reason)}`));
  const db = await resolveDatabase(config, (line) => logger.log(line)).catch((err: unknown) => {
    // No DATABASE_URL in a build without the embedded server (the production image): one clear line, exit 1.
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    // Anything else that stops the database from starting is one line too, not a stack trace.
    console.error(
      `The database could not be started: ${redactForLog(err)}${config.DATABASE_URL ? '' : ' (set DATABASE_URL to use a PostgreSQL server instead)'}`,
    );
    process.exit(1);
  });
  let app: NestFastifyApplication | undefined;
  installShutdown(config, db, () => app);
  try {
    const applied = await runMigrations(db.url);
    if (applied.length) logger.log(`Applied migrations: ${applied.join(', ')}`);
    app = await createApp(config, db.url);
    await app.listen({ port: config.PORT, host: config.HOST });
    logger.log(`TimeZone API listening on ${config.appUrl} (Swagger UI at ${config.appUrl}/api/docs), Node ${process.version}`);
  } catch (err) {
    logger.error(redactForLog(err, true));
    await app?.close().catch(() => undefined);
    await db.stop();
    process.exit(1);
  }
}

void main();
