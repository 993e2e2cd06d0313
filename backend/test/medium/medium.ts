import { randomBytes, randomUUID } from 'node:crypto';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ModuleMetadata } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import { CoreModule } from '../../src/common/core/core.module.js';
import { loadConfig } from '../../src/config/config.js';
import type { AppConfig } from '../../src/config/config.js';
import type { PlanId } from '../../src/config/plans.js';
import { ormOptions } from '../../src/database/mikro-orm.config.js';
import { runMigrations } from '../../src/database/migrate.js';
import { usagePoolProvider } from '../../src/database/usage-pool.js';
import { AccountStateModule } from '../../src/modules/accounts/account-state.module.js';
import { User } from '../../src/modules/accounts/user.entity.js';
import { AuditModule } from '../../src/modules/audit/audit.module.js';
import { ApiKey } from '../../src/modules/keys/api-key.entity.js';
import { KeyActivity } from '../../src/modules/keys/key-activity.js';
import { KeyActivityRepository } from '../../src/modules/keys/key-activity.repository.js';

/**
 * "Medium" tests, after immich's test/medium: one module's services from a Nest testing module, on the run's real
 * PostgreSQL (migrated), with no HTTP server, no Redis and nothing of the other modules but what the services inject.
 * They sit between a unit test of one class and the integration specs that drive the whole app over HTTP.
 */
export interface Medium {
  module: TestingModule;
  config: AppConfig;
  em: EntityManager;
  get<T>(token: abstract new (...args: never[]) => T): T;
  close(): Promise<void>;
}

/** What a usage repository on the usage writer's pool needs: the pool and keys' lastUsedAt command. */
export const USAGE_POOL_PROVIDERS = [usagePoolProvider, KeyActivity, KeyActivityRepository];

export async function mediumModule(metadata: ModuleMetadata): Promise<Medium> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run through jest (globalSetup)');
  await runMigrations(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: '.tmp/medium',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'error',
    DATABASE_URL: databaseUrl,
  });
  const module = await Test.createTestingModule({
    imports: [
      CoreModule.register(config),
      MikroOrmModule.forRoot({ ...ormOptions(databaseUrl), registerRequestContext: false }),
      AccountStateModule,
      AuditModule,
      ...(metadata.imports ?? []),
    ],
    providers: metadata.providers ?? [],
  })
    .setLogger({ log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} })
    .compile();
  await module.init();
  return {
    module,
    config,
    em: module.get(EntityManager),
    get: (token) => module.get(token, { strict: false }),
    close: async () => {
      await module.close();
      await module
        .get(MikroORM)
        .close(true)
        .catch(() => undefined);
    },
  };
}

/** An account written straight to the database (no password: the services under test do not sign in). */
export async function insertUser(em: EntityManager, fields: { plan?: PlanId; planGranted?: boolean } = {}): Promise<User> {
  const fork = em.fork();
  const user = fork.create(User, {
    email: `medium-${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Grace',
    lastName: 'Hopper',
    plan: fields.plan ?? 'free',
    planGranted: fields.planGranted ?? false,
    emailVerified: true,
  });
  await fork.flush();
  return user;
}

/** A key of the account written straight to the database (its secret fields are random: nothing here signs in with it). */
export async function insertApiKey(
  em: EntityManager,
  userId: string,
  fields: { name?: string; createdAt?: Date; idempotencyKey?: string; expiresAt?: Date | null; createdBy?: string } = {},
): Promise<ApiKey> {
  const fork = em.fork();
  const key = fork.create(ApiKey, {
    user: fork.getReference(User, userId),
    name: fields.name ?? 'Server',
    prefix: 'tzk_live_abcd',
    lastFour: 'wxyz',
    hash: randomBytes(32).toString('hex'),
    encrypted: 'sealed',
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    idempotencyKey: fields.idempotencyKey ?? null,
    expiresAt: fields.expiresAt ?? null,
    ...(fields.createdBy ? { createdBy: fork.getReference(User, fields.createdBy) } : {}),
  });
  await fork.flush();
  return key;
}
