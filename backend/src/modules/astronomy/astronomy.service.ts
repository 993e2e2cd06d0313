import { Injectable } from '@nestjs/common';
import { Clock } from '../timezone/clock.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { IpLocator } from '../timezone/ip/ip-locator.js';
import type { AstronomyAnswer } from './astronomy-answer.js';
import { askedDates, localDate, localDay, type DaysAsked } from './local-days.js';
import { resolvePlace, type PlaceAsked, type ResolvedPlace } from './place.js';
import { placeDay } from './place-day.js';
import { skyDay } from './sky-day.js';

/** The sky of local dates at a resolved place, every instant written in the place's zone at that instant. */
export function skyAnswer(engine: TimeEngine, resolved: ResolvedPlace, asked: DaysAsked, now: number): AstronomyAnswer {
  const clock = engine.clock(resolved.timezone);
  const days = askedDates(asked, localDate(clock, now)).map((civil) => {
    const day = localDay(clock, civil);
    return placeDay(clock, civil, skyDay(resolved.place, day.start, day.end));
  });
  return { place: resolved.place, timezone: resolved.timezone, tzdb_version: engine.release.version, days };
}

@Injectable()
export class AstronomyService {
  constructor(
    private readonly engine: TimeEngine,
    private readonly locator: IpLocator,
    private readonly clock: Clock,
  ) {}

  /** Sun and moon for the place and days a query names. */
  answer(query: PlaceAsked & DaysAsked): AstronomyAnswer {
    const now = this.clock.now();
    return skyAnswer(this.engine, resolvePlace(this.engine, this.locator, query, now), query, now);
  }
}
