import pg from 'pg';
import type { INestApplication } from '@nestjs/common';

const HOOKS = ['onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown'] as const;

/** How long a close may take before the watch says what it is waiting for: well under jest's 60 s hook timeout. */
const REPORT_AFTER_MS = 15_000;

interface NestInternals {
  container: { getModules(): Map<string, { providers: Map<unknown, { instance?: unknown }> }> };
}

/**
 * Closes a test's app like app.close(), and when that takes longer than it should, prints what is still running: the
 * shutdown hooks that have not returned (by provider) and the database's sessions that are not idle, with what they
 * wait for. A close that hangs in CI then names its cause in the log instead of only jest's "Exceeded timeout".
 */
export async function closeWatched(app: INestApplication, databaseUrl: string): Promise<void> {
  const pending = new Map<string, number>();
  const started = Date.now();
  for (const module of (app as unknown as NestInternals).container.getModules().values()) {
    for (const wrapper of module.providers.values()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      for (const hook of HOOKS) {
        const original = instance[hook];
        if (typeof original !== 'function') continue;
        const name = `${instance.constructor?.name ?? 'provider'}.${hook}`;
        instance[hook] = async (...args: unknown[]) => {
          pending.set(name, Date.now());
          try {
            return await (original as (...a: unknown[]) => unknown).apply(instance, args);
          } finally {
            pending.delete(name);
          }
        };
      }
    }
  }
  const watch = setTimeout(() => void report(), REPORT_AFTER_MS);
  async function report(): Promise<void> {
    const hooks = [...pending].map(([name, since]) => `${name} (${Date.now() - since} ms)`);
    let sessions = '';
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      const { rows } = await client.query(
        `select pid, application_name, state, wait_event_type, wait_event, now() - query_start as running, left(query, 160) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      sessions = rows.map((r) => JSON.stringify(r)).join('\n  ');
    } catch (err) {
      sessions = `(could not read pg_stat_activity: ${(err as Error).message})`;
    } finally {
      await client.end().catch(() => undefined);
    }
    console.error(
      `app.close() still running after ${Date.now() - started} ms\n` +
        `hooks not returned: ${hooks.join(', ') || '(none: the HTTP server or a module outside the hooks)'}\n` +
        `database sessions not idle:\n  ${sessions || '(none)'}`,
    );
  }
  try {
    await app.close();
  } finally {
    clearTimeout(watch);
  }
}
