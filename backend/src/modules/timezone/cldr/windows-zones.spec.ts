import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TimeEngine } from '../engine/time-engine.js';

/** CLDR's own file, read here as the test's source of truth (not through the code under test). */
interface MapZone {
  _other: string;
  _type: string;
  _territory: string;
}
const file = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cldr-core/supplemental/windowsZones.json'), 'utf8')) as {
  supplemental: { windowsZones: { mapTimezones: { mapZone: MapZone }[] } };
};
const ROWS = file.supplemental.windowsZones.mapTimezones.map((m) => m.mapZone);
const WINDOWS_IDS = [...new Set(ROWS.map((r) => r._other))];
const firstZone = (id: string, territory: string) => ROWS.find((r) => r._other === id && r._territory === territory)!._type.split(' ')[0];

const NOW = Date.parse('2026-07-01T12:00:00Z');
const engine = new TimeEngine();

/** The fields an answer about a zone's clock carries, without the fields naming what was asked. */
function clockOf(answer: object) {
  const { requested_timezone: _r, canonical_timezone: _c, ...rest } = answer as Record<string, unknown>;
  return rest;
}

describe("Windows time zone IDs, through CLDR's windowsZones", () => {
  it('CLDR maps Pacific Standard Time to America/Los_Angeles, and in Canada to America/Vancouver; so does the API', () => {
    expect(firstZone('Pacific Standard Time', '001')).toBe('America/Los_Angeles');
    expect(firstZone('Pacific Standard Time', 'CA')).toBe('America/Vancouver');
    expect(engine.currentTime('Pacific Standard Time', NOW)).toMatchObject({
      timezone: 'America/Los_Angeles',
      requested_timezone: 'Pacific Standard Time',
      windows_zone: 'Pacific Standard Time',
    });
    expect(engine.currentTime('pacific standard time', NOW, 'timezone', 'CA')).toMatchObject({
      timezone: 'America/Vancouver',
      windows_zone: 'Pacific Standard Time',
    });
    // A territory CLDR has no row for falls back to the world's zone, as ICU does.
    expect(engine.currentTime('Pacific Standard Time', NOW, 'timezone', 'FR').timezone).toBe('America/Los_Angeles');
  });

  it(`every one of CLDR's ${WINDOWS_IDS.length} Windows IDs, in each of its ${ROWS.length} territory rows, answers what its IANA zone answers (current time, details, transitions)`, () => {
    expect(WINDOWS_IDS.length).toBeGreaterThan(100);
    for (const row of ROWS) {
      const iana = row._type.split(' ')[0];
      const what = `${row._other} (${row._territory}) = ${iana}`;
      expect({ what, answer: clockOf(engine.currentTime(row._other, NOW, 'timezone', row._territory)) }).toEqual({
        what,
        answer: clockOf(engine.currentTime(iana, NOW)),
      });
      expect({ what, answer: clockOf(engine.info(row._other, '2026-01-15', NOW, row._territory)) }).toEqual({
        what,
        answer: clockOf(engine.info(iana, '2026-01-15', NOW)),
      });
      expect({ what, answer: engine.transitions(row._other, undefined, undefined, NOW, row._territory) }).toEqual({
        what,
        answer: engine.transitions(iana, undefined, undefined, NOW),
      });
    }
  });

  it('every zone CLDR names answers a windows_zone, the Windows ID of its own row (or, for a tzdb link, of the zone it links to)', () => {
    for (const row of ROWS) {
      for (const zone of row._type.split(' ').filter(Boolean)) {
        const canonical = engine.zone(zone).canonical;
        const own = zone.toLowerCase() === canonical.toLowerCase() || engine.registry.zoneName(canonical) === zone;
        const answered = engine.currentTime(zone, NOW).windows_zone;
        if (own) expect({ zone, answered }).toEqual({ zone, answered: row._other });
        else expect({ zone, answered }).toEqual({ zone, answered: expect.any(String) });
      }
    }
  });

  it('round trip IANA → Windows → IANA (territory 001) is stable for every mapped zone', () => {
    let mapped = 0;
    for (const zone of engine.registry.canonicalZones) {
      const windows = engine.currentTime(zone, NOW).windows_zone;
      if (windows === null) continue;
      mapped++;
      const back = engine.zone(windows, 'timezone', '001').canonical;
      const again = engine.currentTime(back, NOW).windows_zone;
      expect({ zone, windows, back, again }).toEqual({ zone, windows, back, again: windows });
      expect(engine.zone(again!, 'timezone', '001').canonical).toBe(back);
    }
    expect(mapped).toBeGreaterThan(300);
  });

  it('an IANA name wins over a Windows ID of the same spelling (UTC), and an unknown name is still invalid_timezone', () => {
    expect(engine.currentTime('UTC', NOW)).not.toHaveProperty('requested_timezone');
    expect(() => engine.currentTime('Atlantis Standard Time', NOW)).toThrow(/not an IANA time zone name or a Windows time zone ID/);
  });
});
