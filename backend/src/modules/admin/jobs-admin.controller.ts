import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../accounts/user.entity.js';
import { Authenticated, CurrentUser } from '../auth/authenticated.js';
import { JobQueueCountsView, JobView } from './dto/jobs.responses.js';
import { JOB_STATES, JobsConsole } from '../jobs/jobs-console.js';
import type { JobState } from '../jobs/jobs-console.js';
import { JobsErrors } from '../jobs/jobs.errors.js';

const MAX_PAGE = 500;

function parseJson(field: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 2000) throw JobsErrors.badQuery(field, `${field} must be JSON.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw JobsErrors.badQuery(field, `${field} must be JSON.`);
  }
}

/** The console's Jobs page, in the ra-data-simple-rest dialect: queues with counts, jobs of a queue, retry and discard. */
@ApiTags('Admin')
@Authenticated({ roles: ['super_admin'] })
@Controller('admin')
export class JobsAdminController {
  constructor(private readonly console: JobsConsole) {}

  @Get('job-queues')
  @ApiOperation({ summary: 'Every queue of the job engine with its jobs counted by state and the oldest waiting job' })
  @ApiOkResponse({ type: [JobQueueCountsView] })
  async queues(@Res({ passthrough: true }) reply: FastifyReply) {
    const rows = await this.console.counts();
    reply.header('Content-Range', `job-queues 0-${Math.max(0, rows.length - 1)}/${rows.length}`);
    return rows;
  }

  @Get('jobs')
  @ApiOperation({ summary: 'Jobs, newest first; filter queue and state (a mail shows to and subject, never its body)' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]', description: 'JSON [start, end], inclusive, at most 500 rows' })
  @ApiQuery({
    name: 'filter',
    required: false,
    example: '{"attention":true}',
    description: 'JSON object: queue, state, attention (failed or waiting for a retry), internal (include the scheduled housekeeping queues), customer, event',
  })
  @ApiOkResponse({ type: [JobView], headers: { 'Content-Range': { description: 'jobs 0-24/57', schema: { type: 'string' } } } })
  async jobs(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const range = parseJson('range', query.range) ?? [0, 24];
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw JobsErrors.badQuery('range', 'range must be [start, end] with 0 <= start <= end.');
    }
    const [start, end] = range as [number, number];
    const limit = Math.min(MAX_PAGE, end - start + 1);
    const filter = (parseJson('filter', query.filter) ?? {}) as Record<string, unknown>;
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw JobsErrors.badQuery('filter', 'filter must be a JSON object.');
    const queue = filter.queue;
    const state = filter.state;
    if (queue !== undefined && (typeof queue !== 'string' || queue.length > 100)) throw JobsErrors.badQuery('filter', 'queue must be a queue name.');
    if (state !== undefined && !JOB_STATES.includes(state as JobState)) throw JobsErrors.badQuery('filter', `state must be one of ${JOB_STATES.join(', ')}.`);
    const text = (field: 'customer' | 'event') => {
      const v = filter[field];
      if (v !== undefined && (typeof v !== 'string' || v.length > 200)) throw JobsErrors.badQuery('filter', `${field} must be text.`);
      return v === '' ? undefined : (v as string | undefined);
    };
    const page = await this.console.list({
      queue: queue === '' ? undefined : (queue as string | undefined),
      state: state as JobState | undefined,
      attention: filter.attention === true,
      internal: filter.internal === true,
      customer: text('customer'),
      event: text('event'),
      offset: start,
      limit,
    });
    reply.header('Content-Range', `jobs ${start}-${start + Math.max(0, page.rows.length - 1)}/${page.total}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return page.rows;
  }

  @Get('jobs/:id')
  @ApiOperation({ summary: 'One job' })
  @ApiOkResponse({ type: JobView })
  @ApiNotFoundResponse({ description: 'No such job' })
  job(@Param('id') id: string) {
    return this.console.get(id);
  }

  @Post('jobs/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give a failed job one more attempt, now (audited)' })
  @ApiOkResponse({ type: JobView })
  @ApiConflictResponse({ description: 'The job has not failed' })
  retry(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.console.retry({ user, ip: request.ip ?? null }, id);
  }

  @Post('jobs/:id/discard')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a job that should not run (again) (audited)' })
  @ApiOkResponse({ type: JobView })
  @ApiConflictResponse({ description: 'The job is running' })
  discard(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.console.discard({ user, ip: request.ip ?? null }, id);
  }
}
