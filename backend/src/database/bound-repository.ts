import type { EntityManager } from '@mikro-orm/postgresql';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * The one way a service commits a unit of work without holding an EntityManager (issue 47, after immich's
 * server/src/repositories): a repository is bound to one unit of work (a fork, or a transaction), `fork()` and
 * `transaction(fn)` hand the service a repository bound to a fresh one, and `unitOfWork` is the opaque handle the
 * service passes on to another module's command that must commit with it (the mail outbox, the job queue, accounts). Every repository that commits a unit of work extends it.
 * A repository holds queries only, no rule of its module's.
 */
export abstract class BoundRepository {
  constructor(protected readonly em: EntityManager) {}

  /** The same repository over another unit of work. */
  protected abstract bind(em: EntityManager): this;

  /** A repository on a fresh unit of work (its own identity map), for a read-change-flush sequence. */
  fork(): this {
    return this.bind(this.em.fork());
  }

  /** Runs `work` in a new transaction, on a repository bound to it: everything it does commits together or not at all. */
  transaction<T>(work: (tx: this) => Promise<T>): Promise<T> {
    return this.em.fork().transactional((tx) => work(this.bind(tx)));
  }

  /** The same repository joined to another repository's unit of work (a transaction across two modules' tables). */
  joining(unitOfWork: UnitOfWork): this {
    return this.bind(unitOfWork);
  }

  /**
   * Runs `work` in `unitOfWork`'s transaction when it has one, in a new transaction of `unitOfWork` when it has none,
   * or in a new transaction of its own when no unit of work is given (a command that may join its caller's).
   */
  within<T>(unitOfWork: UnitOfWork | undefined, work: (tx: this) => Promise<T>): Promise<T> {
    if (!unitOfWork) return this.transaction(work);
    return unitOfWork.isInTransaction() ? work(this.joining(unitOfWork)) : unitOfWork.transactional((tx) => work(this.joining(tx)));
  }

  /** Writes the changes made to the entities this repository loaded or created. */
  async flush(): Promise<void> {
    await this.em.flush();
  }

  /** The unit of work this repository is bound to, for another module's command that joins it (never queried here). */
  get unitOfWork(): UnitOfWork {
    return this.em;
  }
}
