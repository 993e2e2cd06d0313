import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ConversionResult, TargetConversion } from '../engine/answers.js';
import { OFFSET, NAME, GENERIC_NAME, EXEMPLAR_CITY, LOCALE } from './view-properties.js';

/** The conversions' answers: one target and several. Each view implements the engine's answer it documents. */

export class ConversionOptionView {
  @ApiProperty({ example: '2024-10-27T01:30:00+01:00' })
  originalDateTime!: string;
  @ApiProperty({ example: '2024-10-27T00:30:00+00:00' })
  convertedDateTime!: string;
}

export class RequestedTimeZonesView {
  @ApiPropertyOptional({ description: 'fromTimeZone as sent, when it was a legacy link.', example: 'Asia/Calcutta' })
  fromTimeZone?: string;
  @ApiPropertyOptional({ description: 'toTimeZone as sent, when it was a legacy link.', example: 'US/Pacific' })
  toTimeZone?: string;
}

export class ConversionView implements ConversionResult {
  @ApiProperty({ example: 'America/New_York' })
  fromTimeZone!: string;
  @ApiProperty({ example: 'Europe/London' })
  toTimeZone!: string;
  @ApiProperty({ example: '2024-07-01T09:00:00-04:00' })
  originalDateTime!: string;
  @ApiProperty({ example: '2024-07-01T14:00:00+01:00' })
  convertedDateTime!: string;
  @ApiProperty({ example: true })
  dstActive!: boolean;
  @ApiProperty({ example: 'BST' })
  abbreviation!: string;
  @ApiProperty({ ...NAME, example: 'British Summer Time' })
  timeZoneName!: string;
  @ApiProperty({ ...GENERIC_NAME, example: 'United Kingdom Time' })
  timeZoneGenericName!: string;
  @ApiProperty({ ...EXEMPLAR_CITY, example: 'London' })
  exemplarCity!: string | null;
  @ApiProperty({ ...OFFSET, example: '+01:00' })
  utcOffset!: string;
  @ApiProperty({ description: 'The input carried its own offset, which won over fromTimeZone.', example: false })
  inputOffsetUsed!: boolean;
  @ApiProperty({ description: 'The wall-clock time occurs twice (DST fall-back); `options` lists both.', example: false })
  ambiguous!: boolean;
  @ApiPropertyOptional({ type: [ConversionOptionView], description: 'Both readings of a repeated time, earlier first (only when ambiguous).' })
  options?: ConversionOptionView[];
  @ApiPropertyOptional({ type: RequestedTimeZonesView, description: 'Zone names as sent, when a legacy link was answered as its current zone.' })
  requestedTimeZones?: RequestedTimeZonesView;
  @ApiProperty(LOCALE)
  locale!: string;
}

export class MultiConversionItemView implements TargetConversion {
  @ApiProperty({ example: 'Europe/London' })
  timezone!: string;
  @ApiProperty({ example: '2024-07-01T14:00:00+01:00' })
  convertedTime!: string;
  @ApiProperty({ example: 'BST' })
  abbreviation!: string;
  @ApiProperty({ ...NAME, example: 'British Summer Time' })
  timeZoneName!: string;
  @ApiProperty({ ...GENERIC_NAME, example: 'United Kingdom Time' })
  timeZoneGenericName!: string;
  @ApiProperty({ ...EXEMPLAR_CITY, example: 'London' })
  exemplarCity!: string | null;
  @ApiProperty({ ...OFFSET, example: '+01:00' })
  utcOffset!: string;
  @ApiProperty({ example: true })
  dstActive!: boolean;
  @ApiPropertyOptional({
    type: [ConversionOptionView],
    description: 'Both readings of a repeated dateTime in this zone, earlier first, as a single conversion answers them (only when `ambiguous`).',
  })
  options?: ConversionOptionView[];
}

export class MultiConversionView {
  @ApiProperty({ example: 'America/New_York' })
  fromTimeZone!: string;
  @ApiProperty({ description: 'dateTime as sent.', example: '2024-07-01T09:00:00' })
  dateTime!: string;
  @ApiProperty({ example: '2024-07-01T09:00:00-04:00' })
  originalDateTime!: string;
  @ApiProperty({ description: 'The wall-clock time occurs twice (DST fall-back); each conversion lists both readings in `options`.', example: false })
  ambiguous!: boolean;
  @ApiProperty({ type: [MultiConversionItemView] })
  conversions!: MultiConversionItemView[];
  @ApiProperty(LOCALE)
  locale!: string;
}
