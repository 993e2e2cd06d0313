import type { AppConfig } from '../../config/config.js';
import type { ZoneCounts, ZoneUsageRepository } from './zone-usage.repository.js';
import { answeredZones, ZoneUsage } from './zone-usage.js';

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

describe('ZoneUsage counts', () => {
  const DAY = 86_400_000;
  const day1 = Date.UTC(2026, 10, 26, 12);
  const day2 = day1 + DAY;
  /** A repository that records each upsert's columns as (user, day, zone) → count, or fails while `down`. */
  function fakeStore() {
    const writes: Map<string, number>[] = [];
    const state = { down: false };
    const repository = {
      add: async ({ users, days, zones, counts }: ZoneCounts) => {
        if (state.down) throw new Error('connection refused');
        writes.push(new Map(users.map((u, i) => [`${u} ${days[i]} ${zones[i]}`, counts[i]])));
      },
    };
    return { store: repository as unknown as ZoneUsageRepository, writes, state };
  }
  const config = { USAGE_FLUSH_MS: 1000 } as AppConfig;

  it('sums each zone per account and UTC day, and a failed write is kept and merged with later counts', async () => {
    const { store, writes, state } = fakeStore();
    const usage = new ZoneUsage(store, config);
    usage.note('a', day1, { fromTimeZone: 'UTC', conversions: [{ timezone: 'Asia/Tokyo' }, { timezone: 'Asia/Tokyo' }] });
    usage.note('a', day1, { timezone: 'Asia/Tokyo' });
    usage.note('b', day1, { timezone: 'Asia/Tokyo' });
    usage.note('a', day2, { timezone: 'Europe/Paris' });
    usage.note('a', day2, { timezone: null });
    expect(usage.pending).toBe(4);
    await usage.flush();
    expect(writes.pop()).toEqual(
      new Map([
        ['a 2026-11-26 UTC', 1],
        ['a 2026-11-26 Asia/Tokyo', 3],
        ['b 2026-11-26 Asia/Tokyo', 1],
        ['a 2026-11-27 Europe/Paris', 1],
      ]),
    );
    expect(usage.pending).toBe(0);

    state.down = true;
    usage.note('a', day2, { timezone: 'Europe/Paris' });
    await usage.flush();
    expect(usage.pending).toBe(1);
    usage.note('a', day2, { timezone: 'Europe/Paris' });
    usage.note('b', day2, { toTimeZone: 'America/New_York' });
    expect(usage.pending).toBe(2);
    state.down = false;
    await usage.flush();
    expect(writes.pop()).toEqual(
      new Map([
        ['a 2026-11-27 Europe/Paris', 2],
        ['b 2026-11-27 America/New_York', 1],
      ]),
    );
    // Nothing left, and a flush with nothing counted writes nothing.
    await usage.flush();
    expect(writes).toEqual([]);
  });
});
