import fc from 'fast-check';
import { createRequire } from 'node:module';
import { int8Text, msText, textArrayLiteral } from './usage-batches.js';

// pg's own array encoding is the oracle for the text[] literals the batches build themselves.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (v: unknown) => string };

describe('the literals a usage batch is written with', () => {
  it('writes a text[] as pg would: quotes, backslashes, braces, commas, the word NULL and nulls', () => {
    const text = fc.oneof(fc.string(), fc.constantFrom('NULL', '"', '\\', '{a,b}', 'a"b\\c', ' spaced ', ''), fc.string({ unit: 'binary' }));
    fc.assert(fc.property(fc.array(fc.option(text, { nil: null })), (values) => textArrayLiteral(values) === prepareValue(values)));
  });

  it('writes an int8 as its decimal digits, past int4 included', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (v) => int8Text(v) === String(v)));
    for (const v of [0, 2 ** 31 - 1, 2 ** 31, 1_000_000_000_000, 1_000_000_000_001, 1_234_567_000_009, Number.MAX_SAFE_INTEGER])
      expect(int8Text(v)).toBe(String(v));
  });

  it('writes a response time that reads back as the same number', () => {
    const hundredths = fc.integer({ min: 0, max: 10_000_000 }).map((h) => h / 100);
    fc.assert(fc.property(fc.oneof(hundredths, fc.double({ noNaN: true, noDefaultInfinity: true })), (v) => Number(msText(v)) === v));
    expect([0, 0.05, 0.4, 1, 12.34, 100.1].map(msText)).toEqual(['0.00', '0.05', '0.40', '1.00', '12.34', '100.10']);
  });
});
