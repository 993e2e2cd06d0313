import { readFileSync } from 'node:fs';
import { bundledRelease } from './bundled-release.js';
import { compileRelease } from './compile-release.js';
import { checkRelease } from './release-check.js';
import { formatOffset, summarizeChanges } from './release-changes.js';

const zi2026b = readFileSync(new URL('../../../test/fixtures/tzdata-2026b.zi', import.meta.url), 'utf8');
const r2026b = compileRelease({ kind: 'zi', text: zi2026b }, bundledRelease());
const r2026f = bundledRelease();
const OCT_2026 = Date.parse('2026-10-15T00:00:00Z');

describe('what changes for customers between two releases', () => {
  it("2026f ends Edmonton's clock changes: permanent -06:00 CST from 2026-11-01 instead of MST in winter", () => {
    const changes = summarizeChanges(r2026b, r2026f, OCT_2026);
    expect(changes).toMatchObject({ previousVersion: '2026b', version: '2026f', window: { from: '2026-10-15T00:00:00.000Z', to: '2028-10-15T00:00:00.000Z' } });
    const edmonton = changes.zones.find((z) => z.zone === 'America/Edmonton')!;
    expect(edmonton.linkTo).toBeUndefined();
    expect(edmonton.changes[0]).toEqual({
      from: '2026-11-01T08:00:00.000Z',
      to: '2027-03-14T09:00:00.000Z',
      before: { utcOffset: '-07:00', abbreviation: 'MST', dst: false },
      after: { utcOffset: '-06:00', abbreviation: 'CST', dst: false },
    });
    // Summer 2027: the same offset, but no longer daylight time.
    expect(edmonton.changes[1]).toMatchObject({
      from: '2027-03-14T09:00:00.000Z',
      before: { abbreviation: 'MDT', dst: true },
      after: { abbreviation: 'CST', dst: false },
    });
    expect(changes.zones.find((z) => z.zone === 'Canada/Mountain')).toMatchObject({ linkTo: 'America/Edmonton', changes: edmonton.changes });
    expect(changes.zones.map((z) => z.zone)).not.toContain('Europe/London');
  });

  it('the same release changes nothing, and a first release has nothing to compare with', () => {
    expect(summarizeChanges(r2026f, r2026f, OCT_2026).zones).toEqual([]);
    expect(summarizeChanges(null, r2026f, OCT_2026)).toMatchObject({ previousVersion: null, zones: [], added: [], removed: [] });
  });

  it('formats offsets with seconds only when there are some', () => {
    expect(formatOffset(-25200)).toBe('-07:00');
    expect(formatOffset(20700)).toBe('+05:45');
    expect(formatOffset(-2670)).toBe('-00:44:30');
  });
});

describe('the engine check a release passes before it answers', () => {
  it('passes both real releases', () => {
    expect(checkRelease(r2026f)).toEqual([]);
    expect(checkRelease(r2026b)).toEqual([]);
  });

  it('refuses a release where UTC is not +00:00', () => {
    const tampered = compileRelease({ kind: 'zi', text: zi2026b.replace('Z Etc/UTC 0 - UTC', 'Z Etc/UTC 1 - UTC') });
    expect(checkRelease(tampered)).toEqual(expect.arrayContaining(['UTC is not +00:00']));
  });
});
