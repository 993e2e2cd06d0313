import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ItemErrorView {
  @ApiProperty({ description: 'The problem code the single-item endpoint would answer with.', example: 'invalid_timezone' })
  code!: string;
  @ApiProperty({ example: '"Mars/Olympus" is not a zone of tz release 2026a.' })
  detail!: string;
}

export class GapView {
  @ApiProperty({ description: 'The first skipped wall-clock time.', example: '2024-03-10T02:00:00' })
  start!: string;
  @ApiProperty({ description: 'The wall-clock time the clocks jump to.', example: '2024-03-10T03:00:00' })
  end!: string;
  @ApiProperty({ description: 'The first valid time after the gap.', example: '2024-03-10T03:00:00-04:00' })
  firstValid!: string;
}

export class OverlapView {
  @ApiProperty({ example: '2024-11-03T01:30:00-04:00' })
  earlier!: string;
  @ApiProperty({ example: '2024-11-03T01:30:00-05:00' })
  later!: string;
}

export class ImpactReadingView {
  @ApiPropertyOptional({ description: 'Events: the instant the wall-clock time means in this release.', example: '2027-03-14T07:30:00Z' })
  utc?: string;
  @ApiPropertyOptional({ description: 'Instants: the wall clock in this release, with its offset.', example: '2027-03-14T03:30:00-04:00' })
  localDateTime?: string;
  @ApiProperty({ example: '-04:00' })
  utcOffset!: string;
  @ApiProperty({ example: 'EDT' })
  abbreviation!: string;
  @ApiProperty({ example: true })
  dst!: boolean;
  @ApiPropertyOptional({
    enum: ['exact', 'gap', 'overlap'],
    description:
      "Events: `exact` (occurs once), `gap` (skipped; read forward as Temporal's `compatible`), `overlap` (occurs twice; the earlier, as `compatible`).",
    example: 'gap',
  })
  resolution?: string;
  @ApiPropertyOptional({ type: GapView, description: 'Events in a gap: the gap.' })
  gap?: GapView;
  @ApiPropertyOptional({ type: OverlapView, description: 'Events in an overlap: both readings.' })
  overlap?: OverlapView;
}

export class NewRuleView {
  @ApiProperty({ enum: ['gap', 'overlap'], example: 'gap' })
  kind!: string;
  @ApiPropertyOptional({ description: 'Gap: the first skipped wall-clock time.', example: '2027-03-14T02:00:00' })
  start?: string;
  @ApiPropertyOptional({ description: 'Gap: the wall-clock time the clocks jump to.', example: '2027-03-14T03:00:00' })
  end?: string;
  @ApiPropertyOptional({ description: 'Gap: the first valid time after it.', example: '2027-03-14T03:00:00-04:00' })
  firstValid?: string;
  @ApiPropertyOptional({ description: 'Overlap: the earlier reading.', example: '2027-11-07T01:30:00-04:00' })
  earlier?: string;
  @ApiPropertyOptional({ description: 'Overlap: the later reading.', example: '2027-11-07T01:30:00-05:00' })
  later?: string;
}

export class ChangedOccurrenceView {
  @ApiProperty({ description: 'The wall-clock time the rule set names.', example: '2027-01-11T09:00:00' })
  scheduled!: string;
  @ApiProperty({ type: ImpactReadingView })
  from!: ImpactReadingView;
  @ApiProperty({ type: ImpactReadingView })
  to!: ImpactReadingView;
}

