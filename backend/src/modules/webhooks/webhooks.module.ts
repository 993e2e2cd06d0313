import { Global, Module } from '@nestjs/common';
import { PLAN_CHANGE_EVENTS } from '../accounts/plan-change.port.js';
import { WebhookDeliveryJob } from './webhook-delivery.job.js';
import { WebhookLogRepository } from './webhook-log.repository.js';
import { WebhookLogService } from './webhook-log.service.js';
import { WebhooksAdminController } from './webhooks-admin.controller.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** Webhook endpoints and deliveries (Enterprise). Global: features emit their events through WebhooksService. */
@Global()
@Module({
  controllers: [WebhooksController, WebhooksAdminController],
  providers: [
    WebhooksService,
    WebhooksRepository,
    WebhookLogRepository,
    WebhookLogService,
    WebhookDeliveryJob,
    { provide: PLAN_CHANGE_EVENTS, useExisting: WebhooksService },
  ],
  exports: [WebhooksService, PLAN_CHANGE_EVENTS],
})
export class WebhooksModule {}
