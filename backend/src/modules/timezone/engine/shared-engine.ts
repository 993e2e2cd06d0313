import { TimeEngine } from './time-engine.js';

let engine: TimeEngine | null = null;

/** One engine per process: its zone caches are what make the API fast. */
export function sharedTimeEngine(): TimeEngine {
  engine ??= new TimeEngine();
  return engine;
}
