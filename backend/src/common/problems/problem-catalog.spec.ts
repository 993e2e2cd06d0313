import { PROBLEM_STATUS } from '../../problem-codes.js';
import type { ProblemCode } from '../../problem-codes.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROBLEM_CODES, PROBLEM_TYPES, PROBLEM_TYPE_CODES } from './problem-catalog.js';
import { problemType } from './problem.js';

const SRC = join(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && entry.name !== 'problem-catalog.ts' ? [path] : [];
  });
}

/** Every `code: '…'` the server source sets (problem documents and ProblemException), with the status beside it when there is one. */
function emittedCodes(): Map<string, Set<number>> {
  const found = new Map<string, Set<number>>();
  const note = (code: string, status?: number) => {
    if (!found.has(code)) found.set(code, new Set());
    if (status) found.get(code)!.add(status);
  };
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/status: (\d{3}),\s*code: '([a-z_0-9]+)'/g)) note(m[2], Number(m[1]));
    for (const m of text.matchAll(/code: '([a-z_0-9]+)'/g)) note(m[1]);
    // The time zone codes are a union type; the generic filter's are a status table.
    for (const m of text.matchAll(/^\s*\| '([a-z_0-9]+)'/gm)) if (file.endsWith('timezone.errors.ts')) note(m[1]);
    for (const m of text.matchAll(/^\s*(\d{3}): '([a-z_0-9]+)',$/gm)) note(m[2], Number(m[1]));
  }
  return found;
}

describe('the problem types (the /docs/errors page)', () => {
  it('lists every code the backend can answer, with the status it is sent with', () => {
    const emitted = emittedCodes();
    expect(emitted.size).toBeGreaterThan(50);
    const missing = [...emitted.keys()].filter((code) => !PROBLEM_TYPE_CODES.has(code));
    expect(missing).toEqual([]);
    for (const [code, statuses] of emitted) {
      // The statuses a code may be sent with are src/problem-codes.ts's (the catalog's entry is typed against it).
      const allowed = [PROBLEM_STATUS[code as ProblemCode]].flat() as number[];
      expect(allowed).toContain(PROBLEM_TYPES.find((t) => t.code === code)!.status);
      for (const status of statuses) expect({ code, status, allowed: allowed.includes(status) }).toEqual({ code, status, allowed: true });
    }
  });

  it("has one entry for each code of the app's table (src/problem-codes.ts), which is the OpenAPI code enum", () => {
    expect([...PROBLEM_TYPE_CODES].sort()).toEqual(Object.keys(PROBLEM_STATUS).sort());
    expect(PROBLEM_CODES).toEqual(Object.keys(PROBLEM_STATUS).sort());
  });

  it('holds each code once, with a status, a meaning and an action', () => {
    expect(PROBLEM_TYPE_CODES.size).toBe(PROBLEM_TYPES.length);
    for (const t of PROBLEM_TYPES) {
      expect(t.code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(t.status).toBeGreaterThanOrEqual(400);
      expect(t.meaning.length).toBeGreaterThan(10);
      expect(t.action.length).toBeGreaterThan(5);
    }
  });

  it('the generic filter names a code for each status it answers', () => {
    const emitted = emittedCodes();
    for (const code of ['bad_request', 'method_not_allowed', 'payload_too_large', 'unsupported_media_type', 'internal_error'])
      expect(emitted.get(code)?.size).toBe(1);
  });

  it("a problem's type is its section of the site's errors page", () => {
    expect(problemType('rate_limited', 'https://api.example.org')).toBe('https://api.example.org/docs/errors#rate_limited');
  });
});
