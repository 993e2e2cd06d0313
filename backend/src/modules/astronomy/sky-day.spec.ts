import { skyDay } from './sky-day.js';

const TROMSO = { latitude: 69.6492, longitude: 18.9553, elevation: 0 };
const LONGYEARBYEN = { latitude: 78.2232, longitude: 15.6267, elevation: 0 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The local day [midnight, next midnight) of a place whose offset is `offsetHours` all day. */
const localDay = (date: string, offsetHours: number): [number, number] => {
  const start = Date.parse(`${date}T00:00:00Z`) - offsetHours * HOUR;
  return [start, start + DAY];
};

describe('skyDay', () => {
  it('says polar day in Tromsø on 21 June: no sunrise, no sunset, the whole day lit', () => {
    const day = skyDay(TROMSO, ...localDay('2027-06-21', 2));
    expect(day.sunStatus).toBe('sun_always_up');
    expect(day.sunrise).toBeNull();
    expect(day.sunset).toBeNull();
    expect(day.dayLengthMs).toBe(DAY);
    expect(day.civil).toEqual({ begin: null, end: null });
  });

  it('says polar night in Tromsø on 21 December, with civil twilight still happening around noon', () => {
    const day = skyDay(TROMSO, ...localDay('2027-12-21', 1));
    expect(day.sunStatus).toBe('sun_always_down');
    expect(day.sunrise).toBeNull();
    expect(day.sunset).toBeNull();
    expect(day.dayLengthMs).toBe(0);
    expect(day.civil.begin).not.toBeNull();
    expect(day.civil.end).not.toBeNull();
  });

  it('says polar day in Longyearbyen every day from 21 April to 21 August, and polar night from 27 October to 14 February', () => {
    for (let t = Date.parse('2027-04-21'); t <= Date.parse('2027-08-21'); t += 7 * DAY) {
      expect([new Date(t).toISOString().slice(0, 10), skyDay(LONGYEARBYEN, t - 2 * HOUR, t + 22 * HOUR).sunStatus]).toEqual([
        new Date(t).toISOString().slice(0, 10),
        'sun_always_up',
      ]);
    }
    for (let t = Date.parse('2027-10-28'); t <= Date.parse('2028-02-12'); t += 7 * DAY) {
      expect([new Date(t).toISOString().slice(0, 10), skyDay(LONGYEARBYEN, t - HOUR, t + 23 * HOUR).sunStatus]).toEqual([
        new Date(t).toISOString().slice(0, 10),
        'sun_always_down',
      ]);
    }
  });

  it('answers the last sunset before the polar day, without a sunrise that day', () => {
    // Tromsø's sun stops setting on 18 May (local), rising at about 01:30 the day before the last set.
    const days = ['2027-05-16', '2027-05-17', '2027-05-18', '2027-05-19', '2027-05-20'].map((d) => skyDay(TROMSO, ...localDay(d, 2)));
    const statuses = days.map((d) => d.sunStatus);
    expect(statuses[0]).toBe('normal');
    expect(statuses[4]).toBe('sun_always_up');
    for (const d of days) if (d.sunStatus !== 'normal') expect([d.sunrise, d.sunset]).toEqual([null, null]);
  });

  it('finds solar noon between sunrise and sunset, and the twilights nested around them, in Berlin', () => {
    const d = skyDay({ latitude: 52.52, longitude: 13.405, elevation: 34 }, ...localDay('2027-09-10', 2));
    expect(d.sunStatus).toBe('normal');
    const order = [
      d.astronomical.begin,
      d.nautical.begin,
      d.civil.begin,
      d.sunrise,
      d.solarNoon,
      d.sunset,
      d.civil.end,
      d.nautical.end,
      d.astronomical.end,
    ] as number[];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(d.blueMorning.end).toBe(d.goldenMorning.begin);
    expect(d.goldenEvening.end).toBe(d.blueEvening.begin);
    expect(d.dayLengthMs).toBe(d.sunset! - d.sunrise!);
  });

  it('names the full moon on the local day its instant falls in, and a waxing gibbous the day before', () => {
    // Full moon 2027-01-22 12:17 UTC (astronomical almanacs).
    expect(skyDay(TROMSO, ...localDay('2027-01-22', 0)).moonPhaseName).toBe('Full Moon');
    const before = skyDay(TROMSO, ...localDay('2027-01-21', 0));
    expect(before.moonPhaseName).toBe('Waxing Gibbous');
    expect(before.moonIllumination).toBeGreaterThan(0.9);
    expect(before.moonPhaseAngle).toBeGreaterThan(160);
  });

  it('answers no moonrise on a day the moon does not rise (it rises about 50 minutes later each day)', () => {
    // Over a month at a mid-latitude, the moon skips one local day's rise and one day's set.
    const days = Array.from({ length: 30 }, (_, i) =>
      skyDay({ latitude: 40, longitude: -74, elevation: 0 }, ...localDay(`2027-03-${String(i + 1).padStart(2, '0')}`, -5)),
    );
    expect(days.filter((d) => d.moonrises.length === 0).length).toBeGreaterThanOrEqual(1);
    expect(days.filter((d) => d.moonsets.length === 0).length).toBeGreaterThanOrEqual(1);
    expect(days.every((d) => d.moonrises.length <= 1)).toBe(true);
  });
});
