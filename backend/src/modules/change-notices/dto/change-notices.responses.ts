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

export class ChangeNoticeResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026g' }) version!: string;
  @ApiProperty({ type: [NoticeZoneResponse] }) zones!: NoticeZoneResponse[];
  @ApiProperty() createdAt!: string;
}

export class ChangeNoticesResponse {
  @ApiProperty({ type: [ChangeNoticeResponse] }) notices!: ChangeNoticeResponse[];
}
