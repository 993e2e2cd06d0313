import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { CUSTOM_LIMIT_BOUNDS, PLAN_IDS } from '../../../config/plans.js';
import type { PlanId } from '../../../config/plans.js';

export class ChangePlanDto {
  @ApiProperty({ enum: PLAN_IDS, example: 'premium' })
  @IsIn(PLAN_IDS, { message: `plan must be one of ${PLAN_IDS.join(', ')}` })
  plan!: PlanId;
}

const { hourlyQuota: QUOTA, burstPerSecond: BURST } = CUSTOM_LIMIT_BOUNDS;

/** An account's negotiated limits; null (or absent) puts the plan's default back. */
export class SetLimitsDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: QUOTA.min,
    maximum: QUOTA.max,
    description: "Requests per rolling hour; null for the plan's default.",
    example: null,
  })
  @IsOptional()
  @IsInt({ message: 'hourlyQuota must be a whole number or null' })
  @Min(QUOTA.min, { message: `hourlyQuota must be at least ${QUOTA.min}` })
  @Max(QUOTA.max, { message: `hourlyQuota must be at most ${QUOTA.max}` })
  hourlyQuota?: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: BURST.min,
    maximum: BURST.max,
    description: "Requests per second; null for the plan's default.",
    example: 1000,
  })
  @IsOptional()
  @IsInt({ message: 'burstPerSecond must be a whole number or null' })
  @Min(BURST.min, { message: `burstPerSecond must be at least ${BURST.min}` })
  @Max(BURST.max, { message: `burstPerSecond must be at most ${BURST.max}` })
  burstPerSecond?: number | null;
}
