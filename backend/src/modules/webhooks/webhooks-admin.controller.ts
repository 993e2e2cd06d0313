import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.js';
import { FailingWebhookEndpointResponse, WebhookEndpointResponse } from './dto/webhooks.responses.js';
import { WebhookLogService } from './webhook-log.service.js';
import type { FailingEndpointView } from './webhook-log.service.js';
import type { WebhookEndpointView } from './webhook-views.js';

/** The console's view of webhooks: an account's endpoints with their health, and the endpoints failing now across accounts. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin')
export class WebhooksAdminController {
  constructor(private readonly log: WebhookLogService) {}

  @Get('users/:id/webhooks')
  @ApiOperation({ summary: "An account's webhook endpoints with their health (no secrets)" })
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  ofAccount(@Param('id') id: string): Promise<WebhookEndpointView[]> {
    return this.log.ofAccount(id);
  }

  @Get('webhook-endpoints/failing')
  @ApiOperation({ summary: 'Endpoints failing now or paused after failures, longest failing first, with their customers' })
  @ApiOkResponse({ type: [FailingWebhookEndpointResponse] })
  failing(): Promise<FailingEndpointView[]> {
    return this.log.failing();
  }
}
