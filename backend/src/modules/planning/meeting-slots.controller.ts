import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CheckedBody } from '../gateway/checked-input.js';
import { PublicApi, Weighted } from '../gateway/sold-route.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { MeetingSlotsRequest } from './dto/meeting-slots.dto.js';
import { MeetingSlotsView } from './dto/planning.responses.js';
import { MeetingSlotsService } from './meeting-slots.service.js';
import { PLANNING_EXAMPLES, PLANNING_PROBLEMS, PLANNING_REQUESTS } from './planning.examples.js';
import { meetingSlotsRequestWeight, PER_REQUEST } from './planning.weight.js';

/** The route's description, shared with the site planner's keyless path. */
export const MEETING_SLOTS_DOC =
  'The best meeting slots for 2 to 20 participants, each placed by an IANA zone or Windows ID, a city or coordinates, with working hours (default 09:00-17:00, Monday to Friday, or per weekday) ' +
  "and, with `country` (and `subdivision`), that country's public holidays and weekend as days off (as the business-time routes count them). " +
  "Candidates start every `stepMinutes` (15, 30 or 60) from midnight of the first participant's date `from` through the end of `to` (at most 31 dates). " +
  "Scoring: a slot inside everyone's hours scores 0 to 100, 100 minus a point per 7.2 minutes of the largest distance of its middle from the middle of someone's working day; " +
  'when none fits everyone (`fullOverlap: false`), slots are compromises scored minus the minutes spent outside working hours (summed), naming who is outside and by how much. ' +
  'Ties go to the smaller worst distance, then the earlier start. `days` shows, per date of the first participant, when everyone is inside: as the US and the EU change clocks on different Sundays, the overlap of New York and London moves by an hour between them. ';

@ApiTags('Planning')
@Controller('planning')
export class MeetingSlotsController {
  constructor(private readonly slots: MeetingSlotsService) {}

  @Post('meeting-slots')
  @HttpCode(200)
  @PublicApi()
  @Weighted(meetingSlotsRequestWeight, { each: 'participant-slots', perRequest: PER_REQUEST })
  @ApiEndpoint({
    summary: 'Meeting slots across zones',
    description:
      MEETING_SLOTS_DOC +
      `Counts against the quota as one request per ${PER_REQUEST} participant-slots evaluated (candidate slots × participants), as the matrix counts cells. Offsets come from the tz release answered from (\`tzdb=\`).`,
    response: MeetingSlotsView,
    example: PLANNING_EXAMPLES.meetingSlots(),
    csvRows: 'slots',
    errors: ['invalid_timezone', 'invalid_date', 'invalid_range', 'invalid_coordinates'],
    moreErrors: PLANNING_PROBLEMS,
    body: { type: MeetingSlotsRequest, example: PLANNING_REQUESTS.meetingSlots },
  })
  meetingSlots(@CheckedBody(MeetingSlotsRequest) body: MeetingSlotsRequest) {
    return this.slots.find(body);
  }
}
