import { formatDuration, formatInstant, formatNumber, knownZone, zoneAbbreviation } from './format';
import { localDateOf, rangeStart, startOfLocalDay } from './local-days';

describe('the one clock: instants, durations and counts', () => {
  it('writes an instant in the display zone with the zone named', () => {
    expect(formatInstant('2026-11-29T09:00:00Z', 'Asia/Kolkata')).toBe('Nov 29, 2026, 2:30 PM GMT+5:30');
    expect(formatInstant('2026-11-29T09:00:00Z', 'UTC', 'second')).toBe('Nov 29, 2026, 9:00:00 AM UTC');
    expect(formatInstant('2026-11-29T09:00:00Z', 'America/New_York', 'time')).toBe('4:00 AM EST');
    expect(formatInstant('2026-11-28T20:00:00Z', 'Asia/Kathmandu', 'date')).toBe('Nov 29, 2026');
    expect(formatInstant(null, 'UTC')).toBe('–');
    expect(formatInstant('not a date', 'UTC')).toBe('–');
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(knownZone('Mars/Olympus')).toBe('UTC');
    expect(formatInstant('2026-11-29T09:00:00Z', 'Mars/Olympus')).toBe('Nov 29, 2026, 9:00 AM UTC');
    expect(zoneAbbreviation('Asia/Kolkata')).toBe('GMT+5:30');
  });

  it('writes every latency to the tenth of a millisecond, and counts grouped', () => {
    expect(formatDuration(0.49)).toBe('0.5 ms');
    expect(formatDuration(1)).toBe('1.0 ms');
    expect(formatDuration(1204.25)).toBe('1,204.3 ms');
    expect(formatDuration(null)).toBe('–');
    expect(formatNumber(1079)).toBe('1,079');
  });

  it('cuts days at the zone’s midnight: Kolkata’s at 18:30 UTC, and "Last 7 days" starts six midnights back', () => {
    expect(new Date(startOfLocalDay('Asia/Kolkata', '2026-11-29')).toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(new Date(startOfLocalDay('America/New_York', '2026-03-09')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(localDateOf('Asia/Kolkata', Date.parse('2026-11-28T19:00:00Z'))).toBe('2026-11-29');
    const now = Date.parse('2026-11-29T09:00:00Z');
    expect(new Date(rangeStart(7, 'Asia/Kolkata', now)).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(rangeStart(1, 'Asia/Kolkata', now)).toBe(now - 86_400_000);
  });
});
