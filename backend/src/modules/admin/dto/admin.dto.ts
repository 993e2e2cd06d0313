import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PLAN_IDS } from '../../../config/plans.js';
import type { PlanId } from '../../../config/plans.js';

export class ChangePlanDto {
  @ApiProperty({ enum: PLAN_IDS, example: 'premium' })
  @IsIn(PLAN_IDS, { message: `plan must be one of ${PLAN_IDS.join(', ')}` })
  plan!: PlanId;
}
