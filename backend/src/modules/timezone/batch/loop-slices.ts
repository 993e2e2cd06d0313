import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest stretch a batch's work holds the event loop when sliced by time (the MCP answers, built whole). */
export const SLICE_BUDGET_MS = 2;

/**
 * A long computation as an async sequence that hands the event loop back before every item after the first: each item
 * is computed in its own turn, so health checks, other clients and timers are answered between two items. One item
 * must therefore be small (a batch answer's 16 KiB chunk takes well under a millisecond).
 */
export async function* inTurns<T>(source: Iterable<T>): AsyncGenerator<T> {
  const items = source[Symbol.iterator]();
  for (let first = true; ; first = false) {
    if (!first) await nextTurn();
    const next = items.next();
    if (next.done) return;
    yield next.value;
  }
}

/** Hands the event loop back when `SLICE_BUDGET_MS` of work has run since the last time (for loops of uneven items). */
export class SliceClock {
  private since = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_BUDGET_MS) return;
    await nextTurn();
    this.since = performance.now();
  }
}
