import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CheckedQuery } from '../../gateway/checked-input.js';
import { PublicApi } from '../../gateway/sold-route.js';
import { Clock } from '../clock.js';
import { parseDateTime } from '../engine/local-time.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { TimeEngine } from '../engine/time-engine.js';
import { ApiEndpoint } from '../timezone.docs.js';
import { timezoneProblem } from '../timezone.errors.js';
import { AtLocalTimeQuery, AtLocalTimeView } from './at-local-time.dto.js';
import { parseClockTime, zonesAtLocalTime, type ZonesAtLocalTimeAnswer } from './zones-at-local-time.js';

/** The instant `at` names (it must carry its offset: a wall-clock time would need a zone). */
function instantOf(text: string): number {
  const parsed = parseDateTime(text, 'at');
  if (parsed.offsetSeconds === null) throw timezoneProblem('invalid_datetime', `at "${text}" is an instant: give it an offset (Z or ±hh:mm).`, 'at');
  return parsed.civil - parsed.offsetSeconds * 1000;
}

/** "Which places are at 9:00?" for the engine's release. */
export function answerAtLocalTime(engine: TimeEngine, query: AtLocalTimeQuery, now: number): ZonesAtLocalTimeAnswer {
  return zonesAtLocalTime(engine, parseClockTime(query.time), query.precision ?? 'minute', query.at !== undefined ? instantOf(query.at) : now);
}

const EXAMPLE = (() => {
  const answer = answerAtLocalTime(sharedTimeEngine(), { time: '09:00', at: '2027-03-10T09:00:00Z' }, 0);
  return { ...answer, groups: answer.groups.map((g) => ({ ...g, zones: g.zones.slice(0, 3) })) };
})();

@ApiTags('TimeZone')
@Controller('timezone')
export class AtLocalTimeController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
  ) {}

  @Get('at-local-time')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Who is at a local time',
    description:
      'The zones whose local time at `at` (default now) is the minute `time` names, or anywhere in its hour with `precision=hour`: "send the morning mail at 9:00 local, everywhere". ' +
      "Zones are grouped by their UTC offset (east to west), each with its country and its largest city (tzdb names each zone after its region's most populous place). " +
      'Every listed zone of the tz release is read at that instant, so a zone in summer time is found at its summer offset.',
    response: AtLocalTimeView,
    example: EXAMPLE,
    csvRows: 'groups',
    errors: ['invalid_datetime'],
  })
  atLocalTime(@CheckedQuery(AtLocalTimeQuery) query: AtLocalTimeQuery): ZonesAtLocalTimeAnswer {
    return answerAtLocalTime(this.engine, query, this.clock.now());
  }
}
