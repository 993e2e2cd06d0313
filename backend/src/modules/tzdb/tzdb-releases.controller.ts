import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { ReleasesView } from './dto/releases.responses.js';
import { TzdbService } from './tzdb.service.js';

const example = {
  releases: [
    {
      version: '2026f',
      loadedAt: '2026-10-20T09:00:00.000Z',
      active: true,
      previousVersion: '2026b',
      changedZones: [
        {
          zone: 'America/Edmonton',
          changes: [
            {
              from: '2026-11-01T08:00:00.000Z',
              to: '2027-03-14T09:00:00.000Z',
              before: { utcOffset: '-07:00', abbreviation: 'MST', dst: false },
              after: { utcOffset: '-06:00', abbreviation: 'CST', dst: false },
            },
          ],
        },
      ],
    },
    { version: '2026b', loadedAt: '2026-05-02T08:00:00.000Z', active: false, previousVersion: null, changedZones: [] },
  ],
  total: 2,
};

/** The tz releases this server has answered from, for customers (and the site's "Data updates"). */
@ApiTags('TimeZone')
@Controller('timezone')
export class TzdbReleasesController {
  constructor(private readonly tzdb: TzdbService) {}

  @Get('releases')
  @PublicUnmetered()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiEndpoint({
    summary: 'tz database releases (no key)',
    description:
      'The IANA tz database releases this server has loaded, newest first, the active one marked, each with the zones and links whose offsets or abbreviations it changed in the 24 months after it was loaded. No API key, not metered. The active version is also in every answer\'s X-Tzdb-Version header.',
    response: ReleasesView,
    example,
    csvRows: 'releases',
    errors: [],
  })
  releases() {
    return this.tzdb.publicList();
  }
}
