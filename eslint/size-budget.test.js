// The known-oversize list only shrinks: every entry names a file that exists and is still over the budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_OVERSIZE, MAX_LINES } from './size-budget.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const linesOf = (file) => readFileSync(join(root, file), 'utf8').split('\n').length - 1; // as wc -l counts

test('every file on the known-oversize list is still over the budget (else delete its entry)', () => {
  const stale = Object.keys(KNOWN_OVERSIZE).filter((file) => !existsSync(join(root, file)) || linesOf(file) <= MAX_LINES);
  assert.deepEqual(stale, []);
});

test('every entry gives its size and a reason', () => {
  for (const [file, { lines, reason }] of Object.entries(KNOWN_OVERSIZE)) {
    assert.ok(Number.isInteger(lines) && lines > MAX_LINES, `${file}: lines`);
    assert.ok(typeof reason === 'string' && reason.length > 20, `${file}: reason`);
  }
});
