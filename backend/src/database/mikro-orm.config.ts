import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

type OrmOptions = Parameters<typeof defineConfig>[0];

export function ormOptions(clientUrl: string, overrides: Partial<OrmOptions> = {}): OrmOptions {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: 20 },
    debug: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ...overrides,
  });
}
