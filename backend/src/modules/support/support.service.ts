import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { User } from '../accounts/user.entity.js';
import { MailService } from '../mail/mail.service.js';
import { supportNotificationMail } from '../mail/mail.templates.js';
import type { CreateSupportMessageDto } from './dto/create-support-message.dto.js';
import { SupportMessage } from './support-message.entity.js';

/** Stores contact-form messages and mails each one to SUPPORT_EMAIL (reply-to the sender). */
@Injectable()
export class SupportService {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(input: CreateSupportMessageDto, userId: string | null): Promise<SupportMessage> {
    // The message and its forward to SUPPORT_EMAIL commit together: the forward is an outbox job, retried until it goes out.
    return this.em.fork().transactional(async (em) => {
      const message = em.create(SupportMessage, {
        name: input.name,
        email: input.email,
        category: input.category ?? 'other',
        subject: input.subject,
        message: input.message,
        user: userId ? em.getReference(User, userId) : null,
      });
      await em.flush();
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
        { em },
      );
      return message;
    });
  }
}
