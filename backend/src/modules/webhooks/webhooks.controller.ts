import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { NotFoundException } from '@nestjs/common';
import { User } from '../accounts/user.entity.js';
import { Authenticated, CurrentUser } from '../auth/authenticated.js';
import { ChangeNotices } from './change-notices.js';
import type { ChangeNoticeView, NoticeZone } from './change-notices.js';
import { CreateWebhookDto, PinPreviewQueryDto, UpdateWebhookDto } from './dto/webhooks.dto.js';
import {
  ChangeNoticesResponse,
  PinPreviewResponse,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
} from './dto/webhooks.responses.js';
import { WebhooksService } from './webhooks.service.js';
import type { WebhookDeliveryView, WebhookEndpointView } from './webhooks.service.js';

const PLAN = { description: 'Not an Enterprise account (problem+json, code `webhooks_plan_required`)' };
const NOT_FOUND = { description: 'No such endpoint of yours (problem+json, code `webhook_not_found`)' };
const URL_REFUSED = {
  description: 'URL not https, unresolvable, or resolving to a private, loopback or link-local address (problem+json, code `webhook_url_refused`)',
};

@ApiTags('Webhooks')
@Controller('webhooks')
@Authenticated()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: 'Your webhook endpoints', description: 'Enterprise plan. Newest first; secrets are never answered again.' })
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  @ApiForbiddenResponse(PLAN)
  list(@CurrentUser() user: User): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(user.id);
  }

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Add a webhook endpoint', description: 'Answers the signing secret once, in `secret`. The URL is checked after DNS resolution.' })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretResponse })
  @ApiBadRequestResponse({ description: 'Malformed body or unknown event (problem+json, code `validation_failed`)' })
  @ApiForbiddenResponse(PLAN)
  @ApiUnprocessableEntityResponse(URL_REFUSED)
  create(@CurrentUser() user: User, @Body() body: CreateWebhookDto) {
    return this.webhooks.create(user.id, body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edit, pause or resume a webhook endpoint' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiUnprocessableEntityResponse(URL_REFUSED)
  update(@CurrentUser() user: User, @Param('id') id: string, @Body() body: UpdateWebhookDto): Promise<WebhookEndpointView> {
    return this.webhooks.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint', description: 'With its delivery log.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse(NOT_FOUND)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<void> {
    await this.webhooks.remove(user.id, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Rotate the signing secret', description: 'The new secret is answered once; the old one stops signing at once.' })
  @ApiOkResponse({ type: WebhookEndpointWithSecretResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  rotate(@CurrentUser() user: User, @Param('id') id: string) {
    return this.webhooks.rotateSecret(user.id, id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a test event',
    description: 'A signed `webhook.test` event, delivered and retried like any other; follow it in the deliveries.',
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  test(@CurrentUser() user: User, @Param('id') id: string): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(user.id, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: "An endpoint's deliveries",
    description: 'Newest first (50), each with its attempts: time, status code, duration and the first 1 KB of the answer.',
  })
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  @ApiNotFoundResponse(NOT_FOUND)
  deliveries(@CurrentUser() user: User, @Param('id') id: string): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(user.id, id);
  }

  @Post('deliveries/:deliveryId/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Resend a delivery', description: 'The same message (same webhook-id) as a new delivery.' })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse({ description: 'No such delivery of yours (problem+json, code `webhook_delivery_not_found`)' })
  resend(@CurrentUser() user: User, @Param('deliveryId') deliveryId: string): Promise<WebhookDeliveryView> {
    return this.webhooks.resend(user.id, deliveryId);
  }
}

@ApiTags('Change notices')
@Controller('change-notices')
@Authenticated()
export class ChangeNoticesController {
  constructor(private readonly notices: ChangeNotices) {}

  @Get()
  @ApiOperation({
    summary: 'Change notices to show',
    description: 'Releases that changed zones your requests used in the last 30 days, not dismissed yet (the dashboard banner).',
  })
  @ApiOkResponse({ type: ChangeNoticesResponse })
  async list(@CurrentUser() user: User): Promise<{ notices: ChangeNoticeView[] }> {
    return { notices: await this.notices.open(user.id) };
  }

  @Get('pin-preview')
  @ApiOperation({
    summary: 'What moving a pin would change',
    description:
      'The zones your requests used in the last 30 days whose answers differ between two stored releases in the next 24 months: what moving a key pinned to `from` to `to` would change.',
  })
  @ApiOkResponse({ type: PinPreviewResponse })
  @ApiBadRequestResponse({ description: 'from or to is not a release version (problem+json, code `validation_failed`)' })
  @ApiNotFoundResponse({ description: 'A release this server has not stored (problem+json, code `unknown_release`)' })
  pinPreview(@CurrentUser() user: User, @Query() query: PinPreviewQueryDto): Promise<{ from: string; to: string; zones: NoticeZone[] }> {
    return this.notices.pinPreview(user.id, query.from, query.to);
  }

  @Post(':id/dismiss')
  @HttpCode(204)
  @ApiOperation({ summary: 'Dismiss a change notice banner' })
  @ApiNoContentResponse({ description: 'Dismissed' })
  @ApiNotFoundResponse({ description: 'No such notice of yours (problem+json, code `not_found`)' })
  async dismiss(@CurrentUser() user: User, @Param('id') id: string): Promise<void> {
    if (!(await this.notices.dismiss(user.id, id))) throw new NotFoundException();
  }
}
