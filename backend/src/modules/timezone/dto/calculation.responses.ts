import { ApiProperty } from '@nestjs/swagger';
import type { CalculationResult, DayOfWeekResult, DifferenceResult } from '../engine/answers.js';

/** The calculations' answers: a span added, a difference, a day of the week. Each view implements the engine's answer it documents. */

export class CalculationView implements CalculationResult {
  @ApiProperty({ example: '2024-03-30T12:00:00+00:00' })
  originalDateTime!: string;
  @ApiProperty({ description: 'The span as sent.', example: '1.12:30:00' })
  timeSpan!: string;
  @ApiProperty({ example: '2024-04-01T00:30:00+01:00' })
  resultDateTime!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Zone of the calendar arithmetic; null when none was given.', example: 'Europe/London' })
  timeZone!: string | null;
  @ApiProperty({ enum: ['calendar', 'exact'], description: '`calendar` with a timeZone (days keep the wall clock), `exact` without.', example: 'calendar' })
  arithmetic!: 'calendar' | 'exact';
}

export class DifferenceBreakdownView {
  @ApiProperty({ example: 1 }) days!: number;
  @ApiProperty({
    example: 0,
    description:
      'Hours after the whole days. Usually 0 to 23; with timeZone, when the end falls on a 25-hour day (DST ends), it can be 24. Send it back to add as an ISO 8601 duration (P6112DT24H): a .NET span allows at most 23 hours.',
  })
  hours!: number;
  @ApiProperty({ example: 0 }) minutes!: number;
  @ApiProperty({ example: 0 }) seconds!: number;
}

export class DifferenceTotalsView {
  @ApiProperty({ example: 82800 }) totalSeconds!: number;
  @ApiProperty({ example: 1380 }) totalMinutes!: number;
  @ApiProperty({ example: 23 }) totalHours!: number;
  @ApiProperty({ example: 0.9583333333333334 }) totalDays!: number;
  @ApiProperty({ type: DifferenceBreakdownView }) breakdown!: DifferenceBreakdownView;
}

export class DifferenceView implements DifferenceResult {
  @ApiProperty({ example: '2024-03-30T12:00:00+00:00' })
  startDateTime!: string;
  @ApiProperty({ example: '2024-03-31T12:00:00+01:00' })
  endDateTime!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Europe/London' })
  timeZone!: string | null;
  @ApiProperty({ type: DifferenceTotalsView })
  difference!: DifferenceTotalsView;
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export class DayOfWeekView implements DayOfWeekResult {
  @ApiProperty({ example: '2024-07-01' })
  date!: string;
  @ApiProperty({ enum: WEEKDAY_NAMES, example: 'Monday' })
  dayOfWeek!: string;
  @ApiProperty({ description: 'ISO number, Monday 1 … Sunday 7.', minimum: 1, maximum: 7, example: 1 })
  dayOfWeekNumber!: number;
  @ApiProperty({ example: false })
  isWeekend!: boolean;
  @ApiProperty({ minimum: 1, maximum: 53, example: 27 })
  weekNumber!: number;
  @ApiProperty({ minimum: 1, maximum: 366, example: 183 })
  dayOfYear!: number;
}
