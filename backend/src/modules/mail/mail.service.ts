import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { JobQueue, backoffForHours } from '../jobs/job-queue.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';

/** The reserved address of an organisation's account (`org-<id>@organisations.invalid`). */
const ORGANISATION_ADDRESS = /^org-([0-9a-f-]{36})@organisations\.invalid$/;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** What a send did: over SMTP, or written to the dev mailbox (then `file` is the .eml path). */
export interface MailReceipt {
  via: 'smtp' | 'mailbox';
  messageId: string;
  file?: string;
}

type Sender = { sendMail(message: Record<string, unknown>): Promise<{ messageId: string; message?: unknown }>; close?(): void };

const LINK = /https?:\/\/[^\s<>"')]+/;

/** The mail outbox: every mail is a job of this queue. */
export const MAIL_QUEUE = 'mail';

export interface QueueMailOptions {
  /** Inside this unit of work's open transaction: the mail is queued if and only if the change that causes it commits. */
  em?: UnitOfWork;
  /** Idempotency key: the same mail queued twice (a replayed webhook, a retried request) is sent once. */
  key?: string;
}

/**
 * Sends mail with nodemailer over SMTP_URL. Without SMTP_URL, the dev mailbox: each message is built as a raw
 * RFC 822 message and written to `${dataDir}/mail/*.eml`, and its first link is logged, so sign-up works locally.
 *
 * Features never send directly: `queue` makes each mail a job of the outbox (MAIL_QUEUE), in the caller's transaction
 * when it has one, and whichever instance claims the job sends it, retrying with exponential backoff for
 * MAIL_RETRY_HOURS (then the job is failed and shown in the console's Jobs page for a retry).
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Sender;
  readonly mailboxDir: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly memberships: MembershipsRepository,
  ) {
    if (config.SMTP_URL) {
      this.transport = createTransport(config.SMTP_URL) as unknown as Sender;
      this.mailboxDir = null;
    } else {
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }) as unknown as Sender;
      this.mailboxDir = join(config.dataDir, 'mail');
    }
  }

  onModuleInit(): void {
    const { MAIL_RETRY_DELAY_SECONDS: delay, MAIL_RETRY_MAX_DELAY_SECONDS: max, MAIL_RETRY_HOURS: hours } = this.config;
    this.jobs.define<MailMessage>({
      queue: MAIL_QUEUE,
      concurrency: 4,
      options: {
        ...backoffForHours(delay, max, hours),
        // An SMTP conversation that hangs this long is given up and retried (nodemailer's own timeouts are shorter).
        expireInSeconds: 300,
        // Kept a day after it is sent (its body carries links with tokens), failed ones two weeks for the console.
        deleteAfterSeconds: 24 * 3600,
        retentionSeconds: Math.ceil(hours * 3600) + 14 * 24 * 3600,
      },
      // The console shows who and what, never the body with its links.
      describe: (message) => ({ to: message.to, subject: message.subject }),
      // The Message-ID is the job's: a retry after a send whose answer was lost carries the same id, so the receiving
      // side can tell a duplicate.
      handle: async (message, attempt) => {
        try {
          await this.send(message, `<${attempt.id}@tzapi.jobs>`);
        } catch (err) {
          this.logger.warn(
            `Mail to ${message.to} (${message.subject}) failed on attempt ${attempt.retryCount + 1}, it will be retried: ${(err as Error).message}`,
          );
          throw err;
        }
      },
    });
  }

  /** Puts one mail in the outbox; it is sent by a worker on any instance, and retried until it goes out. */
  async queue(message: MailMessage, options: QueueMailOptions = {}): Promise<void> {
    for (const to of await this.recipients(message.to)) await this.jobs.send(MAIL_QUEUE, { ...message, to }, options);
  }

  /**
   * An organisation's account has a reserved address that no mail reaches (issue 51): a mail to the account goes to
   * its owners, admins and billing members instead, one message each. Any other address is itself.
   */
  private async recipients(to: string): Promise<string[]> {
    const organisation = ORGANISATION_ADDRESS.exec(to);
    if (!organisation) return [to];
    return this.memberships.fork().addresses(organisation[1], ['owner', 'admin', 'billing']);
  }

  /** Sends one message now; throws when the SMTP server refuses it or can't be reached. The outbox's worker calls it. */
  async send(message: MailMessage, messageId?: string): Promise<MailReceipt> {
    const info = await this.transport.sendMail({
      ...(messageId !== undefined && { messageId }),
      from: this.config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined && { html: message.html }),
      ...(message.replyTo !== undefined && { replyTo: message.replyTo }),
    });
    if (!this.mailboxDir) return { via: 'smtp', messageId: info.messageId };

    await mkdir(this.mailboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const slug = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 80);
    // Dots between the parts: the log's redaction takes any 40-character run of letters, digits and dashes for a token.
    const file = join(this.mailboxDir, `${stamp}.${Math.random().toString(36).slice(2, 8)}.${slug}.eml`);
    // Written under another name, then renamed: whoever lists the mailbox sees a message whole or not at all (a reader
    // once found an .eml still empty), and a send cut short by a crash leaves no half message (its retry writes it again).
    await writeFile(`${file}.partial`, info.message as Buffer);
    await rename(`${file}.partial`, file);
    // The log names the file, not the link: links carry tokens, and tokens never reach a log.
    this.logger.log(`Mail to ${message.to}: ${message.subject} — open ${file}${LINK.test(message.text) ? ' for its link' : ''}`);
    return { via: 'mailbox', messageId: info.messageId, file };
  }

  onApplicationShutdown(): void {
    this.transport.close?.();
  }
}
