import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { User } from '../accounts/user.entity.js';
import { Authenticated, CurrentAccount, CurrentUser, Permits } from '../auth/authenticated.js';
import { CreateWebhookDto, DeliveriesQuery, SendTestDto, UpdateWebhookDto, WebhookPageQuery } from './dto/webhooks.dto.js';
import { WEBHOOK_LIMITS } from './webhook-limits.js';
import {
  WebhookAttemptPageResponse,
  WebhookDeliveryPageResponse,
  WebhookDeliveryResponse,
  WebhookEndpointDetailResponse,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
} from './dto/webhooks.responses.js';
import { WebhookLogService } from './webhook-log.service.js';
import type { Page, WebhookAttemptView, WebhookEndpointDetailView } from './webhook-views.js';
import { WebhooksService } from './webhooks.service.js';
import type { WebhookDeliveryView, WebhookEndpointView } from './webhooks.service.js';

const PLAN = { description: 'Not an Enterprise account (problem+json, code `webhooks_plan_required`)' };
const NOT_FOUND = { description: 'No such endpoint of yours (problem+json, code `webhook_not_found`)' };
const { manualSendsPerEndpoint, manualSendsPerAccount, endpointsPerAccount } = WEBHOOK_LIMITS;
const THROTTLED = {
  description: `More than ${manualSendsPerEndpoint} test sends and resends a minute to this endpoint, or ${manualSendsPerAccount} for the account (problem+json, code \`webhook_sends_throttled\`, with Retry-After)`,
};
const URL_REFUSED = {
  description: 'URL not https, unresolvable, or resolving to a private, loopback or link-local address (problem+json, code `webhook_url_refused`)',
};

@ApiTags('Webhooks')
@Controller('webhooks')
@Authenticated()
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly log: WebhookLogService,
  ) {}

  @Get()
  @Permits('webhooks.read')
  @ApiOperation({ summary: 'Your webhook endpoints', description: 'Enterprise plan. Newest first; secrets are never answered again.' })
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  @ApiForbiddenResponse(PLAN)
  list(@CurrentAccount() user: User): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(user.id);
  }

  @Post()
  @Permits('webhooks.write')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Add a webhook endpoint', description: 'Answers the signing secret once, in `secret`. The URL is checked after DNS resolution.' })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretResponse })
  @ApiBadRequestResponse({ description: 'Malformed body or unknown event (problem+json, code `validation_failed`)' })
  @ApiForbiddenResponse(PLAN)
  @ApiUnprocessableEntityResponse(URL_REFUSED)
  @ApiConflictResponse({ description: `The account has ${endpointsPerAccount} endpoints already (problem+json, code \`webhook_endpoint_limit\`)` })
  async create(@CurrentAccount() user: User, @CurrentUser() actor: User, @Body() body: CreateWebhookDto) {
    return this.webhooks.create(user.id, body, actor);
  }

  @Get(':id')
  @Permits('webhooks.read')
  @ApiOperation({
    summary: 'One webhook endpoint with its health',
    description: 'Its state, success rate and last status over the last 24 hours, and the attempts hour by hour.',
  })
  @ApiOkResponse({ type: WebhookEndpointDetailResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  get(@CurrentAccount() user: User, @Param('id') id: string): Promise<WebhookEndpointDetailView> {
    return this.webhooks.get(user.id, id);
  }

  @Patch(':id')
  @Permits('webhooks.write')
  @ApiOperation({
    summary: 'Edit, pause or resume a webhook endpoint',
    description: 'Any of url (checked as on create), events, description and enabled; the others stay as they are.',
  })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiUnprocessableEntityResponse(URL_REFUSED)
  async update(
    @CurrentAccount() user: User,
    @CurrentUser() actor: User,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookEndpointView> {
    return this.webhooks.update(user.id, id, body, actor);
  }

  @Delete(':id')
  @Permits('webhooks.write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint', description: 'With its delivery log.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse(NOT_FOUND)
  async remove(@CurrentAccount() user: User, @CurrentUser() actor: User, @Param('id') id: string): Promise<void> {
    await this.webhooks.remove(user.id, id, actor);
  }

  @Post(':id/rotate-secret')
  @Permits('webhooks.write')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Rotate the signing secret', description: 'The new secret is answered once; the old one stops signing at once.' })
  @ApiOkResponse({ type: WebhookEndpointWithSecretResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  rotate(@CurrentAccount() user: User, @Param('id') id: string) {
    return this.webhooks.rotateSecret(user.id, id);
  }

  @Post(':id/test')
  @Permits('webhooks.write')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a test event',
    description: `A signed \`webhook.test\` event, or any event \`type\` with sample data, sent whatever the endpoint subscribed to. Tried once (\`retry: true\` retries it like any event); follow it in the deliveries. At most ${manualSendsPerEndpoint} test sends and resends a minute per endpoint, ${manualSendsPerAccount} per account.`,
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiTooManyRequestsResponse(THROTTLED)
  test(@CurrentAccount() user: User, @Param('id') id: string, @Body() body: SendTestDto): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(user.id, id, { type: body?.type, retry: body?.retry === true });
  }

  @Get(':id/deliveries')
  @Permits('webhooks.read')
  @ApiOperation({
    summary: "An endpoint's deliveries",
    description: 'A page of them, newest first (20 unless `limit` says, at most 100), each with its last attempt and, while it waits, its next retry.',
  })
  @ApiOkResponse({ type: WebhookDeliveryPageResponse })
  @ApiBadRequestResponse({ description: 'A cursor not answered by a previous page (problem+json, code `webhook_cursor_invalid`)' })
  @ApiNotFoundResponse(NOT_FOUND)
  deliveries(@CurrentAccount() user: User, @Param('id') id: string, @Query() query: DeliveriesQuery): Promise<Page<WebhookDeliveryView>> {
    return this.log.deliveries(user.id, id, query);
  }

  @Get('deliveries/:deliveryId/attempts')
  @Permits('webhooks.read')
  @ApiOperation({
    summary: "A delivery's attempts",
    description:
      'A page of them, newest first (10 unless `limit` says, at most 50): time, request headers, status code, duration and the first 4 KiB of the answer.',
  })
  @ApiOkResponse({ type: WebhookAttemptPageResponse })
  @ApiBadRequestResponse({ description: 'A cursor not answered by a previous page (problem+json, code `webhook_cursor_invalid`)' })
  @ApiNotFoundResponse({ description: 'No such delivery of yours (problem+json, code `webhook_delivery_not_found`)' })
  attempts(@CurrentAccount() user: User, @Param('deliveryId') deliveryId: string, @Query() query: WebhookPageQuery): Promise<Page<WebhookAttemptView>> {
    return this.log.attempts(user.id, deliveryId, { limit: query.limit !== undefined ? Math.min(50, query.limit) : undefined, cursor: query.cursor });
  }

  @Post('deliveries/:deliveryId/resend')
  @Permits('webhooks.write')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Resend a delivery',
    description: `The same message (same webhook-id) as a new delivery. Counts toward the ${manualSendsPerEndpoint} a minute per endpoint and ${manualSendsPerAccount} per account of test sends and resends.`,
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiTooManyRequestsResponse(THROTTLED)
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse({ description: 'No such delivery of yours (problem+json, code `webhook_delivery_not_found`)' })
  resend(@CurrentAccount() user: User, @Param('deliveryId') deliveryId: string): Promise<WebhookDeliveryView> {
    return this.webhooks.resend(user.id, deliveryId);
  }
}
