import { jest } from '@jest/globals';

/**
 * Freezes `Date` (Date.now, new Date) for the app under test, which runs in this process; timers, I/O and
 * performance.now keep running. A time-based expiry (a cache's life, a rate window) then cannot pass on its own: the
 * test moves time with `advanceClock`, and anything that changes meanwhile was caused by the code under test.
 * Undo with `jest.useRealTimers()` (in an afterEach).
 */
export function freezeClock(now = Date.now()): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** Moves the frozen clock forward. */
export function advanceClock(ms: number): void {
  jest.setSystemTime(Date.now() + ms);
}
