import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/authenticated.js';
import { ChangeNotices } from './change-notices.js';

export class ReleaseAudienceView {
  @ApiProperty({ example: '2026g' }) version!: string;
  @ApiProperty({
    description: 'Accounts that used a changed zone in the last 30 days: each gets a notice, a mail (unless off) and the tzdb.zones_changed event.',
    example: 12,
  })
  accounts!: number;
  @ApiProperty({ description: 'Their active keys pinned to an older release whose used zones a move to this one would change.', example: 2 })
  pinnedKeys!: number;
  @ApiProperty({
    description: 'Enabled webhook endpoints the activation sends an event to (tzdb.zones_changed of those accounts, every tzdb.release.activated).',
    example: 3,
  })
  webhookEndpoints!: number;
}

/** The console's release review asks change notices who an activation would tell, before anything goes live. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin/tzdb/releases')
export class ReleaseAudienceController {
  constructor(private readonly notices: ChangeNotices) {}

  @Get(':id/audience')
  @ApiOperation({ summary: "Who a stored release's activation tells: accounts, pinned keys and webhook endpoints, counted as the activation job counts them" })
  @ApiOkResponse({ type: ReleaseAudienceView })
  @ApiNotFoundResponse({ description: 'No stored release has that id (code `not_found`)' })
  audience(@Param('id') id: string) {
    return this.notices.audience(id);
  }
}
