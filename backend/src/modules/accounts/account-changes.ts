import type { EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/** One committed change of an account, as the key cache and the sessions read it. */
export interface AccountChange {
  userId: string;
  /** User properties the change wrote (plan, isBlocked, customHourlyQuota, ...); empty for a deletion. */
  fields: string[];
  isBlocked: boolean;
  closed: boolean;
  deleted: boolean;
}

export type AccountChangeListener = (change: AccountChange) => void | Promise<void>;

type Transaction = object;

/**
 * Announces committed changes of `users` rows once, after the outermost COMMIT (never from inside a transaction, so
 * a listener that re-reads the row sees the new state). One MikroORM subscriber sees every flush of a User; a nested
 * transaction (savepoint) hands its changes to its parent, a rollback drops them. The few raw-SQL writers inside
 * self-service (the closure) call `announce` after their commit.
 */
@Injectable()
export class AccountChanges implements OnModuleInit {
  private readonly logger = new Logger('AccountChanges');
  private readonly listeners: AccountChangeListener[] = [];
  /** Changes flushed inside a transaction, waiting for its commit. */
  private readonly pending = new WeakMap<Transaction, AccountChange[]>();
  /** Changes flushed outside any transaction (the flush's own implicit one), announced after that flush. */
  private readonly pendingFlush = new WeakMap<object, AccountChange[]>();
  /** A savepoint's parent transaction, so a released savepoint's changes wait for the outer commit. */
  private readonly parentOf = new WeakMap<Transaction, Transaction>();
  private readonly startingUnder = new WeakMap<object, Transaction>();

  constructor(private readonly users: UsersRepository) {}

  onModuleInit(): void {
    const subscriber: EventSubscriber<User> = {
      getSubscribedEntities: () => [User],
      onFlush: (args: FlushEventArgs) => this.collect(args),
      afterFlush: (args: FlushEventArgs) => this.afterFlush(args),
      beforeTransactionStart: (args: TransactionEventArgs) => {
        if (args.transaction) this.startingUnder.set(args.em, args.transaction);
      },
      afterTransactionStart: (args: TransactionEventArgs) => {
        const parent = this.startingUnder.get(args.em);
        this.startingUnder.delete(args.em);
        if (parent && args.transaction) this.parentOf.set(args.transaction, parent);
      },
      afterTransactionCommit: (args: TransactionEventArgs) => this.afterCommit(args.transaction),
      afterTransactionRollback: (args: TransactionEventArgs) => {
        if (args.transaction) this.pending.delete(args.transaction);
      },
    };
    // Forks share (or clone) the root event manager: a User flushed anywhere in the app is seen here.
    this.users.subscribe(subscriber);
  }

  listen(listener: AccountChangeListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener; called once per change, after the commit. A failing listener does not stop the others. */
  async announce(change: AccountChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (error) {
        this.logger.warn(`A listener failed on the change of account ${change.userId}: ${(error as Error).message}`);
      }
    }
  }

  private collect(args: FlushEventArgs): void {
    const found: AccountChange[] = [];
    for (const cs of args.uow.getChangeSets()) {
      if (!(cs.entity instanceof User) || (cs.type !== 'update' && cs.type !== 'delete')) continue;
      const user = cs.entity;
      const deleted = cs.type === 'delete';
      found.push({ userId: user.id, fields: deleted ? [] : Object.keys(cs.payload ?? {}), isBlocked: user.isBlocked, closed: user.closedAt !== null, deleted });
    }
    if (found.length === 0) return;
    const transaction = args.em.isInTransaction() ? (args.em.getTransactionContext() as Transaction | undefined) : undefined;
    if (transaction) this.pending.set(transaction, [...(this.pending.get(transaction) ?? []), ...found]);
    else this.pendingFlush.set(args.uow, [...(this.pendingFlush.get(args.uow) ?? []), ...found]);
  }

  private async afterFlush(args: FlushEventArgs): Promise<void> {
    const found = this.pendingFlush.get(args.uow);
    if (!found) return;
    this.pendingFlush.delete(args.uow);
    for (const change of found) await this.announce(change);
  }

  private async afterCommit(transaction: Transaction | undefined): Promise<void> {
    if (!transaction) return;
    const found = this.pending.get(transaction);
    this.pending.delete(transaction);
    if (!found) return;
    const parent = this.parentOf.get(transaction);
    // A released savepoint is not a commit: its changes wait for the outer transaction.
    if (parent) {
      this.pending.set(parent, [...(this.pending.get(parent) ?? []), ...found]);
      return;
    }
    for (const change of found) await this.announce(change);
  }
}

/** True when the change can alter what the key cache holds for the account's keys (plan, limits, block, closure). */
export function changesKeyAccess(change: AccountChange): boolean {
  return change.deleted || change.closed || change.fields.some((f) => KEY_FIELDS.has(f));
}

const KEY_FIELDS = new Set(['plan', 'isBlocked', 'customHourlyQuota', 'customBurstPerSecond', 'closedAt']);
