import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PLAN_IDS, type PlanId } from '../../../config/plans.js';

export class SubscriptionView {
  @ApiProperty({ example: '6f1c2f9e-8a4b-4c1e-9d2a-3b5c7e9f1a2b' }) id!: string;
  @ApiProperty({ description: "The provider's status (Stripe's vocabulary).", example: 'active' }) status!: string;
  @ApiProperty({ enum: PLAN_IDS, example: 'premium' }) plan!: PlanId;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T10:00:00.000Z' }) currentPeriodStart!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-22T10:00:00.000Z' }) currentPeriodEnd!: string | null;
  @ApiProperty({ example: false }) cancelAtPeriodEnd!: boolean;
  @ApiProperty({ example: 'sub_1QExample' }) stripeSubscriptionId!: string;
}

export class PaymentStepView {
  @ApiProperty({ description: 'The browser must confirm the payment (3-D Secure).', example: false }) requiresAction!: boolean;
  @ApiProperty({ type: String, nullable: true, example: null }) clientSecret!: string | null;
}

export class BillingResultView {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiPropertyOptional({ description: 'Why it did not succeed (e.g. a declined card).', example: 'Your card was declined.' }) error?: string;
  @ApiPropertyOptional({ type: SubscriptionView }) subscription?: SubscriptionView;
  @ApiPropertyOptional({ type: PaymentStepView }) payment?: PaymentStepView;
}

export class InvoiceView {
  @ApiProperty({ example: '0b6e2a1c-4d5f-4a3b-9c8d-7e6f5a4b3c2d' }) id!: string;
  @ApiProperty({ example: 'Premium plan (monthly)' }) description!: string;
  @ApiProperty({ description: 'Decimal amount with two digits.', example: '5.00' }) amount!: string;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ enum: ['paid', 'pending', 'failed'], example: 'paid' }) status!: 'paid' | 'pending' | 'failed';
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T10:00:03.000Z' }) paidAt!: string | null;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ description: "The provider's invoice number, or its invoice id.", example: 'in_sbx_4f2a9c0e1b7d3a5c6e8f0a1b' }) number!: string;
  @ApiProperty({ enum: PLAN_IDS, nullable: true, example: 'premium' }) plan!: PlanId | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T10:00:00.000Z' }) periodStart!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-22T10:00:00.000Z' }) periodEnd!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Stripe's hosted invoice page when there is one, else the PDF receipt made by the server; null until the invoice is paid.",
    example: '/api/billing/invoices/0b6e2a1c-4d5f-4a3b-9c8d-7e6f5a4b3c2d/receipt.pdf',
  })
  receiptUrl!: string | null;
}

export class InvoicePageView {
  @ApiProperty({ type: [InvoiceView] }) items!: InvoiceView[];
  @ApiProperty({ description: 'Every invoice of the account.', example: 12 }) total!: number;
  @ApiProperty({ example: 0 }) offset!: number;
  @ApiProperty({ example: 20 }) limit!: number;
}

export class UrlView {
  @ApiProperty({ example: 'https://billing.stripe.com/p/session/test_123' }) url!: string;
}

export class WebhookReceiptView {
  @ApiProperty({ example: true }) received!: boolean;
}

export class SandboxPaymentMethodView {
  @ApiProperty({ example: 'pm_sbx_0123abcd' }) id!: string;
  @ApiProperty({ example: 'visa' }) brand!: string;
  @ApiProperty({ example: '4242' }) last4!: string;
  @ApiProperty({ example: 12 }) expMonth!: number;
  @ApiProperty({ example: 2030 }) expYear!: number;
}

export class SandboxPortalView {
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ type: SubscriptionView, nullable: true }) subscription!: SubscriptionView | null;
  @ApiProperty({ type: SandboxPaymentMethodView, nullable: true }) card!: SandboxPaymentMethodView | null;
  @ApiProperty({ example: '/dashboard/billing' }) returnUrl!: string;
}
