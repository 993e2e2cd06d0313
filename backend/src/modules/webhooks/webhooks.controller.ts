import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
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
import { Authenticated, CurrentUser } from '../auth/authenticated.js';
import { CreateWebhookDto, SendTestDto, UpdateWebhookDto } from './dto/webhooks.dto.js';
import { WEBHOOK_LIMITS } from './webhook-limits.js';
import { WebhookDeliveryResponse, WebhookEndpointResponse, WebhookEndpointWithSecretResponse } from './dto/webhooks.responses.js';
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
  @ApiConflictResponse({ description: `The account has ${endpointsPerAccount} endpoints already (problem+json, code \`webhook_endpoint_limit\`)` })
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
    description: `A signed \`webhook.test\` event, tried once (\`retry: true\` retries it like any event); follow it in the deliveries. At most ${manualSendsPerEndpoint} test sends and resends a minute per endpoint, ${manualSendsPerAccount} per account.`,
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiTooManyRequestsResponse(THROTTLED)
  test(@CurrentUser() user: User, @Param('id') id: string, @Body() body: SendTestDto): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(user.id, id, body?.retry === true);
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
  @ApiOperation({
    summary: 'Resend a delivery',
    description: `The same message (same webhook-id) as a new delivery. Counts toward the ${manualSendsPerEndpoint} a minute per endpoint and ${manualSendsPerAccount} per account of test sends and resends.`,
  })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  @ApiTooManyRequestsResponse(THROTTLED)
  @ApiForbiddenResponse(PLAN)
  @ApiNotFoundResponse({ description: 'No such delivery of yours (problem+json, code `webhook_delivery_not_found`)' })
  resend(@CurrentUser() user: User, @Param('deliveryId') deliveryId: string): Promise<WebhookDeliveryView> {
    return this.webhooks.resend(user.id, deliveryId);
  }
}
