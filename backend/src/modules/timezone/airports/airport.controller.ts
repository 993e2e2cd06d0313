import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ProblemDocumentSchema } from '../../../common/problems/problem.schema.js';
import { CheckedBody, CheckedQuery } from '../../gateway/checked-input.js';
import { PublicApi, Weighted } from '../../gateway/sold-route.js';
import { batchWeight } from '../batch/batch-items.js';
import { AnswerLocale } from '../cldr/answer-locale.js';
import { DEFAULT_LOCALE } from '../cldr/cldr-data.js';
import { localizeAnswer } from '../cldr/localize.js';
import { Clock } from '../clock.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { TimeEngine } from '../engine/time-engine.js';
import { ApiEndpoint } from '../timezone.docs.js';
import { airportTime } from './airport-answer.js';
import { airportIndex } from './airport-index.js';
import { AirportBatchRequest, AirportQuery } from './airport.dto.js';
import { AirportProblems } from './airport.errors.js';
import { AirportBatchView, AirportTimeView } from './airport.responses.js';

/** Documentation examples: real answers at a fixed instant. */
const AT = Date.parse('2024-07-01T13:00:00Z');
const docEngine = sharedTimeEngine();
const example = (code: string) => localizeAnswer(docEngine, airportTime(docEngine, airportIndex().find(code)!, AT), DEFAULT_LOCALE, AT);

const DATA_NOTE =
  "Airports from OurAirports (public domain; its medium and large airports with an IATA or ICAO code). The zone is the one timezone-boundary-builder's data gives at the airport's coordinates, as /api/time/current/coordinate answers it.";

/** The codes of a batch body, for its quota weight (before validation: anything else counts as one). */
const codesIn = (request: FastifyRequest) => {
  const codes = (request.body as { codes?: unknown } | undefined)?.codes;
  return Array.isArray(codes) ? codes.length : 1;
};

@ApiTags('TimeZone')
@Controller('timezone')
export class AirportController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
  ) {}

  @Get('airport')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Time at an airport',
    description: `The current time at an airport by IATA (LHR) or ICAO (EGLL) code: the airport's name, city, country and coordinates, and the current-time fields of its zone. ${DATA_NOTE} \`airport:LHR\` is also accepted wherever a zone is.`,
    response: AirportTimeView,
    example: example('LHR'),
    errors: [],
  })
  @ApiResponse({
    status: 404,
    description: 'No airport has the code (`unknown_airport`).',
    content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example: AirportProblems.unknown('XXX').toDocument() } },
  })
  airport(@CheckedQuery(AirportQuery) query: AirportQuery, @AnswerLocale() locale: string) {
    const airport = airportIndex().find(query.code);
    if (!airport) throw AirportProblems.unknown(query.code);
    const now = this.clock.now();
    return localizeAnswer(this.engine, airportTime(this.engine, airport, now), locale, now);
  }

  @Post('airport/batch')
  @HttpCode(200)
  @PublicApi()
  @Weighted((request) => batchWeight(codesIn(request)))
  @ApiEndpoint({
    summary: 'Time at many airports',
    description: `Up to 100 IATA or ICAO codes in one call, counted as one request per 100 codes. Each known code answers as GET /api/timezone/airport; unknown ones are listed in \`unknown_codes\`. ${DATA_NOTE}`,
    response: AirportBatchView,
    example: { airports: [example('LHR'), example('RJAA')], unknown_codes: [], total: 2 },
    csvRows: 'airports',
    errors: [],
    body: { type: AirportBatchRequest, example: { codes: ['LHR', 'RJAA'] } },
  })
  batch(@CheckedBody(AirportBatchRequest) body: AirportBatchRequest, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    const index = airportIndex();
    const airports: ReturnType<typeof airportTime>[] = [];
    const unknown: string[] = [];
    for (const code of body.codes) {
      const airport = index.find(code);
      // Each answer localized as the single route's is (the envelope has no names of its own).
      if (airport) airports.push(localizeAnswer(this.engine, airportTime(this.engine, airport, now), locale, now));
      else unknown.push(code);
    }
    return { airports, unknown_codes: unknown, total: airports.length };
  }
}
