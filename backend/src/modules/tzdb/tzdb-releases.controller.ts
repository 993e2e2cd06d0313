import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Feed } from 'feed';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { ReleasesView } from './dto/releases.responses.js';
import { PublicReleases } from './public-releases.js';

const example = {
  releases: [
    {
      version: '2026f',
      loadedAt: '2026-10-20T09:00:00.000Z',
      wentLiveAt: '2026-10-20T09:00:00.000Z',
      origin: 'feed',
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
    {
      version: '2026b',
      loadedAt: '2026-05-02T08:00:00.000Z',
      wentLiveAt: '2026-05-02T08:00:00.000Z',
      origin: 'bundled',
      active: false,
      previousVersion: null,
      changedZones: [],
    },
  ],
  total: 2,
};

/** The tz releases this server has answered from, for customers (and the site's "Data updates"). */
@ApiTags('TimeZone')
@Controller('timezone')
export class TzdbReleasesController {
  constructor(private readonly published: PublicReleases) {}

  @Get('releases')
  @PublicUnmetered()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiEndpoint({
    summary: 'tz database releases (no key)',
    description:
      "The IANA tz database releases this server has loaded, newest first, the active one marked, each with the zones and links whose offsets or abbreviations it changed in the 24 months after it was loaded. No API key, not metered. The active version is also in every answer's X-Tzdb-Version header.",
    response: ReleasesView,
    example,
    csvRows: 'releases',
    errors: [],
  })
  releases() {
    return this.published.list();
  }
}

/**
 * The same releases as an Atom feed, to follow without an account (the site's "Data updates" links it). A feed for
 * readers, not an operation of the sold API: outside the public OpenAPI document and its contract tests.
 */
@ApiTags('Release feed')
@Controller('timezone')
export class TzdbReleasesAtomController {
  constructor(
    private readonly releases: PublicReleases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('releases.atom')
  @PublicUnmetered()
  @Header('Content-Type', 'application/atom+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary: 'tz database releases as an Atom feed (no key)',
    description:
      'The same releases as GET /api/timezone/releases, one entry each with the time it went live here, how it came, and the zones it changed: subscribe without an account.',
  })
  @ApiProduces('application/atom+xml')
  @ApiOkResponse({ description: 'An Atom 1.0 feed', content: { 'application/atom+xml': { schema: { type: 'string' } } } })
  async atom(): Promise<string> {
    const { releases } = await this.releases.list();
    const site = `${this.config.appUrl}/timezone-data`;
    const feed = new Feed({
      title: 'TimeZone API: tz database releases',
      description: 'IANA tz database releases as they go live on this API, with the zones each one changed.',
      id: site,
      link: site,
      language: 'en',
      updated: releases.length ? new Date(Math.max(...releases.map((r) => Date.parse(r.wentLiveAt)))) : new Date(0),
      copyright: 'The tz database is in the public domain',
      generator: 'TimeZone API',
      feedLinks: { atom: `${this.config.appUrl}/api/timezone/releases.atom` },
    });
    for (const release of releases) {
      const how = { feed: 'from the signed IANA feed', upload: 'uploaded by an administrator', bundled: 'shipped with the server', env: 'configured at start' }[
        release.origin
      ];
      const zones = release.changedZones.map((z) => {
        const change = z.changes[0];
        return change
          ? `${z.zone}: from ${change.from.slice(0, 10)}, ${change.before.utcOffset} ${change.before.abbreviation} → ${change.after.utcOffset} ${change.after.abbreviation}`
          : z.zone;
      });
      const summary = zones.length
        ? `Zones changed in the next 24 months: ${zones.length}.`
        : 'No zone changes its offsets or abbreviations in the next 24 months.';
      feed.addItem({
        title: `tz release ${release.version} is live${release.active ? ' (answering now)' : ''}`,
        id: `${site}#${release.version}`,
        link: `${site}#${release.version}`,
        date: new Date(release.wentLiveAt),
        published: new Date(release.wentLiveAt),
        description: `${release.version} went live ${release.wentLiveAt.slice(0, 16).replace('T', ' ')} UTC, ${how}. ${summary}`,
        content: [
          `<p>${release.version} went live ${release.wentLiveAt} (${how}).</p>`,
          zones.length ? `<ul>${zones.map((z) => `<li>${escapeHtml(z)}</li>`).join('')}</ul>` : `<p>${summary}</p>`,
        ].join(''),
      });
    }
    return feed.atom1();
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
