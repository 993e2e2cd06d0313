import type { EntityManager } from '@mikro-orm/postgresql';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';

/**
 * The caller's unit of work, as another module's command joins it: an opaque handle that a service only passes on
 * (a repository's `unitOfWork`, a command's `em` option) and only a repository or the database module queries through.
 */
export type UnitOfWork = EntityManager;

/** The driver's handle of the open transaction `unitOfWork` is in (for pg-boss's transactional outbox), or undefined. */
export function openTransactionOf(unitOfWork: UnitOfWork | undefined): unknown {
  return unitOfWork?.isInTransaction() ? unitOfWork.getTransactionContext() : undefined;
}

/** Runs `next` in a request's own ORM context (a fork of the global unit of work for everything it loads). */
export type OrmRequestContext = (next: () => void) => void;

/** The app's ORM request context, for the request hooks of routes that are not sold. */
export function ormRequestContext(orm: MikroORM): OrmRequestContext {
  return (next) => RequestContext.create(orm.em, next);
}
