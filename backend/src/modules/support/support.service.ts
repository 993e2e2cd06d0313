import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { supportNotificationMail } from '../mail/mail.templates.js';
import type { CreateSupportMessageDto } from './dto/create-support-message.dto.js';
import { SupportMessage } from './support-message.entity.js';
import { SupportRepository } from './support.repository.js';

/** Stores contact-form messages and mails each one to SUPPORT_EMAIL (reply-to the sender). */
@Injectable()
export class SupportService {
  constructor(
    private readonly repository: SupportRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(input: CreateSupportMessageDto, userId: string | null): Promise<SupportMessage> {
    // The message and its forward to SUPPORT_EMAIL commit together: the forward is an outbox job, retried until it goes out.
    return this.repository.transaction(async (tx) => {
      const message = tx.create(
        { name: input.name, email: input.email, category: input.category ?? 'other', subject: input.subject, message: input.message },
        userId,
      );
      await tx.flush();
      await this.mail.queue(
        {
          to: this.config.SUPPORT_EMAIL,
          replyTo: message.email,
          ...supportNotificationMail({
            id: message.id,
            name: message.name,
            email: message.email,
            category: message.category,
            subject: message.subject,
            message: message.message,
            userId,
            adminUrl: `${this.config.appUrl}/admin`,
          }),
        },
        { em: tx.unitOfWork },
      );
      return message;
    });
  }
}
