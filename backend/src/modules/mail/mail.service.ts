import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';

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

/**
 * Sends mail with nodemailer over SMTP_URL. Without SMTP_URL, the dev mailbox: each message is built as a raw
 * RFC 822 message and written to `${dataDir}/mail/*.eml`, and its first link is logged, so sign-up works locally.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Sender;
  readonly mailboxDir: string | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.SMTP_URL) {
      this.transport = createTransport(config.SMTP_URL) as unknown as Sender;
      this.mailboxDir = null;
    } else {
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }) as unknown as Sender;
      this.mailboxDir = join(config.dataDir, 'mail');
    }
  }

  /** Sends one message; throws when the SMTP server refuses it or can't be reached. */
  async send(message: MailMessage): Promise<MailReceipt> {
    const info = await this.transport.sendMail({
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
    await writeFile(file, info.message as Buffer);
    // The log names the file, not the link: links carry tokens, and tokens never reach a log.
    this.logger.log(`Mail to ${message.to}: ${message.subject} — open ${file}${LINK.test(message.text) ? ' for its link' : ''}`);
    return { via: 'mailbox', messageId: info.messageId, file };
  }

  /** For mails that must not change the caller's answer (no account enumeration): logs a failure instead of throwing. */
  async trySend(message: MailMessage): Promise<boolean> {
    try {
      await this.send(message);
      return true;
    } catch (err) {
      this.logger.error(`Mail to ${message.to} (${message.subject}) failed: ${(err as Error).message}`);
      return false;
    }
  }

  onApplicationShutdown(): void {
    this.transport.close?.();
  }
}
