import { formatCivil, formatInstant } from './civil.js';

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
});
