import { Global, Module } from '@nestjs/common';
import { ChangeNotices } from './change-notices.js';
import { ChangeNoticesController, WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/** Webhook endpoints and deliveries (Enterprise), and change notices. Global: features emit their events through WebhooksService. */
@Global()
@Module({
  controllers: [WebhooksController, ChangeNoticesController],
  providers: [WebhooksService, ChangeNotices],
  exports: [WebhooksService],
})
export class WebhooksModule {}
