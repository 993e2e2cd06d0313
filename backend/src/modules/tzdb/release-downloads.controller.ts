import { createHash } from 'node:crypto';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Problems } from '../../common/problems/problem.js';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { TZDB_VERSION } from './bundled-release.js';
import { COMPILED_THROUGH_YEAR } from './compile-release.js';
import { ReleaseCache } from './release-cache.js';
import { TZ_BUILDS, type TzBuild } from './release-files.js';
import type { TzRelease } from './tz-release.js';
import { TzdbErrors } from './tzdb.errors.js';
import { writeTzif } from './tzif-writer.js';

/** Generated TZif files kept (a few KB each). */
const FILES_KEPT = 512;
/** Where the written transitions end: the compiled range; the footer's rule carries on. */
const COMPILED_UNTIL_MS = Date.UTC(COMPILED_THROUGH_YEAR + 1, 0, 1);
const ZONE_NAME = /^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/;

interface Download {
  body: Buffer;
  etag: string;
}

/** ?history= of a download: the build (default backzone); 400 invalid_history otherwise. */
function buildParam(history: unknown): TzBuild {
  if (history === undefined) return 'backzone';
  if (typeof history === 'string' && (TZ_BUILDS as readonly string[]).includes(history)) return history as TzBuild;
  throw TzdbErrors.invalidHistory(String(history));
}

const HISTORY_QUERY = ApiQuery({
  name: 'history',
  required: false,
  schema: { type: 'string', enum: ['backzone', 'main'], default: 'backzone' },
  description:
    "The build: `backzone` (the default, each zone's own history before 1970, as the API answers by default) or `main` (IANA's default build, as browsers and ICU; zones such as Europe/Oslo get their main-build link target's data). The same as the API's history=.",
});

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and `*` matches any current representation. */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * The exact data each stored release answers from, to download: its TZif files (as zic writes them, from our own
 * compile) and the tzdata.zi it was compiled from. Public, unmetered, strong ETags (304 on If-None-Match), so a
 * customer can run offline on the very data the API answers with.
 */
@ApiTags('TimeZone')
@Controller('timezone/releases')
export class ReleaseDownloadsController {
  private readonly files = new Map<string, Download>();

  constructor(private readonly releases: ReleaseCache) {}

  @Get(':version/tzif/*')
  @PublicUnmetered()
  @ApiOperation({
    summary: "A zone's TZif file (no key)",
    description:
      "The zone's compiled data as a TZif file (RFC 9636, version 2 or 3 as zic writes it: the 32-bit and 64-bit data and the POSIX TZ footer for instants after 2100), for any release GET /api/timezone/releases lists. " +
      "A link (Asia/Calcutta) gets its zone's file. Read it with any TZif reader (Python's zoneinfo, Go's time.LoadLocation, java.time via ZoneRulesProvider, libc with TZ=/path): it answers what this API answers for that release. No API key, not metered; strong ETag, If-None-Match answers 304.",
  })
  @ApiParam({ name: 'version', example: TZDB_VERSION, description: 'A stored release (GET /api/timezone/releases).' })
  @ApiParam({ name: 'zone', example: 'America/New_York', description: 'An IANA zone or link name, slashes as they are.' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description: 'The TZif file',
    headers: { ETag: { description: 'Strong validator of the file', schema: { type: 'string' } } },
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  @HISTORY_QUERY
  @ApiBadRequestResponse({ description: 'history= is neither backzone nor main (problem+json `invalid_history`).' })
  @ApiNotFoundResponse({
    description:
      'No such stored release (problem+json `unknown_release`, listing the stored ones), no such zone in it (`not_found`), or a build the release was not loaded with (`build_unavailable`).',
  })
  async tzif(
    @Param('version') version: string,
    @Param('*') zone: string,
    @Query('history') history: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const build = buildParam(history);
    const release = inBuild(await this.releases.get(version), build);
    const name = Array.isArray(zone) ? zone.join('/') : zone;
    const compiled = ZONE_NAME.test(name) && name.length <= 100 ? release.zone(name) : undefined;
    if (!compiled) throw Problems.notFound(`Zone ${JSON.stringify(name.slice(0, 100))} in release ${release.version}`);
    // In the main build a backzone zone (Europe/Oslo) is its link target's compiled zone (Europe/Berlin): the same file.
    const key = `${release.version}:${release.digest}:${build}:${compiled.name}`;
    let file = this.files.get(key);
    if (!file) {
      const body = writeTzif(compiled, COMPILED_UNTIL_MS);
      file = { body, etag: etagOf(body) };
      if (this.files.size >= FILES_KEPT) this.files.delete(this.files.keys().next().value!);
      this.files.set(key, file);
    }
    const fileName = compiled.name.replace(/\//g, '_');
    this.send(request, reply, file, 'application/octet-stream', `attachment; filename="${fileName}"`);
  }

  @Get(':version/tzdata.zi')
  @PublicUnmetered()
  @ApiOperation({
    summary: 'The tzdata.zi a release was compiled from (no key)',
    description:
      'The zic source (one file, tzdata.zi form) of a stored release, exactly as this server compiled it: `zic -d DIR tzdata.zi` builds the same zones. No API key, not metered; strong ETag, If-None-Match answers 304.',
  })
  @ApiParam({ name: 'version', example: TZDB_VERSION, description: 'A stored release (GET /api/timezone/releases).' })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The zic source',
    headers: { ETag: { description: 'Strong validator of the file', schema: { type: 'string' } } },
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  @HISTORY_QUERY
  @ApiBadRequestResponse({ description: 'history= is neither backzone nor main (problem+json `invalid_history`).' })
  @ApiNotFoundResponse({
    description: 'No such stored release (problem+json `unknown_release`, listing the stored ones), or a build it was not loaded with (`build_unavailable`).',
  })
  async tzdataZi(
    @Param('version') version: string,
    @Query('history') history: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const build = buildParam(history);
    const source = await this.releases.source(version, build);
    if (!source) {
      const release = await this.releases.get(version);
      throw TzdbErrors.buildUnavailable(release.version, build, release.builds.available);
    }
    const key = `${source.version}:${source.digest}:${build}:tzdata.zi`;
    let file = this.files.get(key);
    if (!file) {
      file = { body: source.zi, etag: etagOf(source.zi) };
      this.files.set(key, file);
    }
    const fileName = build === 'main' ? `tzdata${source.version}-main.zi` : `tzdata${source.version}.zi`;
    this.send(request, reply, file, 'text/plain; charset=utf-8', `inline; filename="${fileName}"`);
  }

  private send(request: FastifyRequest, reply: FastifyReply, file: Download, type: string, disposition: string): void {
    // A version's content can change only if a super admin stores it again from another source: revalidate hourly.
    reply.header('ETag', file.etag).header('Cache-Control', 'public, max-age=3600');
    if (notModified(request, file.etag)) {
      reply.code(304).send();
      return;
    }
    reply.code(200).header('Content-Type', type).header('Content-Disposition', disposition).send(file.body);
  }
}

/** A release in the build asked for; 404 build_unavailable when its source lacks it. */
function inBuild(release: TzRelease, build: TzBuild): TzRelease {
  const chosen = release.as(build);
  if (!chosen) throw TzdbErrors.buildUnavailable(release.version, build, release.builds.available);
  return chosen;
}
