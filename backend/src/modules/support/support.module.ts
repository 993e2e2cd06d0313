import { Module } from '@nestjs/common';
import { SupportController } from './support.controller.js';
import { SupportService } from './support.service.js';
import { SupportRepository } from './support.repository.js';

/** The contact form: messages stored (SupportMessage, listed by the admin console) and mailed to SUPPORT_EMAIL. */
@Module({
  controllers: [SupportController],
  providers: [SupportService, SupportRepository],
  exports: [SupportService, SupportRepository],
})
export class SupportModule {}