export class ImpactItemView {
  @ApiProperty({ description: 'Position in the request.', example: 0 })
  index!: number;
  @ApiProperty({ example: 'America/New_York' })
  timeZone!: string;
  @ApiPropertyOptional({ example: '2027-03-14T02:30:00' })
  localDateTime?: string;
  @ApiPropertyOptional({ example: '2027-03-14T07:30:00Z' })
  utc?: string;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Whether the meaning differs between the releases; null when the item has an error.',
    example: true,
  })
  changed!: boolean | null;
  @ApiProperty({ type: ImpactReadingView, nullable: true })
  from!: ImpactReadingView | null;
  @ApiProperty({ type: ImpactReadingView, nullable: true })
  to!: ImpactReadingView | null;
  @ApiPropertyOptional({
    type: NewRuleView,
    description: 'Events: present when the `to` release puts a gap or overlap on this wall-clock time that `from` did not.',
  })
  newRule?: NewRuleView;
  @ApiPropertyOptional({
    description: 'A recurring event: its rule set as sent.',
    example: 'DTSTART;TZID=Asia/Tokyo:20270104T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO',
  })
  rule?: string;
  @ApiPropertyOptional({ description: 'A recurring event: the occurrences read in both releases (at most 1,000).', example: 52 })
  occurrencesChecked?: number;
  @ApiPropertyOptional({ description: 'A recurring event: the horizon held more than 1,000 occurrences; the first were checked.', example: false })
  occurrencesTruncated?: boolean;
  @ApiPropertyOptional({ type: [ChangedOccurrenceView], description: 'A recurring event: the occurrences whose instant or resolution differs.' })
  changedOccurrences?: ChangedOccurrenceView[];
  @ApiPropertyOptional({ type: ItemErrorView })
  error?: ItemErrorView;
}

export class ImpactView {
  @ApiProperty({ example: '2025b' })
  from!: string;
  @ApiProperty({ example: '2026a' })
  to!: string;
  @ApiProperty({ enum: ['events', 'instants'], example: 'events' })
  kind!: string;
  @ApiProperty({ example: 1 })
  total!: number;
  @ApiProperty({ type: [ImpactItemView] })
  items!: ImpactItemView[];
  @ApiProperty({ description: 'Items whose meaning changed.', example: 1 })
  changed!: number;
  @ApiProperty({ description: 'Items answered with an error.', example: 0 })
  errors!: number;
}

export class MatrixZoneView {
  @ApiProperty({ description: 'The zone as asked.', example: 'Asia/Calcutta' })
  timeZone!: string;
  @ApiPropertyOptional({ example: 'Asia/Kolkata' })
  canonical?: string;
  @ApiPropertyOptional({ type: ItemErrorView })
  error?: ItemErrorView;
}

export class MatrixCellView {
  @ApiProperty({ example: 'Asia/Tokyo' })
  timeZone!: string;
  @ApiPropertyOptional({ example: '2024-07-01T21:00:00+09:00' })
  localDateTime?: string;
  @ApiPropertyOptional({ example: '+09:00' })
  utcOffset?: string;
  @ApiPropertyOptional({ example: 'JST' })
  abbreviation?: string;
  @ApiPropertyOptional({ example: false })
  dst?: boolean;
  @ApiPropertyOptional({ type: ItemErrorView })
  error?: ItemErrorView;
}

export class MatrixRowView {
  @ApiProperty({ description: 'The instant as asked.', example: '2024-07-01T12:00:00Z' })
  instant!: string;
  @ApiPropertyOptional({ example: '2024-07-01T12:00:00Z' })
  utc?: string;
  @ApiProperty({ type: [MatrixCellView], description: 'One cell per zone, in the order asked.' })
  cells!: MatrixCellView[];
  @ApiPropertyOptional({ type: ItemErrorView })
  error?: ItemErrorView;
}

export class MatrixView {
  @ApiProperty({ example: '2026a' })
  tzdbVersion!: string;
  @ApiProperty({ example: 1 })
  instants!: number;
  @ApiProperty({ type: [MatrixZoneView] })
  timeZones!: MatrixZoneView[];
  @ApiProperty({ type: [MatrixRowView] })
  rows!: MatrixRowView[];
  @ApiProperty({ example: 3 })
  cells!: number;
  @ApiProperty({ example: 0 })
  errors!: number;
}
