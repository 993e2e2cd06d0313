import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OkView } from '../../common/http/ok-view.js';
import { SandboxPaymentMethodView as SandboxPaymentMethodResponse, SandboxPortalView as SandboxPortalResponse } from './dto/billing.responses.js';
import { Authenticated, CurrentAccount, Permits } from '../auth/authenticated.js';
import type { User } from '../accounts/user.entity.js';
import { BillingErrors } from './billing.errors.js';
import { BillingService } from './billing.service.js';
import { SandboxCardDto, SandboxConfirmDto, SandboxPortalCardDto, SandboxPortalDto } from './dto/billing.dto.js';
import { PAYMENT_GATEWAY } from './payment-gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import { cardErrors } from './sandbox-cards.js';
import { SandboxGateway } from './sandbox.gateway.js';
import type { SandboxPaymentMethodView } from './sandbox-objects.js';
import { toSubscriptionView } from './subscription.entity.js';
import type { SubscriptionView } from './subscription.entity.js';

export interface SandboxPortalView {
  email: string;
  subscription: SubscriptionView | null;
  card: SandboxPaymentMethodView | null;
  returnUrl: string;
}

/** The sandbox's stand-ins for what Stripe.js and the Customer Portal do; 404 when Stripe is configured. */
@ApiTags('Billing')
@Controller('billing/sandbox')
export class SandboxBillingController {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly billing: BillingService,
  ) {}

  private sandbox(): SandboxGateway {
    if (!(this.gateway instanceof SandboxGateway)) throw BillingErrors.sandboxOnly();
    return this.gateway;
  }

  private validCard(body: SandboxCardDto) {
    const card = { number: body.number.replace(/[\s-]/g, ''), expMonth: body.expMonth, expYear: body.expYear, cvc: body.cvc };
    const errors = cardErrors(card);
    if (errors.length) throw BillingErrors.invalidCard(errors);
    return { ...card, name: body.name ?? '' };
  }

  @Post('payment-methods')
  @HttpCode(201)
  @Authenticated()
  @ApiOperation({
    summary: 'Sandbox: turn a test card into a payment method id',
    description:
      'Stripe test cards: 4242 4242 4242 4242 succeeds, 4000 0025 0000 3155 and 4000 0027 6000 3184 need 3-D Secure, 4000 0000 0000 0002 is declined.',
  })
  @ApiCreatedResponse({ type: SandboxPaymentMethodResponse })
  @ApiBadRequestResponse({ description: 'Not a valid card (problem+json, code `invalid_card` with `errors`)' })
  async createPaymentMethod(@Body() body: SandboxCardDto): Promise<SandboxPaymentMethodView> {
    const sandbox = this.sandbox();
    return sandbox.createPaymentMethod(this.validCard(body));
  }

  @Post('confirm')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Sandbox: approve a payment in the 3-D Secure step' })
  @ApiOkResponse({ type: OkView })
  @ApiNotFoundResponse({ description: 'No such pending payment (problem+json)' })
  async confirm(@CurrentAccount() user: User, @Body() body: SandboxConfirmDto): Promise<{ ok: true }> {
    const sandbox = this.sandbox();
    const customerId = await this.billing.customerId(user.id);
    const confirmed = customerId ? await sandbox.confirmPayment(body.clientSecret, customerId) : null;
    if (!confirmed) throw BillingErrors.paymentNotFound();
    return { ok: true };
  }

  @Get('portal')
  @Permits('billing.read')
  @Authenticated()
  @ApiOperation({ summary: 'Sandbox portal: the subscription and card behind a portal link' })
  @ApiQuery({ name: 'session', type: String, required: true, description: 'The portal session id the portal link carries', example: 'bps_sbx_3f9a1c' })
  @ApiOkResponse({ type: SandboxPortalResponse })
  @ApiNotFoundResponse({ description: 'Unknown portal session, or Stripe is configured (problem+json)' })
  async portal(@CurrentAccount() user: User, @Query('session') session = ''): Promise<SandboxPortalView> {
    return this.portalView(user, await this.portalCustomer(user, session));
  }

  @Post('portal/cancel')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Sandbox portal: cancel at the end of the period' })
  @ApiOkResponse({ type: SandboxPortalResponse })
  @ApiNotFoundResponse({ description: 'Unknown portal session, or Stripe is configured (problem+json)' })
  async cancel(@CurrentAccount() user: User, @Body() body: SandboxPortalDto): Promise<SandboxPortalView> {
    return this.setCancel(user, body.session, true);
  }

  @Post('portal/resume')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Sandbox portal: keep renewing (undo a cancellation)' })
  @ApiOkResponse({ type: SandboxPortalResponse })
  @ApiNotFoundResponse({ description: 'Unknown portal session, or Stripe is configured (problem+json)' })
  async resume(@CurrentAccount() user: User, @Body() body: SandboxPortalDto): Promise<SandboxPortalView> {
    return this.setCancel(user, body.session, false);
  }

  @Post('portal/card')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Sandbox portal: replace the card on file' })
  @ApiOkResponse({ type: SandboxPortalResponse })
  @ApiNotFoundResponse({ description: 'Unknown portal session, or Stripe is configured (problem+json)' })
  async card(@CurrentAccount() user: User, @Body() body: SandboxPortalCardDto): Promise<SandboxPortalView> {
    const customerId = await this.portalCustomer(user, body.session);
    const sandbox = this.sandbox();
    const pm = await sandbox.createPaymentMethod(this.validCard(body));
    try {
      await sandbox.replaceCard(customerId, pm.id);
    } catch (error) {
      throw BillingErrors.invalidCard([{ field: 'number', message: (error as Error).message }]);
    }
    return this.portalView(user, customerId);
  }

  private async portalCustomer(user: User, session: string): Promise<string> {
    const sandbox = this.sandbox();
    const customerId = await sandbox.portalCustomer(session);
    const owner = await this.billing.customerId(user.id);
    if (!customerId || customerId !== owner) throw BillingErrors.invalidPortalSession();
    return customerId;
  }

  private async setCancel(user: User, session: string, cancel: boolean): Promise<SandboxPortalView> {
    const customerId = await this.portalCustomer(user, session);
    const local = await this.billing.latestPaidSubscription(user.id);
    if (!local) throw BillingErrors.noSubscription();
    const remote = await this.sandbox().setCancelAtPeriodEnd(local.providerSubscriptionId, cancel);
    if (remote) await this.billing.sync(remote, { userId: user.id });
    return this.portalView(user, customerId);
  }

  private async portalView(user: User, customerId: string): Promise<SandboxPortalView> {
    const local = await this.billing.latestPaidSubscription(user.id);
    return {
      email: user.email,
      subscription: local ? toSubscriptionView(local) : null,
      card: await this.sandbox().defaultPaymentMethod(customerId),
      returnUrl: '/dashboard/billing',
    };
  }
}
