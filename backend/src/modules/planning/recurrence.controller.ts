import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CheckedBody } from '../gateway/checked-input.js';
import { PublicApi, Weighted } from '../gateway/sold-route.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { MAX_OCCURRENCES } from '../timezone/recurrence/recurrence.errors.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { RecurrenceRequest } from './dto/recurrence.dto.js';
import { RecurrenceView } from './dto/planning.responses.js';
import { PLANNING_EXAMPLES, PLANNING_REQUESTS, RECURRENCE_PROBLEMS } from './planning.examples.js';
import { recurrenceAnswer } from './recurrence-answer.js';
import { PER_REQUEST, recurrenceRequestWeight } from './planning.weight.js';

@ApiTags('Planning')
@Controller('calculation')
export class RecurrenceController {
  constructor(private readonly engine: TimeEngine) {}

  @Post('recurrence')
  @HttpCode(200)
  @PublicApi()
  @Weighted(recurrenceRequestWeight, { each: 'occurrences', perRequest: PER_REQUEST })
  @ApiEndpoint({
    summary: 'Expand a recurring event',
    description:
      'The occurrences of an iCalendar (RFC 5545) rule set (DTSTART;TZID=…, RRULE, RDATE, EXDATE) between `from` and `to`: each with its wall-clock time, the local time it happens at with the offset in force, and the UTC instant. ' +
      'Each RRULE is expanded in wall-clock time, then placed in the zone by our tz data: a time skipped by a clock change moves forward by the length of the gap, a repeated time takes the first (RFC 5545 §3.3.10, Temporal `compatible`); such an occurrence says so (`resolution`, `gap`, `overlap`). ' +
      'TZID may be a Windows zone ID, as calendars exported from Outlook carry. EXDATEs remove the occurrence at their instant; RDATEs add theirs. A DTSTART that does not match the rule is not itself an occurrence (as python-dateutil). ' +
      `At most ${MAX_OCCURRENCES} occurrences: a COUNT above it, or a window holding more (a rule with no COUNT or UNTIL needs \`to\`), is refused. ` +
      `Counts against the quota as one request per ${PER_REQUEST} occurrences answered.`,
    response: RecurrenceView,
    example: PLANNING_EXAMPLES.recurrence(),
    csvRows: 'occurrences',
    errors: ['invalid_timezone', 'invalid_datetime'],
    moreErrors: RECURRENCE_PROBLEMS,
    body: { type: RecurrenceRequest, example: PLANNING_REQUESTS.recurrence },
  })
  recurrence(@CheckedBody(RecurrenceRequest) body: RecurrenceRequest) {
    return recurrenceAnswer(this.engine, body);
  }
}
