import { KEY_PREFIX } from '../keys/key-codec.js';

/** Parameter names whose values are credentials (a key pasted into the URL, a token, a signature): never stored. */
const SECRET_NAME = /key|token|secret|passw|auth|sig|credential|session|cookie/i;
export const REDACTED = '[redacted]';
/** The column's width (usage_records.query): a longer query string is cut at a parameter boundary. */
export const MAX_LOGGED_QUERY = 1000;

/**
 * The query string of `url` as the request log keeps it: secret-named parameters and any value holding an API key
 * replaced by [redacted], re-encoded (so no tab or line break reaches the write-ahead file), at most MAX_LOGGED_QUERY
 * characters. Null without a query. Runs on the metering path: nothing is parsed for a URL without '?'.
 */
export function loggedQuery(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0 || at === url.length - 1) return null;
  const raw = url.slice(at + 1);
  // Callers repeat their queries: one parse per distinct query string of the last MEMO_LIMIT (a pure function of it).
  const known = remembered.get(raw);
  if (known !== undefined) return known;
  const logged = redactedQuery(raw);
  // A query that carried a credential is not kept: the memo never holds a key.
  if (raw.length <= MEMO_TEXT_MAX && !logged?.includes(REDACTED_ENCODED)) {
    if (remembered.size >= MEMO_LIMIT) remembered.clear();
    remembered.set(raw, logged);
  }
  return logged;
}

/** Distinct query strings remembered (emptied when full), and the longest one kept: the memo stays under ~2 MB. */
const MEMO_LIMIT = 2000;
const MEMO_TEXT_MAX = 500;
const remembered = new Map<string, string | null>();
const REDACTED_ENCODED = encodeURIComponent(REDACTED);

function redactedQuery(raw: string): string | null {
  const parts: string[] = [];
  let length = -1;
  for (const [name, value] of new URLSearchParams(raw)) {
    const safe = SECRET_NAME.test(name) || value.includes(KEY_PREFIX) ? REDACTED : value;
    const part = `${encodeURIComponent(name)}=${encodeURIComponent(safe)}`;
    if (length + 1 + part.length > MAX_LOGGED_QUERY) break;
    parts.push(part);
    length += 1 + part.length;
  }
  return parts.length ? parts.join('&') : null;
}

/** The problem document's `code` of an error answer, read from its serialised body (first 2 kB) without parsing it. */
export function problemCodeOf(contentType: unknown, payload: unknown): string | null {
  if (typeof contentType !== 'string' || !contentType.startsWith('application/problem+json')) return null;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.subarray(0, 2048).toString('utf8') : null;
  if (!text) return null;
  const match = /"code":"([a-z0-9_.-]{1,64})"/.exec(text.length > 2048 ? text.slice(0, 2048) : text);
  return match ? match[1] : null;
}
