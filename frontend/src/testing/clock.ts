import { act } from '@testing-library/react';

/**
 * Tests that involve a delay (a redirect 500 ms after a toast, a poll every second) run on vitest's fake clock, so
 * they never wait on wall-clock time: switch with `vi.useFakeTimers()` before the step that schedules the delay,
 * then move the clock by exactly that delay. Switch back in afterEach (`vi.useRealTimers()`).
 */

// Captured before any test fakes the clock: some libraries keep the real timer for their zero-delay hand-offs.
const realSetImmediate = globalThis.setImmediate;

/**
 * Runs what is due now (0 ms timers, the promises they free, React's updates, one real turn of the event loop for
 * I/O) until `done` holds; the fake clock does not move. Bounded by rounds, not by time.
 */
export async function runUntil(done: () => boolean, rounds = 200): Promise<void> {
  for (let i = 0; i < rounds && !done(); i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise<void>((resolve) => realSetImmediate(() => resolve()));
    });
  }
  if (!done()) throw new Error(`runUntil: the condition still fails after ${rounds} rounds of due timers`);
}

/** Moves the fake clock forward by `ms`, running the timers that fall due and the promises they free. */
export async function advanceClock(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
