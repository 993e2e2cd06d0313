import fc from 'fast-check';

/**
 * Any JSON value, with a bias to what breaks handlers: null, NUL characters, empty and odd strings, wrong types, and
 * an object Number() and String() throw on (its toString is not a function).
 */
export const nasty = fc.oneof(
  fc.constant(null),
  fc.constant('a\u0000b'),
  fc.constant(''),
  fc.constant('Europe/Paris'),
  fc.constant('2024-03-10T02:30:00'),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.oneof(fc.constant(null), fc.string({ maxLength: 10 }), fc.constant('\u0000'), fc.integer()), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ toString: 1, valueOf: 1 }),
);

/** How many draws a fuzzer makes, `times` the base (FUZZ_RUNS, 25 unless set). */
export const fuzzRuns = (times = 1): number => Number(process.env.FUZZ_RUNS ?? 25) * times;

/**
 * Runs a property that lists what it found in `failures` (and returns false there), stopping at the first. Anything
 * else that stops it, a request that could not be sent or a throw in the property, fails the test.
 */
export async function fuzz<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Ts>, failures: string[], numRuns: number): Promise<void> {
  await fc.assert(property, { numRuns, endOnFailure: true }).catch((error: unknown) => {
    if (!failures.length) throw error;
  });
}
