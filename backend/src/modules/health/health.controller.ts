import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PublicUnmetered } from '../../common/public-api.decorator.js';
import { HealthService } from './health.service.js';
import type { HealthReport } from './health.service.js';

@ApiTags('System')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @PublicUnmetered()
  @ApiOperation({
    summary: 'Service health',
    description: 'Live state of the service: database, time zone data and cache, the tz database version and uptime. Public and not metered; no API key needed.',
  })
  @ApiOkResponse({
    description: 'The service answers (status may be `degraded` when the cache is away).',
    schema: {
      example: {
        status: 'ok',
        timestamp: '2026-11-22T10:00:00.000Z',
        version: '1.0.0',
        uptime: 3600,
        tzdbVersion: '2025b',
        services: { database: 'up', timezone_data: 'up', cache: 'up' },
        response_time_ms: 2,
      },
    },
  })
  @ApiServiceUnavailableResponse({ description: 'The database is unreachable (status `down`).' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    reply.header('Cache-Control', 'no-store');
    if (report.status === 'down') reply.status(503);
    return report;
  }
}
