import { withoutControlCharacters } from '../../common/text/control-characters.js';

/**
 * A mail's input with every string stripped of control characters (each run one space), so no value typed by a
 * customer (a key's name, a person's name, a subject) starts a line of its own in the text part or the subject. The
 * fields named in `multiLine` (a support message's body) keep their line feeds. Dates and numbers are left alone.
 */
export function plainValues<T>(input: T, multiLine: readonly string[] = [], keepLineFeeds = false, depth = 0): T {
  if (typeof input === 'string') return withoutControlCharacters(input, keepLineFeeds) as T;
  if (depth > 10 || input === null || typeof input !== 'object') return input;
  if (Array.isArray(input)) return input.map((item: unknown) => plainValues(item, multiLine, keepLineFeeds, depth + 1)) as T;
  if (Object.getPrototypeOf(input) !== Object.prototype) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) out[key] = plainValues(value, multiLine, multiLine.includes(key), depth + 1);
  return out as T;
}
