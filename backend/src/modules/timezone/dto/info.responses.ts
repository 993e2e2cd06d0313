import { ApiProperty } from '@nestjs/swagger';
import type { TransitionView, TransitionsAnswer, ZoneInfo } from '../engine/answers.js';
import { CurrentTimeView } from './current.responses.js';
import { OFFSET, NAME, LOCALE, BACKZONE_HISTORY } from './view-properties.js';

/** A zone's info on a date and its transitions. Each view implements the engine's answer it documents. */

export class ZoneInfoView extends CurrentTimeView implements ZoneInfo {
  @ApiProperty({ description: 'The local date described.', example: '2024-07-01' })
  date!: string;
  @ApiProperty({ ...OFFSET, description: 'Standard (non-DST) offset.', example: '+00:00' })
  raw_offset!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Offset during DST; null without DST.', example: '+01:00' })
  dst_offset!: string | null;
  @ApiProperty({ example: true })
  observes_dst!: boolean;
  @ApiProperty(BACKZONE_HISTORY)
  backzone_history!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Start of the DST period in force on the date, or of the next one beginning within a year; null when there is neither.',
    example: '2024-03-31T02:00:00+01:00',
  })
  dst_start!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'End of that DST period; null when there is none.', example: '2024-10-27T01:00:00+00:00' })
  dst_end!: string | null;
}

export class TransitionItemView implements TransitionView {
  @ApiProperty({ description: 'The instant in UTC.', example: '2024-03-31T01:00:00.000Z' })
  at!: string;
  @ApiProperty({ description: 'Wall clock just before.', example: '2024-03-31T01:00:00' })
  local_before!: string;
  @ApiProperty({ description: 'Wall clock just after.', example: '2024-03-31T02:00:00' })
  local_after!: string;
  @ApiProperty({ ...OFFSET, example: '+00:00' })
  offset_before!: string;
  @ApiProperty({ ...OFFSET, example: '+01:00' })
  offset_after!: string;
  @ApiProperty({ example: 0 })
  offset_before_seconds!: number;
  @ApiProperty({ example: 3600 })
  offset_after_seconds!: number;
  @ApiProperty({ example: 'GMT' })
  abbreviation_before!: string;
  @ApiProperty({ example: 'BST' })
  abbreviation_after!: string;
  @ApiProperty({ description: 'DST in force after the change.', example: true })
  dst_after!: boolean;
  @ApiProperty({
    ...NAME,
    description: "The zone's specific name just before the change, in English or the language of `lang` (Unicode CLDR).",
    example: 'Greenwich Mean Time',
  })
  timezone_name_before!: string;
  @ApiProperty({
    ...NAME,
    description: "The zone's specific name from the change on, in English or the language of `lang` (Unicode CLDR).",
    example: 'British Summer Time',
  })
  timezone_name_after!: string;
}

export class TransitionsView implements TransitionsAnswer {
  @ApiProperty({ example: 'Europe/London' })
  timezone!: string;
  @ApiProperty({ example: '2024-01-01T00:00:00.000Z' })
  from!: string;
  @ApiProperty({ example: '2025-01-01T00:00:00.000Z' })
  to!: string;
  @ApiProperty({ type: [TransitionItemView] })
  transitions!: TransitionItemView[];
  @ApiProperty({ example: 2 })
  total!: number;
  @ApiProperty(LOCALE)
  locale!: string;
}
