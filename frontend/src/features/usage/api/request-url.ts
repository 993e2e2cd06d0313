import { rangeStart } from '../../../lib/time';
import { requestRanges, type RequestFilter, type RequestRangeId } from './requests';

const HOUR_MS = 3_600_000;

/** What the Requests page shows, as its URL says it: every filter set, and the request open in the drawer, is shareable. */
export interface RequestsView {
  range: RequestRangeId;
  filter: RequestFilter;
  /** The log id of the request open in the drawer. */
  open: string | null;
}

const RANGE_IDS = requestRanges.map((r) => r.id) as readonly string[];

/** Where a range starts in the display zone: 'Last 24 hours' rolls, 'Last 7 days' starts at the midnight six days ago. */
export function rangeFrom(id: RequestRangeId, zone: string, now = Date.now()): string | null {
  const hours = requestRanges.find((r) => r.id === id)?.hours;
  if (!hours) return null;
  return new Date(hours < 48 ? now - hours * HOUR_MS : rangeStart(hours / 24, zone, now)).toISOString();
}

export function readRequestsView(params: URLSearchParams, zone: string, now = Date.now()): RequestsView {
  const asked = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  const range = (asked && RANGE_IDS.includes(asked) ? asked : from || to ? 'custom' : '24h') as RequestRangeId;
  return {
    range,
    filter: {
      from: range === 'custom' ? from : rangeFrom(range, zone, now),
      to: range === 'custom' ? to : null,
      keyId: params.get('keyId'),
      endpoint: params.get('endpoint'),
      status: params.get('status'),
      requestId: params.get('q'),
    },
    open: params.get('request'),
  };
}

/** The URL's search params for a view (the default range and empty filters are left out). */
export function writeRequestsView(view: RequestsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.range === 'custom') {
    if (view.filter.from) params.set('from', view.filter.from);
    if (view.filter.to) params.set('to', view.filter.to);
  } else if (view.range !== '24h') params.set('range', view.range);
  for (const [name, value] of [
    ['keyId', view.filter.keyId],
    ['endpoint', view.filter.endpoint],
    ['status', view.filter.status],
    ['q', view.filter.requestId],
    ['request', view.open],
  ] as const) {
    if (value) params.set(name, value);
  }
  return params;
}
