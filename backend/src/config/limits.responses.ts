import { ApiProperty } from '@nestjs/swagger';
import { CUSTOM_LIMIT_BOUNDS } from './plans.js';

/** The limits an account's API keys run under (the plan's, or negotiated ones): /api/me, the dashboard, the console. */
export class EffectiveLimitsView {
  @ApiProperty({ type: Number, nullable: true, description: 'Requests per rolling hour, all keys together; null means no hourly quota.', example: 100 })
  hourlyQuota!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Requests per second (fair-use guard); null means none.', example: null })
  burstPerSecond!: number | null;
  @ApiProperty({ description: 'At least one limit is negotiated for this account rather than its plan default.', example: false })
  custom!: boolean;
}

/** The negotiated limits as stored: null keeps the plan's default. */
export class CustomLimitsView {
  @ApiProperty({ type: Number, nullable: true, minimum: CUSTOM_LIMIT_BOUNDS.hourlyQuota.min, maximum: CUSTOM_LIMIT_BOUNDS.hourlyQuota.max, example: null })
  hourlyQuota!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: CUSTOM_LIMIT_BOUNDS.burstPerSecond.min,
    maximum: CUSTOM_LIMIT_BOUNDS.burstPerSecond.max,
    example: 1000,
  })
  burstPerSecond!: number | null;
}
