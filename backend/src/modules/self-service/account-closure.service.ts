import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { ACCOUNT_BILLING } from '../accounts/account-billing.port.js';
import type { AccountBilling } from '../accounts/account-billing.port.js';
import { AccountChanges } from '../accounts/account-changes.js';
import type { User } from '../accounts/user.entity.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { IdentityCheck } from '../auth/identity-check.js';
import { AccountKeys } from '../keys/account-keys.js';
import { JobQueue } from '../jobs/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { UsageRecorder } from '../usage/usage.recorder.js';
import { accountClosedMail } from '../mail/mail.templates.js';
import { UsersRepository } from '../accounts/users.repository.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { SupportRepository } from '../support/support.repository.js';
import { AccountClosureRepository } from './account-closure.repository.js';
import { SelfServiceErrors } from './self-service.errors.js';

/** The address a closed account keeps: unique, undeliverable (RFC 2606 .invalid), and free for the old one to register again. */
export function tombstoneEmail(userId: string): string {
  return `closed-${userId}@closed.invalid`;
}

const ERASE_IPS_QUEUE = 'account-erase-ips';

export interface ClosureInput {
  email: string;
  password?: string;
  totp?: string;
}

/**
 * Closes an account the customer asked to close: the subscription ends through the payment gateway, every key stops
 * at once on every instance, every session ends, personal data is erased (name, e-mail, support messages, IP
 * addresses on usage rows) and what the law needs stays (invoices, usage rows until their 12 months run out).
 */
@Injectable()
export class AccountClosureService implements OnModuleInit {
  private readonly logger = new Logger('AccountClosure');

  constructor(
    private readonly repository: AccountClosureRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly auth: AuthRepository,
    private readonly support: SupportRepository,
    private readonly identity: IdentityCheck,
    @Inject(ACCOUNT_BILLING) private readonly billing: AccountBilling,
    private readonly changes: AccountChanges,
    private readonly mail: MailService,
    private readonly recorder: UsageRecorder,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: AccountKeys,
    private readonly trail: AuditTrail,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ userId: string }>({
      queue: ERASE_IPS_QUEUE,
      options: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
      handle: ({ userId }) => this.eraseIpAddresses(userId, true),
    });
  }

  /** Checks what the customer typed: the account's e-mail, the password (when it has one) and a second-factor code (when on). */
  async confirm(user: User, input: ClosureInput): Promise<void> {
    if (user.role === 'super_admin') throw SelfServiceErrors.superAdminCannotClose();
    if (input.email.trim().toLowerCase() !== user.email) throw SelfServiceErrors.emailMismatch();
    await this.identity.confirm(user, input);
  }

  async close(user: User, ip: string | null): Promise<void> {
    const userId = user.id;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const address = user.email;
    // The subscription must end before anything else: if the provider can't be reached (502), the account stays as it is.
    const subscriptionsEnded = await this.billing.endSubscriptions(userId);
    const closedAt = new Date();
    const tombstone = tombstoneEmail(userId);
    const keysRevoked = await this.repository.transaction(async (tx) => {
      // Each module erases its own tables, in the closure's transaction.
      const users = this.users.joining(tx.unitOfWork);
      await users.lockRow(userId);
      const revoked = await this.keys.eraseAll(userId, tx.unitOfWork);
      await users.eraseProfile(userId, tombstone, closedAt);
      await this.sessions.joining(tx.unitOfWork).deleteAllForUser(userId);
      await this.auth.joining(tx.unitOfWork).eraseAccount(userId);
      await tx.deleteExportsAndAlerts(userId);
      await this.support.joining(tx.unitOfWork).eraseAccount(userId, address);
      await this.trail.record(
        {
          actorId: userId,
          actorEmail: tombstone,
          action: 'user.close',
          targetType: 'user',
          targetId: userId,
          before: { plan: user.plan, closedAt: null },
          after: { plan: 'free', closedAt: closedAt.toISOString(), keysRevoked: revoked.length, subscriptionsEnded },
          ipAddress: ip?.slice(0, 64) ?? null,
        },
        tx.unitOfWork,
      );
      // The confirmation goes to the old address, queued in the closure's own transaction.
      await this.mail.queue({ to: address, ...accountClosedMail({ name, closedAt, privacyUrl: `${this.config.appUrl}/privacy` }) }, { em: tx.unitOfWork });
      // Rows answered just before the keys stopped may still wait in another instance's buffer with their IP address:
      // they are erased again once every instance has flushed its own (a job, so a crash here does not skip it).
      const flushed = Math.ceil((2 * this.config.USAGE_FLUSH_MS + 5000) / 1000);
      await this.jobs.send(ERASE_IPS_QUEUE, { userId }, { em: tx.unitOfWork, startAfter: flushed, key: `${userId}:${closedAt.getTime()}` });
      return revoked.length;
    });
    // Written in SQL, so announced here, after the commit: the key cache of every instance drops the account's keys
    // (the next request with one of them is unknown, 401) and its sessions end.
    await this.changes.announce({ userId, fields: ['email', 'emailVerified', 'closedAt'], isBlocked: user.isBlocked, closed: true, deleted: false });
    // Requests made just before the keys stopped may still wait in a writer's buffer with their IP address: this
    // instance's is written now (and the job queued above erases them again later).
    await this.recorder.flush();
    await this.eraseIpAddresses(userId);
    this.logger.log(`Account ${userId} closed (${keysRevoked} keys revoked, ${subscriptionsEnded} subscriptions ended)`);
  }

  /** As a job (`retried`), a failure is thrown so the engine retries it; right after the closure it is only logged. */
  private async eraseIpAddresses(userId: string, retried = false): Promise<void> {
    await this.repository.eraseIpAddresses(userId).catch((error: Error) => {
      this.logger.warn(`Erasing IP addresses of ${userId} failed: ${error.message}`);
      if (retried) throw error;
    });
  }
}
