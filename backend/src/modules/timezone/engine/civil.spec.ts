import { civilMs, daysInMonth, formatCivil, formatInstant, parseInstant } from './civil.js';

describe('civil formatting', () => {
  it('gives each instant of one second its own milliseconds, the whole second without them', () => {
    const second = Date.UTC(2024, 6, 1, 12, 0, 0);
    expect(formatCivil(second + 7)).toBe('2024-07-01T12:00:00.007');
    expect(formatCivil(second + 999)).toBe('2024-07-01T12:00:00.999');
    expect(formatCivil(second)).toBe('2024-07-01T12:00:00');
    expect(formatInstant(second + 250, -4 * 3600)).toBe('2024-07-01T08:00:00.250-04:00');
    expect(formatInstant(second + 250, 0)).toBe('2024-07-01T12:00:00.250+00:00');
  });

  it('formats instants before 1970 (negative milliseconds) with the right second', () => {
    expect(formatCivil(-500)).toBe('1969-12-31T23:59:59.500');
    expect(formatCivil(-1000)).toBe('1969-12-31T23:59:59');
    expect(formatCivil(-1001)).toBe('1969-12-31T23:59:58.999');
  });

  it('reads back every instant formatInstant writes, offsets with seconds and years before 1970 and 100 included', () => {
    const offsets = [0, 3600, -4 * 3600, 5 * 3600 + 45 * 60, -(4 * 3600 + 56 * 60 + 2), -(44 * 60 + 30), 14 * 3600, -12 * 3600];
    const instants = [
      Date.UTC(2024, 6, 1, 12),
      Date.UTC(2024, 1, 29, 23, 59, 59),
      -1000,
      0,
      civilMs(1, 1, 2),
      civilMs(99, 12, 31, 13),
      civilMs(1600, 2, 29),
      civilMs(9999, 12, 30),
    ];
    for (const at of instants) for (const offset of offsets) expect(parseInstant(formatInstant(at, offset))).toBe(at);
    // Other shapes are Date.parse's.
    expect(parseInstant('2024-07-01T12:00:00.250Z')).toBe(Date.UTC(2024, 6, 1, 12, 0, 0, 250));
    expect(parseInstant('2024-07-01T12:00:00.250+02:00')).toBe(Date.UTC(2024, 6, 1, 10, 0, 0, 250));
    expect(parseInstant('not a date')).toBeNaN();
  });
});

describe('civil arithmetic', () => {
  /** A fixed-seed generator, so a failure names values that can be checked again. */
  let x = 20261124;
  const random = () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    x = (x ^ (x >>> 13)) >>> 0;
    return x / 2 ** 32;
  };
  const first = new Date(0).setUTCFullYear(0, 0, 1);
  const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

  it('writes what Date writes, for any millisecond of the years 0000-9999', () => {
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(first + random() * (last - first));
      const iso = new Date(ms).toISOString();
      const expected = ms % 1000 === 0 ? iso.slice(0, 19) : iso.slice(0, 23);
      if (formatCivil(ms) !== expected) expect(`${ms}: ${formatCivil(ms)}`).toBe(`${ms}: ${expected}`);
    }
  });

  it('counts dates and their days as Date does', () => {
    for (let i = 0; i < 20_000; i++) {
      const [year, month] = [Math.floor(random() * 10_000), 1 + Math.floor(random() * 12)];
      const length = new Date(Date.UTC(2000, month, 0)).setUTCFullYear(year, month, 0);
      expect(daysInMonth(year, month)).toBe(new Date(length).getUTCDate());
      const [day, hour, minute, second, ms] = [1 + Math.floor(random() * 31), random() * 24, random() * 60, random() * 60, random() * 1000].map(Math.floor);
      const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
      date.setUTCFullYear(year, month - 1, day);
      expect(civilMs(year, month, day, hour, minute, second, ms)).toBe(date.getTime());
    }
  });
});
