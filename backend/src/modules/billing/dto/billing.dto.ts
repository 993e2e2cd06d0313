import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { NumberInput } from '../../../common/http/number-input.js';
import type { PlanId } from '../../../config/plans.js';
import { SingleLine } from '../../../common/text/control-characters.js';

const PAID_PLANS = ['premium', 'enterprise'];

export class CreateSubscriptionDto {
  @ApiProperty({ enum: PAID_PLANS, example: 'premium' })
  @IsIn(PAID_PLANS, { message: 'plan must be premium or enterprise' })
  plan!: Exclude<PlanId, 'free'>;

  @ApiProperty({ example: 'pm_1QExample', description: 'A payment method id from Stripe Elements (or the sandbox card form)' })
  @IsString()
  @Length(3, 255)
  @Matches(/^pm_[A-Za-z0-9_]+$/, { message: 'paymentMethodId must be a payment method id (pm_...)' })
  paymentMethodId!: string;
}

export class CompleteSubscriptionDto {
  @ApiProperty({ example: 'sub_1QExample', description: "The subscription id answered by create-subscription (ours or the provider's)" })
  @IsString()
  @Length(3, 255)
  subscriptionId!: string;
}

export class UpdatePlanDto {
  @ApiProperty({ enum: PAID_PLANS, example: 'enterprise' })
  @IsIn(['free', ...PAID_PLANS], { message: 'plan must be free, premium or enterprise' })
  plan!: PlanId;
}

export class SandboxCardDto {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @MaxLength(30)
  number!: string;

  @ApiProperty({ example: 12 })
  @NumberInput()
  @IsInt({ message: 'expMonth must be a month number' })
  @Min(1, { message: "Your card's expiration month is invalid." })
  @Max(12, { message: "Your card's expiration month is invalid." })
  expMonth!: number;

  @ApiProperty({ example: 2030 })
  @NumberInput()
  @IsInt({ message: 'expYear must be a year' })
  @Min(0)
  @Max(2100)
  expYear!: number;

  @ApiProperty({ example: '123' })
  @IsString()
  @MaxLength(4, { message: "Your card's security code is invalid." })
  cvc!: string;

  @ApiProperty({ example: 'Ada Lovelace', required: false })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @SingleLine('Name')
  name?: string;
}

export class SandboxConfirmDto {
  @ApiProperty({ example: 'pi_sbx_0123_secret_abcd' })
  @IsString()
  @Length(10, 200)
  clientSecret!: string;
}

export class SandboxPortalDto {
  @ApiProperty({ description: 'The session token of the portal link' })
  @IsString()
  @Length(10, 100)
  session!: string;
}

export class SandboxPortalCardDto extends SandboxCardDto {
  @ApiProperty({ description: 'The session token of the portal link' })
  @IsString()
  @Length(10, 100)
  session!: string;
}

export class InvoicePageQueryDto {
  @ApiProperty({ required: false, minimum: 0, default: 0, example: 0 })
  @IsOptional()
  @NumberInput()
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0, { message: 'offset must be at least 0' })
  @Max(1_000_000, { message: 'offset is too large' })
  offset?: number;

  @ApiProperty({ required: false, minimum: 1, maximum: 100, default: 20, example: 20 })
  @IsOptional()
  @NumberInput()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(100, { message: 'limit must be at most 100' })
  limit?: number;
}
