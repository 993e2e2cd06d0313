/**
 * Finding a usage row by its X-Request-Id without indexing every id. The ids the API makes are UUIDv7 (RFC 9562: the
 * epoch milliseconds in the first 48 bits), made when the request arrives; the row's timestamp is when it was answered,
 * on the same clock. A row whose id is such a UUID and whose timestamp lies within FOUND_BY_TIME_MS of the id's time is
 * found by the account's time index (a range of that width around the id's time); every other row with an id (a trusted
 * proxy's own ids, an answer that took longer, a clock stepped back) is written with request_id_indexed and found by the
 * request id index, which holds only those. An index insertion saved on almost every row (Migration20261128000100).
 */

/** How far a row's timestamp may lie from its UUIDv7 request id's time for the row to be found by time. */
export const FOUND_BY_TIME_MS = 1000;

/** A UUIDv7 as the API writes it (lowercase hex, version 7, variant 10). */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The epoch milliseconds a UUIDv7 request id carries, or null for any other id. */
export function requestIdTime(id: string): number | null {
  if (!UUID_V7.test(id)) return null;
  return parseInt(id.slice(0, 8), 16) * 0x10000 + parseInt(id.slice(9, 13), 16);
}

/** Whether a row with this id, answered at `timestamp` (epoch ms), must be in the request id index to be found. */
export function requestIdIndexed(id: string, timestamp: number): boolean {
  const at = requestIdTime(id);
  return at === null || Math.abs(timestamp - at) > FOUND_BY_TIME_MS;
}
