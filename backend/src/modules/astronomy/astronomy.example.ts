import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { skyAnswer } from './astronomy.service.js';

/** The documented answer: Berlin on the day its clocks go forward, computed by the engine itself. */
export const ASTRONOMY_EXAMPLE = skyAnswer(
  sharedTimeEngine(),
  {
    place: { source: 'coordinates', latitude: 52.52, longitude: 13.405, elevation: 0, city: null, country_code: null, ip: null },
    timezone: 'Europe/Berlin',
  },
  { date: '2027-03-28' },
  Date.parse('2027-03-28T12:00:00Z'),
);
