import { Controller, HttpCode, Post, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiConsumes, ApiNotFoundResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Problems } from '../../../common/problems/problem.js';
import { checkInput } from '../../gateway/checked-input.js';
import { isCsvBody } from '../../gateway/csv-body.js';
import { AcceptsCsvBody } from '../../gateway/sold-route.js';
import { bundledRelease } from '../../tzdb/bundled-release.js';
import { StoredReleaseZones } from '../../tzdb/stored-release-zones.js';
import { batchWeight } from './batch-items.js';
import { BatchEndpoint } from './batch.docs.js';
import { ImpactRequest } from './batch.dto.js';
import { ImpactView } from './batch.responses.js';
import { IMPACT_COLUMNS, IMPACT_MAX_ITEMS, impactAnswer, type ImpactKind } from './impact-check.js';
import { BatchReply, StreamedReply } from './streamed-answer.js';
import { RULE_ITEM_WEIGHT } from './impact-rules.js';

/** The request's items without validating them (the quota weight is read before the route runs). */
function itemsOf(request: FastifyRequest): unknown[] | null {
  const body = request.body;
  if (isCsvBody(body)) return body.rows;
  const b = body as { events?: unknown; instants?: unknown } | null;
  const items = b?.events ?? b?.instants;
  return Array.isArray(items) ? items : null;
}

/** The envelope checked (400 validation_failed): a JSON body, or a CSV body with from and to in the query string. */
export function readImpactRequest(body: unknown, query: Record<string, unknown>): ImpactRequest {
  let source = body;
  if (isCsvBody(body)) {
    const kind = body.columns.includes('utc') ? 'instants' : 'events';
    source = { from: query.from, to: query.to, [kind]: body.rows };
  }
  return checkInput(ImpactRequest, source, 'body');
}

/** Which items the request carries; exactly one of events and instants. */
function itemsToCheck(request: ImpactRequest): { kind: ImpactKind; items: unknown[] } {
  if ((request.events === undefined) === (request.instants === undefined))
    throw Problems.validation([{ field: 'events', message: 'send either events (stored wall-clock times) or instants (stored instants), not both' }]);
  return request.events ? { kind: 'events', items: request.events } : { kind: 'instants', items: request.instants! };
}

/** The request's ImpactRequest (the DTO is the decorator's data, so MCP's tool finds it as it does for CheckedBody). */
const ImpactBody = createParamDecorator((_dto: unknown, ctx: ExecutionContext) => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  return readImpactRequest(request.body, (request.query ?? {}) as Record<string, unknown>);
});

const bundled = bundledRelease();

@ApiTags('TimeZone')
@Controller('timezone')
export class ImpactController {
  constructor(private readonly releases: StoredReleaseZones) {}

  @Post('impact')
  @HttpCode(200)
  @AcceptsCsvBody()
  @BatchEndpoint({
    summary: 'Impact of a tz release on stored times',
    description:
      `For up to ${IMPACT_MAX_ITEMS} stored wall-clock times (events) or instants, answers item by item whether their meaning changes between two stored tz releases ` +
      '(`changed`: the UTC instant of a stored local time, or the local time of a stored instant), both readings, and the gap or overlap the newer rules create (`newRule`). ' +
      "Gaps and overlaps are resolved as Temporal's `compatible` and reported (`resolution`). A bad item answers its own `error`; the call still answers 200. " +
      'An events item may carry a recurring event instead of one time: `rule`, an iCalendar rule set (DTSTART;TZID=…, RRULE, RDATE, EXDATE), with optional `horizonStart` and `horizonEnd`; ' +
      `its first 1,000 occurrences in the horizon are read in both releases and \`changedOccurrences\` lists those whose instant or resolution differs (it weighs as ${RULE_ITEM_WEIGHT} items). ` +
      'Send JSON, or CSV (Content-Type: text/csv; header row localDateTime,timeZone or utc,timeZone; from and to in the query string). ' +
      'Counts against the quota and the per-second fair-use limit as one request per 100 items. An unknown release is 404 `unknown_release`, listing the stored ones.',
    response: ImpactView,
    rowsField: 'items',
    csvColumns: IMPACT_COLUMNS,
    example: () => impactAnswer('events', [{ localDateTime: '2024-03-10T02:30:00', timeZone: 'America/New_York' }], bundled, bundled),
    body: {
      type: ImpactRequest,
      examples: {
        events: {
          summary: 'Stored wall-clock times',
          value: { from: bundled.version, to: bundled.version, events: [{ localDateTime: '2027-03-14T02:30:00', timeZone: 'America/New_York' }] },
        },
        rules: {
          summary: 'A stored recurring event',
          value: {
            from: bundled.version,
            to: bundled.version,
            events: [{ rule: 'DTSTART;TZID=Asia/Tokyo:20270104T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=52' }],
          },
        },
        instants: {
          summary: 'Stored instants',
          value: { from: bundled.version, to: bundled.version, instants: [{ utc: '2027-03-14T07:30:00Z', timeZone: 'America/New_York' }] },
        },
      },
    },
    bodyLimit: 2 * 1024 * 1024,
    jsonMembers: IMPACT_MAX_ITEMS * 3 + 16,
    weight: (request) => {
      const items = itemsOf(request);
      if (!items || items.length > IMPACT_MAX_ITEMS) return 1;
      // A recurring event is read for up to 1,000 occurrences: it weighs as RULE_ITEM_WEIGHT items.
      const rules = items.filter((i) => i !== null && typeof i === 'object' && typeof (i as { rule?: unknown }).rule === 'string').length;
      return batchWeight(items.length + rules * (RULE_ITEM_WEIGHT - 1));
    },
    extra: [
      ApiConsumes('application/json', 'text/csv'),
      ApiQuery({ name: 'from', required: false, description: 'CSV bodies: the release the items were stored under.' }),
      ApiQuery({ name: 'to', required: false, description: 'CSV bodies: the release to compare with.' }),
      ApiNotFoundResponse({ description: 'A release that is not stored (problem+json, code `unknown_release`, `stored` lists the stored ones).' }),
    ],
  })
  /** Streamed to `reply`; without one (an MCP tool call), the whole answer as one object. */
  async impact(@ImpactBody(ImpactRequest) body: ImpactRequest, @StreamedReply() reply?: BatchReply) {
    const { kind, items } = itemsToCheck(body);
    const from = await this.releases.release(body.from);
    const to = await this.releases.release(body.to);
    const answer = impactAnswer(kind, items, from, to);
    return reply ? reply.send(answer) : BatchReply.whole(answer);
  }
}
