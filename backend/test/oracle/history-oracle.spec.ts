/**
 * history=backzone|main against two oracles that share no code with the engine, at instants before 1970:
 * - backzone (the default): Python's zoneinfo over Debian's tzdata, a backzone build. Europe/Oslo has Norway's summer
 *   time of 1959–1965 and Africa/Asmara its own offsets (LMT 2:35:32, ADMT 2:35:20 until 1936).
 * - main: Node's Intl (ICU, built from IANA's default build), where Oslo shares Berlin's history and Asmara Nairobi's.
 * The engine answers through the time engine as a request would, the build chosen as the gateway chooses it
 * (requestRelease). From 1970 on both builds answer alike: src/modules/tzdb/release-builds.spec.ts, every zone.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TimeEngine } from '../../src/modules/timezone/engine/time-engine.js';
import { bundledRelease } from '../../src/modules/tzdb/bundled-release.js';
import { requestRelease } from '../../src/modules/tzdb/request-release.js';
import type { TzBuild } from '../../src/modules/tzdb/tz-release.js';
import { hasPython } from '../support/oracle-tools.js';

const monthly = (from: number, to: number) => Array.from({ length: (to - from + 1) * 12 }, (_, i) => Date.UTC(from + Math.floor(i / 12), i % 12, 15, 12));
/** Every month of Norway's summer-time years, and the years around them. */
const OSLO_INSTANTS = monthly(1958, 1966);
/** Asmara: from its local mean time (1870) through 1936's switch to EAT, then until 1970. */
const ASMARA_INSTANTS = [...monthly(1929, 1931), ...Array.from({ length: 101 }, (_, i) => Date.UTC(1869 + i, 5, 1))];

const describeWithPython = hasPython() || process.env.CI ? describe : describe.skip;

function zoneinfoOffsets(zones: string[], instants: number[]): Record<string, string[]> & { backzone: boolean } {
  const out = execFileSync('python3', [fileURLToPath(new URL('./history_oracle.py', import.meta.url))], { input: JSON.stringify({ zones, instants }) });
  return JSON.parse(out.toString()) as Record<string, string[]> & { backzone: boolean };
}

/** Intl's offset ("GMT+02:27:16", "GMT") as the API writes one ("+02:27:16", "+00:00"). */
function intlOffset(zone: string, ms: number): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

describe('history before 1970: the two builds against zoneinfo and Intl', () => {
  const engine = new TimeEngine(bundledRelease());
  /** The engine's offset at an instant, in the build a request names (null: the default, as without history=). */
  const offset = (build: TzBuild | null, zone: string, ms: number) => {
    const answer = () => engine.timeAt(engine.zone(zone), ms).utc_offset;
    return build === null ? answer() : requestRelease.run(bundledRelease().as(build)!, answer);
  };

  describeWithPython('backzone, the default: Python’s zoneinfo over Debian’s tzdata', () => {
    const cases: [string, number[]][] = [
      ['Europe/Oslo', OSLO_INSTANTS],
      ['Africa/Asmara', ASMARA_INSTANTS],
    ];

    it.each(cases)('%s agrees with zoneinfo by default and with history=backzone', (zone, instants) => {
      const oracle = zoneinfoOffsets([zone], instants);
      expect(oracle.backzone).toBe(true);
      const differences = instants.flatMap((ms, i) =>
        [null, 'backzone' as const].flatMap((build) => {
          const ours = offset(build, zone, ms);
          return ours === oracle[zone][i] ? [] : [`${new Date(ms).toISOString()} ${build ?? 'default'}: ${ours}, zoneinfo ${oracle[zone][i]}`];
        }),
      );
      expect(differences).toEqual([]);
    });

    it('Oslo had summer time in 1959–1965 and Asmara its own offset in 1930, as zoneinfo says', () => {
      expect(offset(null, 'Europe/Oslo', Date.UTC(1960, 6, 1, 12))).toBe('+02:00');
      expect(offset(null, 'Africa/Asmara', Date.UTC(1930, 5, 1, 12))).toBe('+02:35:20');
    });
  });

  describe('main: Node’s Intl (ICU, IANA’s default build)', () => {
    const cases: [string, string, number[]][] = [
      ['Europe/Oslo', 'Europe/Berlin', OSLO_INSTANTS],
      ['Africa/Asmara', 'Africa/Nairobi', ASMARA_INSTANTS],
    ];

    it.each(cases)('with history=main %s answers %s’s offsets, as Intl does', (zone, linkedTo, instants) => {
      const differences = instants.flatMap((ms) => {
        const ours = offset('main', zone, ms);
        const intl = intlOffset(zone, ms);
        const target = offset('main', linkedTo, ms);
        return ours === intl && ours === target ? [] : [`${new Date(ms).toISOString()}: ${ours}, Intl ${intl}, ${linkedTo} ${target}`];
      });
      expect(differences).toEqual([]);
    });

    it('the builds do differ there: Oslo 1960 and Asmara 1930', () => {
      expect(offset('main', 'Europe/Oslo', Date.UTC(1960, 6, 1, 12))).toBe('+01:00');
      expect(offset('main', 'Africa/Asmara', Date.UTC(1930, 5, 1, 12))).toBe('+02:30');
    });
  });
});
