import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import {
  BillingResultView,
  InvoicePageView,
  InvoiceView as InvoiceResponse,
  SubscriptionView as SubscriptionResponse,
  UrlView,
} from './dto/billing.responses.js';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAccount, CurrentUser, Permits } from '../auth/authenticated.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';
import { User } from '../accounts/user.entity.js';
import { BillingService } from './billing.service.js';
import type { BillingResult } from './billing.service.js';
import { CompleteSubscriptionDto, CreateSubscriptionDto, InvoicePageQueryDto, UpdatePlanDto } from './dto/billing.dto.js';
import { BillingErrors } from './billing.errors.js';
import { invoiceNumber } from './invoice.entity.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import type { InvoiceView } from './invoice.entity.js';
import type { SubscriptionView } from './subscription.entity.js';

@ApiTags('Billing')
@ApiExtraModels(SubscriptionResponse)
@Controller('billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly audit: OrgAuditRepository,
  ) {}

  /** A plan a member bought or changed goes into the organisation's audit (issue 51). */
  private async audited(account: User, actor: User, result: BillingResult, plan: string): Promise<BillingResult> {
    if (result.success && !result.payment?.requiresAction) {
      await this.audit.record({
        orgId: account.id,
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'org.plan_change',
        targetType: 'organisation',
        targetId: account.id,
        before: { plan: account.plan },
        after: { plan },
      });
    }
    return result;
  }

  @Post('create-subscription')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Subscribe a free account to a paid plan',
    description:
      'Attaches the card and creates the subscription. `payment.requiresAction` asks the browser for the 3-D Secure step, then complete-subscription. A declined card answers `success: false` with the reason; the plan changes only once the payment succeeded.',
  })
  @ApiOkResponse({ type: BillingResultView })
  @ApiBadRequestResponse({ description: 'Invalid plan or payment method id (problem+json)' })
  async create(@CurrentAccount() user: User, @CurrentUser() actor: User, @Body() body: CreateSubscriptionDto): Promise<BillingResult> {
    return this.audited(user, actor, await this.billing.createSubscription(user.id, body.plan, body.paymentMethodId), body.plan);
  }

  @Post('complete-subscription')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Finish a subscription after the 3-D Secure step',
    description: 'Re-reads the subscription from the payment provider; the plan changes if the first invoice is paid.',
  })
  @ApiOkResponse({ type: BillingResultView })
  async complete(@CurrentAccount() user: User, @CurrentUser() actor: User, @Body() body: CompleteSubscriptionDto): Promise<BillingResult> {
    const result = await this.billing.completeSubscription(user.id, body.subscriptionId);
    return this.audited(user, actor, result, result.subscription?.plan ?? user.plan);
  }

  @Get('subscription')
  @Permits('billing.read')
  @Authenticated()
  @ApiOperation({ summary: 'The current paid subscription', description: 'null on the free plan.' })
  @ApiOkResponse({
    description: 'The subscription; `null` on the free plan.',
    content: { 'application/json': { schema: { type: 'object', allOf: [{ $ref: getSchemaPath(SubscriptionResponse) }], nullable: true } } },
  })
  async subscription(@CurrentAccount() user: User): Promise<SubscriptionView | null> {
    return this.billing.currentSubscription(user.id);
  }

  @Get('history')
  @Permits('billing.read')
  @Authenticated()
  @ApiOperation({ summary: 'Billing history (invoices), newest first' })
  @ApiOkResponse({ type: [InvoiceResponse] })
  history(@CurrentAccount() user: User): Promise<InvoiceView[]> {
    return this.billing.history(user.id);
  }

  @Get('invoices')
  @Permits('billing.read')
  @Authenticated()
  @ApiOperation({ summary: 'Every invoice, paged', description: 'Newest first (offset, limit ≤ 100); `total` counts them all ("View All History").' })
  @ApiOkResponse({ type: InvoicePageView })
  @ApiBadRequestResponse({ description: 'Bad offset or limit (problem+json, code `validation_failed`)' })
  invoices(@CurrentAccount() user: User, @Query() query: InvoicePageQueryDto): Promise<InvoicePageView> {
    return this.billing.invoicePage(user.id, query.offset ?? 0, query.limit ?? 20);
  }

  @Get('invoices/:id/receipt.pdf')
  @Permits('billing.read')
  @Authenticated()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'The PDF receipt of a paid invoice',
    description: 'Made by the server: invoice number, date, plan, period, amount, currency, customer name and e-mail.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF file (attachment)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'No such invoice of yours (problem+json, code `not_found`)' })
  @ApiConflictResponse({ description: 'The invoice is not paid (problem+json, code `invoice_not_paid`)' })
  async receipt(@CurrentAccount() user: User, @Param('id') id: string): Promise<StreamableFile> {
    const { invoice, user: owner } = await this.billing.ownInvoice(user.id, id);
    if (invoice.status !== 'paid') throw BillingErrors.invoiceNotPaid();
    const pdf = await renderReceiptPdf(invoice, owner);
    const name = invoiceNumber(invoice).replace(/[^A-Za-z0-9_-]/g, '_');
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="receipt-${name}.pdf"`, length: pdf.length });
  }

  @Post('portal-session')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'A link to the billing portal',
    description: 'Stripe Customer Portal (card, cancellation, invoices); in sandbox mode a page of this site.',
  })
  @ApiOkResponse({ type: UrlView })
  @ApiBadRequestResponse({ description: 'No billing account yet (code `no_billing_account`)' })
  async portal(@CurrentAccount() user: User): Promise<{ url: string }> {
    return { url: await this.billing.portalUrl(user.id) };
  }

  @Post('update-plan')
  @Permits('billing.write')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Change a paid plan (premium → enterprise)',
    description: 'Charged prorated to the card on file immediately. Downgrades answer 400 `downgrade_not_supported`; the same plan 400 `same_plan`.',
  })
  @ApiOkResponse({ type: BillingResultView })
  @ApiBadRequestResponse({ description: 'same_plan, downgrade_not_supported or no_subscription (problem+json)' })
  async update(@CurrentAccount() user: User, @CurrentUser() actor: User, @Body() body: UpdatePlanDto): Promise<BillingResult> {
    return this.audited(user, actor, await this.billing.updatePlan(user.id, body.plan), body.plan);
  }
}
