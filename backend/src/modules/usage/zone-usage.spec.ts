import { answeredZones } from './zone-usage.js';

const zonesOf = (answer: unknown) => {
  const zones: string[] = [];
  answeredZones(answer, (z) => zones.push(z));
  return zones;
};

describe('the zones an answer names', () => {
  it('reads the zone fields of the sold answers, and the best candidate of a search', () => {
    expect(zonesOf({ timezone: 'Asia/Kolkata', requested_timezone: 'Asia/Calcutta' })).toEqual(['Asia/Kolkata']);
    expect(zonesOf({ fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London' })).toEqual(['America/New_York', 'Europe/London']);
    expect(zonesOf({ fromTimeZone: 'UTC', conversions: [{ timezone: 'Asia/Tokyo' }, { timezone: 'Europe/Paris' }] })).toEqual([
      'UTC',
      'Asia/Tokyo',
      'Europe/Paris',
    ]);
    expect(zonesOf({ timeZone: null, arithmetic: 'exact' })).toEqual([]);
    expect(zonesOf({ query: 'Paris', candidates: [{ timezone: 'Europe/Paris' }, { timezone: 'America/Chicago' }] })).toEqual(['Europe/Paris']);
    expect(zonesOf({ query: 'san', timezones: [{ timezone: 'America/Los_Angeles' }], matches: 4 })).toEqual(['America/Los_Angeles']);
  });

  it('names none for the zone list, UTC time or a non-object', () => {
    expect(zonesOf({ timezones: [{ timezone: 'Europe/Paris' }], total: 1 })).toEqual([]);
    expect(zonesOf({ utc: '2026-11-25T10:00:00Z' })).toEqual([]);
    expect(zonesOf('text')).toEqual([]);
  });
});
