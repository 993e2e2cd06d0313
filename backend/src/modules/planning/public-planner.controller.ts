import { Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { CheckedBody } from '../gateway/checked-input.js';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { admitDemoCall, DEMO_LIMIT } from '../timezone/public-timezones.controller.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { MeetingSlotsRequest } from './dto/meeting-slots.dto.js';
import { MeetingSlotsView } from './dto/planning.responses.js';
import { MEETING_SLOTS_DOC } from './meeting-slots.controller.js';
import { MeetingSlotsService } from './meeting-slots.service.js';
import { PLANNING_EXAMPLES, PLANNING_PROBLEMS, PLANNING_REQUESTS } from './planning.examples.js';

/** The planner page asks for a fortnight at most; the sold route answers 31 days. */
export const PLANNER_MAX_DAYS = 14;

@ApiTags('Planning')
@Controller('public/planner')
export class PublicPlannerController {
  constructor(
    private readonly slots: MeetingSlotsService,
    private readonly limiter: RateLimiter,
  ) {}

  @Post('meeting-slots')
  @HttpCode(200)
  @PublicUnmetered()
  @Header('Cache-Control', 'no-store')
  @ApiEndpoint({
    summary: 'Meeting planner: meeting slots (no key)',
    description:
      `The public meeting planner's page (/meeting-planner): the answer of POST /api/planning/meeting-slots without an API key and not metered, for at most ${PLANNER_MAX_DAYS} dates. ` +
      `Limited to ${DEMO_LIMIT.requests} requests a minute per IP address; use POST /api/planning/meeting-slots with a key for more. ` +
      MEETING_SLOTS_DOC,
    response: MeetingSlotsView,
    example: PLANNING_EXAMPLES.meetingSlots(),
    csvRows: 'slots',
    errors: ['invalid_timezone', 'invalid_date', 'invalid_range'],
    moreErrors: PLANNING_PROBLEMS,
    body: { type: MeetingSlotsRequest, example: PLANNING_REQUESTS.meetingSlots },
  })
  @ApiTooManyRequestsResponse({
    description: `More than ${DEMO_LIMIT.requests} planner requests a minute from this IP address (problem+json, code \`rate_limited\`, with Retry-After)`,
  })
  async meetingSlots(@CheckedBody(MeetingSlotsRequest) body: MeetingSlotsRequest, @Req() request: FastifyRequest) {
    await admitDemoCall(this.limiter, 'planner', request.ip, 'The meeting planner');
    return this.slots.find(body, PLANNER_MAX_DAYS);
  }
}
