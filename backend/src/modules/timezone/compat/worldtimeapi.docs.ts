import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AnswersErrorsAs } from '../../../common/problems/error-body.js';
import { worldTimeJsonError, worldTimeTextError } from './worldtimeapi.errors.js';
import { WorldTimeErrorView, WorldTimeView } from './worldtimeapi.responses.js';

/** A path parameter as Fastify matched it (the lane runs only argument decorators made with createParamDecorator). */
export const PathParam = createParamDecorator((name: string, ctx: ExecutionContext) => {
  const value = (ctx.switchToHttp().getRequest<FastifyRequest>().params as Record<string, string | undefined>)[name];
  return value ?? '';
});

/** The caller's address as Fastify reads it (X-Forwarded-For only under TRUST_PROXY): WorldTimeAPI's `client_ip`. */
export const ClientIp = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<FastifyRequest>().ip ?? '');

const EXAMPLE_TIME: WorldTimeView = {
  abbreviation: 'CET',
  client_ip: '203.0.113.7',
  datetime: '2026-11-29T07:01:02.123000+01:00',
  day_of_week: 0,
  day_of_year: 333,
  dst: false,
  dst_from: null,
  dst_offset: 0,
  dst_until: null,
  raw_offset: 3600,
  timezone: 'Europe/Oslo',
  unixtime: 1795845662,
  utc_datetime: '2026-11-29T06:01:02.123000+00:00',
  utc_offset: '+01:00',
  week_number: 48,
};
const EXAMPLE_TEXT = Object.entries(EXAMPLE_TIME)
  .map(([k, v]) => `${k}: ${v === null ? '' : String(v)}`)
  .join('\n');

/** Which answer a compat route gives: WorldTimeAPI's time (JSON or text) or its list of zones (JSON or text). */
export type CompatAnswer = 'time' | 'time.txt' | 'list' | 'list.txt';

/** A response's content by media type, as ApiResponse takes it. */
type ContentObject = NonNullable<NonNullable<Parameters<typeof ApiResponse>[0]>['content']>;

const PATH_PARAMS = {
  area: 'The first part of the zone name.',
  location: 'The second part of the zone name.',
  region: 'The third part of a three-part zone name (America/Argentina/Salta).',
  ipv4: 'An IPv4 (or IPv6) address to locate.',
};

/** A route's path parameters with the example each takes in the documentation (and the Postman collection's request). */
type PathExamples = Partial<Record<keyof typeof PATH_PARAMS, string>>;

/** One compat operation: WorldTimeAPI's summary, its path parameters, its answer and its `{"error": ...}` shape. */
export function CompatEndpoint(summary: string, answer: CompatAnswer, params: PathExamples = {}) {
  const text = answer.endsWith('.txt');
  const ok: ContentObject =
    answer === 'time'
      ? { 'application/json': { schema: { $ref: getSchemaPath(WorldTimeView) }, example: EXAMPLE_TIME } }
      : answer === 'list'
        ? { 'application/json': { schema: { type: 'array', items: { type: 'string' } }, example: ['Europe/Oslo', 'Europe/Paris'] } }
        : { 'text/plain': { schema: { type: 'string' }, example: answer === 'time.txt' ? EXAMPLE_TEXT : 'Europe/Oslo\nEurope/Paris\n' } };
  const error: ContentObject = text
    ? { 'text/plain': { schema: { type: 'string' }, example: 'error: unknown location\n' } }
    : { 'application/json': { schema: { $ref: getSchemaPath(WorldTimeErrorView) }, example: { error: 'unknown location' } } };
  return applyDecorators(
    AnswersErrorsAs(text ? worldTimeTextError : worldTimeJsonError),
    ApiExtraModels(WorldTimeView, WorldTimeErrorView),
    ApiOperation({
      summary,
      description:
        "WorldTimeAPI's route, answers and errors (its OpenAPI document, version 20210108), from our tz engine; send your key in the X-API-Key header. " +
        'Errors in this namespace are `{"error": "..."}` (`error: ...` for .txt), with WorldTimeAPI\'s texts: an unknown zone or area is 404 `unknown location`, a malformed address 400 `malformed ip`.',
    }),
    ...Object.entries(params).map(([name, example]) =>
      ApiParam({ name, required: true, description: PATH_PARAMS[name as keyof PathExamples], schema: { type: 'string', example } }),
    ),
    ApiResponse({ status: 200, description: 'OK.', content: ok }),
    ApiResponse({ status: 404, description: 'Unknown zone, area or location of the address.', content: error }),
    ApiResponse({ status: 400, description: 'A malformed IP address.', content: error }),
  );
}
