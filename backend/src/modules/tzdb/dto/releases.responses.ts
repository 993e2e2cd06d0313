import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class OffsetReadingView {
  @ApiProperty({ example: '-07:00' }) utcOffset!: string;
  @ApiProperty({ example: 'MST' }) abbreviation!: string;
  @ApiProperty({ example: false }) dst!: boolean;
}

export class ZoneChangeView {
  @ApiProperty({ description: 'Start of the stretch where the two releases disagree (UTC).', example: '2026-11-01T08:00:00.000Z' }) from!: string;
  @ApiProperty({ description: 'End of that stretch (UTC).', example: '2027-03-14T09:00:00.000Z' }) to!: string;
  @ApiProperty({ type: OffsetReadingView, description: 'What the previous release said.' }) before!: OffsetReadingView;
  @ApiProperty({ type: OffsetReadingView, description: 'What this release says.' }) after!: OffsetReadingView;
}

export class ChangedZoneView {
  @ApiProperty({ example: 'America/Edmonton' }) zone!: string;
  @ApiPropertyOptional({ description: 'For a link (e.g. Canada/Mountain), the zone it resolves to in this release.', example: 'America/Edmonton' }) linkTo?: string;
  @ApiProperty({ type: [ZoneChangeView] }) changes!: ZoneChangeView[];
}

export class PublicReleaseView {
  @ApiProperty({ example: '2026f' }) version!: string;
  @ApiProperty({ description: 'When this server first answered from it.', example: '2026-10-20T09:00:00.000Z' }) loadedAt!: string;
  @ApiProperty({ description: 'The release answers come from now.', example: true }) active!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The release it replaced; null for the first one.', example: '2026b' }) previousVersion!: string | null;
  @ApiProperty({ type: [ChangedZoneView], description: 'Zones and links whose offset, abbreviation or DST it changed in the 24 months after it was loaded.' })
  changedZones!: ChangedZoneView[];
}

export class ReleasesView {
  @ApiProperty({ type: [PublicReleaseView], description: 'Newest first.' }) releases!: PublicReleaseView[];
  @ApiProperty({ example: 2 }) total!: number;
}

export class ChangeWindowView {
  @ApiProperty({ example: '2026-10-20T09:00:00.000Z' }) from!: string;
  @ApiProperty({ example: '2028-10-20T09:00:00.000Z' }) to!: string;
}

export class ReleaseChangesView {
  @ApiProperty({ type: String, nullable: true, example: '2026b' }) previousVersion!: string | null;
  @ApiProperty({ example: '2026f' }) version!: string;
  @ApiProperty({ type: ChangeWindowView, description: 'The 24 months compared.' }) window!: ChangeWindowView;
  @ApiProperty({ type: [ChangedZoneView] }) zones!: ChangedZoneView[];
  @ApiProperty({ type: [String], description: 'Names the new release has and the previous one had not.' }) added!: string[];
  @ApiProperty({ type: [String], description: 'Names the previous release had and the new one has not.' }) removed!: string[];
}

export class ActivationResultView {
  @ApiProperty({ description: 'The same version and digest was already active: nothing changed.', example: false }) alreadyActive!: boolean;
  @ApiProperty({ example: '2026f' }) version!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026b' }) previousVersion!: string | null;
  @ApiProperty({ example: '5f1c…' }) digest!: string;
  @ApiProperty({ example: 447 }) zones!: number;
  @ApiProperty({ example: 151 }) links!: number;
  @ApiProperty({ example: '2026-10-20T09:00:00.000Z' }) loadedAt!: string;
  @ApiProperty({ type: ReleaseChangesView, nullable: true }) changes!: ReleaseChangesView | null;
}

export class ReleaseHistoryItemView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: '2026f' }) version!: string;
  @ApiProperty({ example: '5f1c…' }) digest!: string;
  @ApiProperty({ example: 'upload (tarball)' }) source!: string;
  @ApiProperty({ example: true }) active!: boolean;
  @ApiProperty({ example: 447 }) zones!: number;
  @ApiProperty({ example: 151 }) links!: number;
  @ApiProperty({ example: 180 }) compileMs!: number;
  @ApiProperty({ example: '2026-10-20T09:00:00.000Z' }) compiledAt!: string;
  @ApiProperty({ example: '2026-10-20T09:00:00.000Z' }) loadedAt!: string;
  @ApiProperty({ type: String, nullable: true, example: 'admin@example.com' }) loadedBy!: string | null;
  @ApiProperty({ example: 3 }) changedZones!: number;
}

export class TzdbStatusView {
  @ApiProperty({ example: '2026f' }) version!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-10-20T09:00:00.000Z' }) loadedAt!: string | null;
  @ApiProperty({ example: 'bundled' }) source!: string;
  @ApiProperty({ example: 447 }) zones!: number;
  @ApiProperty({ example: 151 }) links!: number;
  @ApiProperty({ example: '5f1c…' }) digest!: string;
  @ApiProperty({ example: 180 }) compileMs!: number;
  @ApiProperty({ type: ReleaseChangesView, nullable: true }) changes!: ReleaseChangesView | null;
  @ApiProperty({ type: [ReleaseHistoryItemView] }) history!: ReleaseHistoryItemView[];
}
