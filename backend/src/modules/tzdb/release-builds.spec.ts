import { bundledRelease } from './bundled-release.js';
import { compileRelease } from './compile-release.js';
import { availableBuilds, buildSources, tzdataZi, ziBuild } from './release-files.js';
import { packTarball, readTarball } from './tar.js';

const YEAR_MS = 365.2425 * 86_400_000;
/** Instants from 1970 on: both builds must answer them alike (tzdb merges zones only where clocks agree since 1970). */
const SINCE_1970 = [
  Date.UTC(1970, 0, 1),
  Date.UTC(1970, 6, 1),
  Date.UTC(1976, 3, 1),
  Date.UTC(1985, 9, 1),
  Date.UTC(2000, 0, 1),
  Date.UTC(2026, 6, 1),
  Date.UTC(2099, 11, 1),
];

describe('the two builds of the bundled release', () => {
  const backzone = bundledRelease();
  const main = backzone.as('main')!;

  it('holds both, backzone the default', () => {
    expect(backzone.build).toBe('backzone');
    expect(backzone.builds.available).toEqual(['backzone', 'main']);
    expect(main.build).toBe('main');
    expect(main.version).toBe(backzone.version);
    expect(backzone.as('main')).toBe(main);
  });

  it('keeps the same names in both: a backzone zone is a zone of the main build too, with its link target’s data', () => {
    expect([...main.zones.keys()].sort()).toEqual([...backzone.zones.keys()].sort());
    expect([...main.links.keys()].sort()).toEqual([...backzone.links.keys()].sort());
    expect(main.listedZoneCount).toBe(backzone.listedZoneCount);
    expect(main.zone('Europe/Oslo')).toBe(main.zone('Europe/Berlin'));
    expect(main.zone('Africa/Asmara')).toBe(main.zone('Africa/Nairobi'));
    expect(backzone.zone('Europe/Oslo')).not.toBe(backzone.zone('Europe/Berlin'));
  });

  it('names the zones that have their own history before 1970 in backzone', () => {
    const own = backzone.builds.backzoneZones;
    expect(own.has('Europe/Oslo')).toBe(true);
    expect(own.has('Africa/Asmara')).toBe(true);
    expect(own.has('Atlantic/Reykjavik')).toBe(true);
    expect(own.has('Europe/Berlin')).toBe(false);
    expect(own.has('America/New_York')).toBe(false);
    expect(own.size).toBeGreaterThan(50);
    expect(main.hasBackzoneHistory('Europe/Oslo')).toBe(true);
  });

  it('shares every compiled zone the builds agree on, so the main build costs a few zones', () => {
    let shared = 0;
    for (const [name, zone] of main.zones) if (backzone.zones.get(name) === zone) shared++;
    expect(shared).toBe(backzone.zones.size - backzone.builds.backzoneZones.size);
  });

  it('answers the same offset and abbreviation in both builds for every zone and link from 1970 on', () => {
    const differences: string[] = [];
    for (const name of [...backzone.zones.keys(), ...backzone.links.keys()]) {
      for (const at of SINCE_1970) {
        const a = backzone.zone(name)!.periodAt(at);
        const b = main.zone(name)!.periodAt(at);
        if (a.offsetSeconds !== b.offsetSeconds || a.abbreviation !== b.abbreviation || a.dst !== b.dst) {
          differences.push(`${name} at ${new Date(at).toISOString()}: ${a.offsetSeconds} ${a.abbreviation} / ${b.offsetSeconds} ${b.abbreviation}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('differs before 1970 where backzone says so: Oslo’s summer time of 1960, Asmara’s offset of 1930', () => {
    const oslo1960 = Date.UTC(1960, 6, 1, 12);
    expect(backzone.zone('Europe/Oslo')!.periodAt(oslo1960).offsetSeconds).toBe(7200);
    expect(main.zone('Europe/Oslo')!.periodAt(oslo1960).offsetSeconds).toBe(3600);
    const asmara1930 = Date.UTC(1930, 5, 1, 12);
    expect(backzone.zone('Africa/Asmara')!.periodAt(asmara1930).offsetSeconds).toBe(2 * 3600 + 35 * 60 + 20);
    expect(main.zone('Africa/Asmara')!.periodAt(asmara1930).offsetSeconds).toBe(2.5 * 3600);
    expect(Math.abs(oslo1960 - asmara1930)).toBeGreaterThan(YEAR_MS);
  });
});

/** A release tarball in IANA's shape, small: a main file, backward, backzone, zone.tab and a version. */
function tarball(files: Record<string, string>): Buffer {
  return packTarball(Object.entries(files).map(([name, text]) => [name, Buffer.from(text)]));
}

const EUROPE = [
  'Rule\tX\t1950\tmax\t-\tMar\tlastSun\t1:00u\t1:00\tS',
  'Rule\tX\t1950\tmax\t-\tOct\tlastSun\t1:00u\t0\t-',
  'Zone\tEurope/Berlin\t1:00\tX\tCE%sT',
  '',
].join('\n');
const BACKWARD = [
  'Link\tEurope/Berlin\tEurope/Oslo',
  'Link\tEurope/Berlin\tEurope/Spare',
  '#PACKRATLIST zone.tab Link Europe/Oslo Europe/Spare',
  '#PACKRATLIST zone.tab Link Europe/Berlin Europe/Extra',
  '',
].join('\n');
const BACKZONE = [
  'Zone\tEurope/Oslo\t0:43:00\t-\tLMT\t1895',
  '\t\t\t1:00\tX\tCE%sT',
  'Zone\tEurope/Unlisted\t0:30\t-\tLMT\t1900',
  '\t\t\t1:00\t-\tCET',
  'Link\tEurope/Unlisted\tEurope/Alias',
  '',
].join('\n');
const ZONE_TAB = '#code\tcoordinates\tTZ\nDE\t+5230+01322\tEurope/Berlin\nNO\t+5955+01045\tEurope/Oslo\n';

describe('assembling a build from a tarball, as ziguard.awk and zic do', () => {
  const files = readTarball(tarball({ europe: EUROPE, backward: BACKWARD, backzone: BACKZONE, 'zone.tab': ZONE_TAB, version: '2026z\n' }));

  it('offers both builds when the tarball has backzone, and only main without it', () => {
    expect(availableBuilds(files)).toEqual(['backzone', 'main']);
    const withoutBackzone = new Map(files);
    withoutBackzone.delete('backzone');
    expect(availableBuilds(withoutBackzone)).toEqual(['main']);
  });

  it('main: the main files as they are', () => {
    const release = compileRelease({ kind: 'tarball', bytes: tarball({ europe: EUROPE, backward: BACKWARD, 'zone.tab': ZONE_TAB, version: '2026z\n' }) });
    expect(release.build).toBe('main');
    expect(release.links.get('Europe/Oslo')).toBe('Europe/Berlin');
    expect(release.links.get('Europe/Spare')).toBe('Europe/Berlin');
    expect(release.links.has('Europe/Extra')).toBe(false);
  });

  it('backzone: its listed zones override the links, the unlisted are left out with their links, #PACKRATLIST lines are data', () => {
    const release = compileRelease({
      kind: 'tarball',
      bytes: tarball({ europe: EUROPE, backward: BACKWARD, backzone: BACKZONE, 'zone.tab': ZONE_TAB, version: '2026z\n' }),
    });
    expect(release.build).toBe('backzone');
    expect(release.zones.has('Europe/Oslo')).toBe(true);
    expect(release.zones.has('Europe/Unlisted')).toBe(false);
    expect(release.links.has('Europe/Alias')).toBe(false);
    expect(release.links.get('Europe/Extra')).toBe('Europe/Berlin');
    // ziguard.awk cuts a link to a link short through its link table, which still holds backward's Oslo → Berlin:
    // IANA's make links Arctic/Longyearbyen (backzone: → Europe/Oslo) to Europe/Berlin so, and so do we.
    expect(release.links.get('Europe/Spare')).toBe('Europe/Berlin');
    expect([...release.builds.backzoneZones]).toEqual(['Europe/Oslo']);
    const main = release.as('main')!;
    expect(main.zone('Europe/Oslo')).toBe(main.zone('Europe/Berlin'));
    expect(main.zone('Europe/Spare')).toBe(main.zone('Europe/Berlin'));
    // Berlin is the same zone in both builds: compiled once.
    expect(main.zone('Europe/Berlin')).toBe(release.zone('Europe/Berlin'));
  });

  it('writes each build as one tzdata.zi, the backzone one marked as IANA marks it, keeping line numbers', () => {
    const backzone = tzdataZi(files, 'backzone', '2026z')!.toString();
    const main = tzdataZi(files, 'main', '2026z')!.toString();
    expect(ziBuild(backzone)).toBe('backzone');
    expect(ziBuild(main)).toBe('main');
    expect(backzone).toContain('#Link\tEurope/Berlin\tEurope/Oslo');
    expect(backzone).toContain('#Zone\tEurope/Unlisted');
    expect(main).not.toContain('backzone');
    const guarded = buildSources(files, 'backzone')!;
    expect(guarded.map(([name]) => name)).toEqual(['europe', 'backward', 'backzone']);
    expect(guarded[2][1].split('\n')).toHaveLength(BACKZONE.split('\n').length);
  });

  it('a bare tzdata.zi is the build its ddeps line names, and only that one', () => {
    const zi = compileRelease({ kind: 'zi', text: tzdataZi(files, 'backzone', '2026z')!.toString() });
    expect(zi.builds.available).toEqual(['backzone']);
    expect(zi.as('main')).toBeNull();
    const mainZi = compileRelease({ kind: 'zi', text: tzdataZi(files, 'main', '2026z')!.toString() });
    expect(mainZi.builds.available).toEqual(['main']);
    expect(mainZi.builds.backzoneZones.size).toBe(0);
  });
});
