import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/config.js';
import { runMigrations } from './database/migrate.js';
import { resolveDatabase } from './database/resolve-database.js';

async function main(): Promise<void> {
  const logger = new Logger('Main');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const db = await resolveDatabase(config, (line) => logger.log(line));
  let closing = false;
  const shutdown = async (signal: string, app?: { close(): Promise<void> }) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: shutting down`);
    try {
      await app?.close();
    } finally {
      await db.stop();
      process.exit(0);
    }
  };
  try {
    const applied = await runMigrations(db.url);
    if (applied.length) logger.log(`Applied migrations: ${applied.join(', ')}`);
    const app = await createApp(config, db.url);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal, app));
    await app.listen({ port: config.PORT, host: config.HOST });
    logger.log(`TimeZone API listening on ${config.appUrl} (Swagger UI at ${config.appUrl}/api/docs)`);
  } catch (err) {
    logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    await db.stop();
    process.exit(1);
  }
}

void main();
