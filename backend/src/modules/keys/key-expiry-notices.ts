import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { keyExpiryMail } from '../mail/mail.templates.js';
import { maskKey } from './key-codec.js';
import { KeysRepository } from './keys.repository.js';

/** How long before a key's expiry its owner is told. */
export const EXPIRY_NOTICE_MS = 7 * 86_400_000;
const QUEUE = 'key-expiry-notices';
/** Keys claimed per transaction; the scan repeats until none is left. */
const BATCH = 200;

/**
 * Mails a key's owner 7 days before the key expires, once: a scheduled job (every 15 minutes, once for the cluster)
 * claims the keys entering the last 7 days (`expiry_notice_sent_at`, set in the same statement) and queues their mails
 * in the same transaction, so a claimed key always has its mail in the outbox and no key is told twice. Changing the
 * expiry clears the claim (KeysService). The old key of a rotation with overlap is never told: its owner chose the end.
 */
@Injectable()
export class KeyExpiryNotices implements OnModuleInit {
  private readonly logger = new Logger('KeyExpiryNotices');

  constructor(
    private readonly keys: KeysRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      queue: QUEUE,
      schedule: '*/15 * * * *',
      options: { retryLimit: 3, retryDelay: 60 },
      handle: () => this.run().then(() => undefined),
    });
  }

  /** One scan: answers the ids of the keys whose notices it queued. */
  async run(now = new Date()): Promise<string[]> {
    const told: string[] = [];
    for (;;) {
      const queued = await this.keys.transaction(async (tx) => {
        const claimed = await tx.claimExpiring(now, EXPIRY_NOTICE_MS, BATCH);
        for (const key of claimed) {
          if (!key.email) continue;
          await this.mail.queue(
            {
              to: key.email,
              ...keyExpiryMail({ maskedKey: maskKey(key.prefix, key.lastFour), expiresAt: key.expiresAt, keysUrl: `${this.config.appUrl}/dashboard/api-keys` }),
            },
            { em: tx.unitOfWork, key: `key-expiry:${key.id}:${key.expiresAt.getTime()}` },
          );
        }
        return claimed.map((key) => key.id);
      });
      told.push(...queued);
      if (queued.length < BATCH) break;
    }
    if (told.length) this.logger.log(`Queued ${told.length} key expiry notice(s)`);
    return told;
  }
}
