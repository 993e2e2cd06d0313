import { ApiProperty } from '@nestjs/swagger';

export class OffsetReadingResponse {
  @ApiProperty({ example: '+05:30' }) utcOffset!: string;
  @ApiProperty({ example: 'IST' }) abbreviation!: string;
  @ApiProperty() dst!: boolean;
}

export class NoticeChangeResponse {
  @ApiProperty({ description: 'When the new reading starts.' }) from!: string;
  @ApiProperty({ description: 'When it ends (within the 24 months compared).' }) to!: string;
  @ApiProperty({ type: OffsetReadingResponse }) before!: OffsetReadingResponse;
  @ApiProperty({ type: OffsetReadingResponse }) after!: OffsetReadingResponse;
}

export class NoticeZoneResponse {
  @ApiProperty({ example: 'Asia/Kolkata' }) zone!: string;
  @ApiProperty({ type: [NoticeChangeResponse] }) changes!: NoticeChangeResponse[];
}

export class PinnedKeyNoticeResponse {
  @ApiProperty({ format: 'uuid' }) keyId!: string;
  @ApiProperty({ example: 'Billing (frozen)' }) name!: string;
  @ApiProperty({ example: '2026a', description: 'The release the key is pinned to; it answers from it until the pin moves.' }) pinnedTo!: string;
  @ApiProperty({ type: [NoticeZoneResponse], description: 'The zones used in the last 30 days that moving the pin to this release would change.' })
  zones!: NoticeZoneResponse[];
}

export class ChangeNoticeResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026g' }) version!: string;
  @ApiProperty({ type: [NoticeZoneResponse] }) zones!: NoticeZoneResponse[];
  @ApiProperty({ type: [PinnedKeyNoticeResponse], description: 'The keys pinned to an older release when this one became active.' })
  pinnedKeys!: PinnedKeyNoticeResponse[];
  @ApiProperty({ description: 'When the release became active and the notice was written.' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'When its banner was dismissed; null while the dashboard shows it.' })
  dismissedAt!: string | null;
}

export class PinPreviewResponse {
  @ApiProperty({ example: '2026a' }) from!: string;
  @ApiProperty({ example: '2026b' }) to!: string;
  @ApiProperty({
    type: [NoticeZoneResponse],
    description: 'The zones your requests used in the last 30 days whose answers differ between the two (next 24 months).',
  })
  zones!: NoticeZoneResponse[];
}

export class ChangeNoticesResponse {
  @ApiProperty({ type: [ChangeNoticeResponse] }) notices!: ChangeNoticeResponse[];
}
