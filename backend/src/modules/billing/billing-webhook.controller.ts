import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { WebhookReceiptView } from './dto/billing.responses.js';
import { ApiAnonymous } from '../../common/openapi/swagger.js';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BillingService } from './billing.service.js';

/** Called by Stripe, not by browsers: no session; the signature over the raw body is the authentication. */
@ApiTags('Billing')
@Controller('billing')
export class BillingWebhookController {
  constructor(private readonly billing: BillingService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Stripe webhook',
    description: 'Verified with the Stripe-Signature header (5-minute tolerance); each event id is applied once and the state is re-read from Stripe.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ type: WebhookReceiptView })
  @ApiBadRequestResponse({ description: 'Bad or stale signature (code `invalid_signature`)' })
  receive(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: string | undefined) {
    return this.billing.handleWebhook(request.rawBody, signature);
  }
}
