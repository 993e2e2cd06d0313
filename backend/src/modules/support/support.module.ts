import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SupportController } from './support.controller.js';
import { SupportService } from './support.service.js';

/** The contact form: messages stored (SupportMessage, listed by the admin console) and mailed to SUPPORT_EMAIL. */
@Module({
  imports: [AuthModule],
  controllers: [SupportController],
  providers: [SupportService],
  exports: [SupportService],
})
export class SupportModule {}
