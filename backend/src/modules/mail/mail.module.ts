import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** Global so billing, admin and support can inject MailService without importing this module. */
@Global()
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
