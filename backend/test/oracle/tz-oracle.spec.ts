/**
 * The engine against an oracle that shares none of its code: zic(8), IANA's own compiler (Debian's libc-bin), builds
 * TZif files from the same release, and Python reads them (struct for the transition table, zoneinfo for instants).
 * Every zone: every change 1970–2037 to the second (instant, offset in seconds, isdst, abbreviation), and random
 * instants 1900–2200 (after 2100 the engine carries the last rules forward, as the TZif footer does).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED_RELEASES_DIR, bundledRelease } from '../../src/modules/tzdb/bundled-release.js';
import { findZic, hasPython, seeded } from '../support/oracle-tools.js';

const FROM = Date.UTC(1970, 0, 1) / 1000;
const TO = Date.UTC(2038, 0, 1) / 1000;
const RANDOM_FROM = Date.UTC(1900, 0, 1) / 1000;
const RANDOM_TO = Date.UTC(2201, 0, 1) / 1000;
const INSTANTS_PER_ZONE = 1000;

type OracleAnswer = Record<string, { transitions: [number, number, boolean, string][]; instants: [number, boolean, string][] }>;

const zic = findZic();
// CI installs both (.ci/run); a newcomer's machine with only Node skips the oracle rather than fail on a missing tool.
const describeWithOracle = (zic && hasPython()) || process.env.CI ? describe : describe.skip;

describeWithOracle('the tz engine against zic and Python zoneinfo', () => {
  const release = bundledRelease();
  let dir: string;
  let oracle: OracleAnswer;
  const zones = [...release.zones.keys()].sort();
  const random = seeded(20261123);
  const instants = Array.from({ length: INSTANTS_PER_ZONE }, () => Math.floor(RANDOM_FROM + random.next().value * (RANDOM_TO - RANDOM_FROM)));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tz-oracle-'));
    if (!zic) throw new Error('zic(8) is needed for this test (Debian package libc-bin)');
    execFileSync(zic, ['-b', 'fat', '-d', dir, join(BUNDLED_RELEASES_DIR, release.version, 'tzdata.zi')]);
    const out = execFileSync('python3', [fileURLToPath(new URL('./tzif_oracle.py', import.meta.url)), dir, String(FROM), String(TO)], {
      input: JSON.stringify({ zones, instants }),
      maxBuffer: 512 * 1024 * 1024,
    });
    oracle = JSON.parse(out.toString()) as OracleAnswer;
  }, 300_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles the bundled release, every zone of it', () => {
    expect(release.version).toMatch(/^\d{4}[a-z]$/);
    expect(zones.length).toBeGreaterThan(300);
    expect(Object.keys(oracle).sort()).toEqual(zones);
  });

  it('has every change 1970–2037 of every zone: same instant, offset, isdst and abbreviation', () => {
    const differences: string[] = [];
    let compared = 0;
    for (const zone of zones) {
      const ours = release
        .zone(zone)!
        .transitionsBetween(FROM * 1000, TO * 1000)
        .filter((t) => t.before.offsetSeconds !== t.after.offsetSeconds || t.before.isdst !== t.after.isdst || t.before.abbreviation !== t.after.abbreviation)
        .map((t) => [t.at / 1000, t.after.offsetSeconds, t.after.isdst, t.after.abbreviation]);
      const theirs = oracle[zone].transitions;
      compared += theirs.length;
      const a = ours.map((t) => JSON.stringify(t));
      const b = theirs.map((t) => JSON.stringify(t));
      if (a.join() !== b.join()) {
        const onlyOurs = a.filter((x) => !b.includes(x)).slice(0, 3);
        const onlyTheirs = b.filter((x) => !a.includes(x)).slice(0, 3);
        differences.push(`${zone}: engine only ${onlyOurs.join(' ')} | zic only ${onlyTheirs.join(' ')}`);
      }
    }
    console.log(`tz oracle: ${compared} transitions of ${zones.length} zones compared, ${differences.length} zones differ`);
    expect(differences).toEqual([]);
  });

  it(`answers ${INSTANTS_PER_ZONE} random instants 1900–2200 of every zone (past 2100: the carried-forward rules) as zoneinfo does`, () => {
    const differences: string[] = [];
    for (const zone of zones) {
      const compiled = release.zone(zone)!;
      instants.forEach((s, i) => {
        const p = compiled.periodAt(s * 1000);
        const [utoff, isdst, abbr] = oracle[zone].instants[i];
        if (p.offsetSeconds !== utoff || p.isdst !== isdst || p.abbreviation !== abbr) {
          differences.push(
            `${zone} @${new Date(s * 1000).toISOString()}: engine ${p.offsetSeconds} ${p.isdst} ${p.abbreviation}, zoneinfo ${utoff} ${isdst} ${abbr}`,
          );
        }
      });
    }
    console.log(`tz oracle: ${zones.length * instants.length} instants compared, ${differences.length} differ`);
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
