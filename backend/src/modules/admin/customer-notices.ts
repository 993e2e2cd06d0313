import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import type { User } from '../accounts/user.entity.js';
import { MailService } from '../mail/mail.service.js';
import { consoleChangeMail } from '../mail/mail.templates.js';
import type { ConsoleChange } from '../mail/mail.templates.js';
import type { AdminRepository } from './admin.repository.js';

/** The customer hears of every change a super admin makes to their keys, plan, limits or block state. */
@Injectable()
export class CustomerNotices {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Queued in the change's transaction (the mail outbox): sent if and only if the change commits. A closed account has no address. */
  async changed(user: Pick<User, 'email' | 'closedAt'>, change: ConsoleChange, tx: AdminRepository): Promise<void> {
    if (user.closedAt) return;
    const urls = { dashboardUrl: `${this.config.appUrl}/dashboard`, supportUrl: `${this.config.appUrl}/support` };
    await this.mail.queue({ to: user.email, ...consoleChangeMail({ change, ...urls }) }, { em: tx.unitOfWork });
  }
}
