import { rmSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown() {
  const state = globalThis.__tzapiTestDb;
  if (!state) return;
  if (state.adminUrl) {
    const client = new pg.Client({ connectionString: state.adminUrl });
    await client.connect();
    await client
      .query(`drop database if exists "${state.database}" with (force)`)
      .catch((err) => console.warn(`could not drop ${state.database}: ${err.message}`));
    await client.end();
  }
  if (state.server) await state.server.stop();
  if (state.redis) state.redis.kill('SIGTERM');
  rmSync(state.root, { recursive: true, force: true });
}
