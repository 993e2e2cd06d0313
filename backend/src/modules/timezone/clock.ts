/** Where "now" comes from; tests and the engine take instants, only this reads the wall clock. */
export abstract class Clock {
  abstract now(): number;
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
