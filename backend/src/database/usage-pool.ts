import { MikroORM } from '@mikro-orm/postgresql';
import type { FactoryProvider } from '@nestjs/common';
import pg from 'pg';

/**
 * The usage writer's own small pg pool beside MikroORM's, a provider of its own (issue 47): the usage repositories
 * inject it by this token, and nothing reaches it through another class.
 *
 * Why its own pool: (1) the shutdown flush writes the last buffered rows after Nest has begun closing modules, and must
 * not depend on the ORM's pool still being open (usage-crash and shutdown specs); (2) the batch write is one
 * INSERT ... SELECT FROM unnest with array parameters, sent as one prepared statement on one connection, with no entity
 * mapping or identity map per row, and a burst of flushes on the hot path never takes a connection the requests' ORM
 * work is waiting for (5 connections of its own, 3 s connect, 5 s statement). Not yet measured against writing through
 * the ORM's connection: `npm run bench` (backend/bench/usage.js, metering under load) is the measure to run before
 * folding it into MikroORM's pool.
 */
export const USAGE_POOL = Symbol('USAGE_POOL');

export type UsagePool = pg.Pool;

/** One open transaction on the usage pool, as a command of another module joins it (keys' lastUsedAt). */
export type UsageTransaction = Pick<pg.PoolClient, 'query'>;

/** A pool on `connectionString` that nothing waits on for long: a connect gives up after 3 s, a statement after 5 s. */
export function openUsagePool(connectionString: string | undefined): UsagePool {
  const pool = new pg.Pool({
    connectionString,
    max: 5,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 3000,
    query_timeout: 5000,
    statement_timeout: 5000,
  });
  pool.on('error', () => undefined);
  // A connection dropped or confused (late answers after a timeout) while checked out reports an 'error' event: it
  // must not take the process down; a client that failed is closed when released with its error.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** The pool on the ORM's database (its `clientUrl`). */
export const usagePoolProvider: FactoryProvider<UsagePool> = {
  provide: USAGE_POOL,
  useFactory: (orm: MikroORM) => openUsagePool(orm.config.get('clientUrl')),
  inject: [MikroORM],
};

/**
 * Runs `work` in a transaction on one connection of `pool` (the writes, partitions, retention and kept stats all go
 * through here; `begin` may set its isolation, as the request log's reads of one snapshot do). After a failure the
 * connection may be broken or out of step with the server: it is closed, not reused.
 */
export async function usageTransaction<T>(pool: UsagePool, work: (client: pg.PoolClient) => Promise<T>, begin = 'begin'): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    failure = err as Error;
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release(failure);
  }
}

const closing = new WeakMap<UsagePool, Promise<void>>();

/** Ends the pool once: a second close (app.close() called twice) waits for the first instead of ending it again. */
export function endUsagePool(pool: UsagePool): Promise<void> {
  let ended = closing.get(pool);
  if (!ended) closing.set(pool, (ended = pool.end()));
  return ended;
}
