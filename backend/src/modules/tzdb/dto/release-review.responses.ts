import { ApiProperty } from '@nestjs/swagger';
import { ChangedZoneView, ChangeWindowView } from './releases.responses.js';

export class ReleaseReviewView {
  @ApiProperty({ example: '6f1c2a9e-8a1f-4f5e-9a49-2f0a7d1c5b11' }) id!: string;
  @ApiProperty({ example: '2026g' }) version!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The active release it was compared with when it was stored.', example: '2026f' })
  previousVersion!: string | null;
  @ApiProperty({ enum: ['bundled', 'env', 'upload', 'feed'], example: 'upload' }) origin!: 'bundled' | 'env' | 'upload' | 'feed';
  @ApiProperty({ type: String, nullable: true, enum: ['verified', 'unsigned', null], description: "The feed's signature check; null for an upload." })
  signature!: 'verified' | 'unsigned' | null;
  @ApiProperty({ description: 'Stored, not live: it can be activated or discarded.', example: true }) waiting!: boolean;
  @ApiProperty({ example: false }) active!: boolean;
  @ApiProperty({ example: '2026-11-29T10:00:00.000Z' }) loadedAt!: string;
  @ApiProperty({ type: String, nullable: true, example: 'admin@example.com' }) loadedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When it went live; null while it waits.', example: null }) wentLiveAt!: string | null;
  @ApiProperty({ type: ChangeWindowView, nullable: true, description: 'The 24 months compared.' }) window!: ChangeWindowView | null;
  @ApiProperty({ type: [ChangedZoneView], description: 'Zones whose clocks read differently in the window, their aliases folded.' })
  zones!: ChangedZoneView[];
  @ApiProperty({ type: [String], description: 'Names the release adds.' }) added!: string[];
  @ApiProperty({ type: [String], description: 'Names the release removes.' }) removed!: string[];
}

export class DiscardedReleaseView {
  @ApiProperty({ example: '2026g' }) version!: string;
}
