// A database of the bench's own: a fresh one on DATABASE_URL's server (dropped by stop()) when it is set,
// else the embedded PostgreSQL under the bench's DATA_DIR.
import { createDatabaseIfMissing, dropDatabase } from '../dist/database/embedded-postgres.js';
import { resolveDatabase } from '../dist/database/resolve-database.js';

export async function benchDatabase(config, name) {
  if (!config.DATABASE_URL) return resolveDatabase(config, () => undefined);
  const server = new URL(config.DATABASE_URL);
  server.pathname = '/postgres';
  const adminUrl = server.toString();
  await createDatabaseIfMissing(adminUrl, name);
  server.pathname = `/${name}`;
  return { url: server.toString(), stop: () => dropDatabase(adminUrl, name) };
}
