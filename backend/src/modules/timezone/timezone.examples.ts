import { DEFAULT_LOCALE } from './cldr/cldr-data.js';
import { localizeAnswer } from './cldr/localize.js';
import { sharedTimeEngine } from './engine/shared-engine.js';

/** Documentation examples are real answers of the engine at one fixed instant, so they cannot drift from it. */
const AT = Date.parse('2024-07-01T13:00:00Z');
const engine = sharedTimeEngine();
/** An answer as a request without `lang` gets it: with its English names. */
const named = <T>(answer: T): T => localizeAnswer(engine, answer, DEFAULT_LOCALE, AT);

export const EXAMPLES = {
  current: named(engine.currentTime('America/New_York', AT)),
  currentLink: named(engine.currentTime('Asia/Calcutta', AT)),
  currentAt: named(engine.currentTimeAt(40.7128, -74.006, AT)),
  utc: engine.utc(AT),
  list: (() => {
    const l = named(engine.list(AT));
    return { ...l, timezones: l.timezones.filter((z) => ['Europe/London', 'Asia/Kathmandu', 'America/New_York'].includes(z.timezone)) };
  })(),
  search: named(engine.search('san fran', AT)),
  info: named(engine.info('Europe/London', '2024-07-01', AT)),
  coordinate: named(engine.zoneAt(40.7128, -74.006, AT)),
  lookup: (() => {
    const l = named(engine.lookup('Springfield, US', AT));
    return { ...l, candidates: l.candidates.slice(0, 2) };
  })(),
  transitions: named(engine.transitions('Europe/London', '2024-01-01', '2025-01-01', AT)),
  conversion: named(engine.convert('America/New_York', 'Europe/London', '2024-07-01T09:00:00')),
  conversionAmbiguous: named(engine.convert('Europe/London', 'UTC', '2024-10-27T01:30:00')),
  multi: named(engine.convertMany('America/New_York', ['Europe/London', 'Asia/Tokyo', 'Asia/Kathmandu'], '2024-07-01T09:00:00')),
  add: engine.add('2024-03-30T12:00:00', '1.12:30:00', 'Europe/London'),
  subtract: engine.add('2024-03-31T12:00:00', 'P1D', 'Europe/London', true),
  difference: engine.difference('2024-03-30T12:00:00', '2024-03-31T12:00:00', 'Europe/London'),
  dayOfWeek: engine.dayOfWeek('2024-07-01'),
};
