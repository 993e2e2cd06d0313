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
  @ApiPropertyOptional({ description: 'For a link (e.g. Canada/Mountain), the zone it resolves to in this release.', example: 'America/Edmonton' })
  linkTo?: string;
  @ApiProperty({ type: [ZoneChangeView] }) changes!: ZoneChangeView[];
  @ApiPropertyOptional({
    type: [String],
    description: 'In the console: links (Asia/Calcutta, US/Eastern) that change exactly as this zone does, folded under it instead of listed on their own.',
    example: ['Canada/Mountain'],
  })
  aliases?: string[];
}

export class PublicReleaseView {
  @ApiProperty({ example: '2026f' }) version!: string;
  @ApiProperty({ description: 'When this server last made it the active release.', example: '2026-10-20T09:00:00.000Z' }) loadedAt!: string;
  @ApiProperty({ description: 'When it first went live here.', example: '2026-10-20T09:00:00.000Z' }) wentLiveAt!: string;
  @ApiProperty({
    enum: ['bundled', 'env', 'upload', 'feed'],
    description: 'How it came: shipped with the server, TZDB_RELEASE, a super admin upload, or the signed IANA feed.',
    example: 'feed',
  })
  origin!: 'bundled' | 'env' | 'upload' | 'feed';
  @ApiProperty({ description: 'The release answers come from now.', example: true }) active!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The release it replaced; null for the first one.', example: '2026b' }) previousVersion!:
    string | null;
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
  @ApiProperty({ enum: ['bundled', 'env', 'upload', 'feed'], example: 'feed' }) origin!: 'bundled' | 'env' | 'upload' | 'feed';
  @ApiProperty({ enum: ['verified', 'unsigned'], nullable: true, description: 'For the feed: the detached signature was verified, or no key is configured.' })
  signature!: 'verified' | 'unsigned' | null;
  @ApiProperty({ description: 'Stored by the feed and not yet live: a super admin activates it.', example: false }) waiting!: boolean;
  @ApiProperty({ type: String, nullable: true, example: '2026-10-20T09:00:00.000Z' }) wentLiveAt!: string | null;
}

export class FeedStatusView {
  @ApiProperty({ description: 'TZDB_FEED_URL is set.', example: true }) enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'https://data.iana.org/time-zones/tzdata-latest.tar.gz' }) url!: string | null;
  @ApiProperty({ enum: ['off', 'unknown', 'unchanged', 'activated', 'waiting', 'refused', 'error'], description: "The last check's outcome." })
  state!: string;
  @ApiProperty({ description: 'Verified releases go live without anyone acting.', example: true }) autoActivate!: boolean;
  @ApiProperty({ type: [String], description: 'Fingerprints of the trusted signing keys (TZDB_FEED_KEYS).' }) trustedKeys!: string[];
  @ApiProperty({ example: 3600000 }) intervalMs!: number;
  @ApiProperty({ type: String, nullable: true }) lastCheckedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastSuccessAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last check refused a release or failed.' }) lastError!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026g' }) newestVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) newestSeenAt!: string | null;
}

export class FeedCheckView {
  @ApiProperty({ enum: ['unchanged', 'activated', 'waiting', 'refused', 'error'] }) outcome!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026g' }) version!: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
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
  @ApiProperty({ type: FeedStatusView }) feed!: FeedStatusView;
}
