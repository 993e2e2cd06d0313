/**
 * The TZif files the API serves (GET /api/timezone/releases/{version}/tzif/{zone}), read by software that shares none
 * of our code: Python's zoneinfo reads every zone's served file and must answer what the API answers, on 1,000 random
 * instants 1900–2100 per zone (and past 2100, where the footer's TZ string takes over), and the same as the TZif file
 * zic(8) builds from the release's served tzdata.zi (every change 1970–2037 to the second, and the same instants).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey, createUser } from '../factories/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { ReleaseCache } from '../../src/modules/tzdb/release-cache.js';
import type { TzRelease } from '../../src/modules/tzdb/tz-release.js';
import { findZic, hasPython, seeded } from '../support/oracle-tools.js';

const FROM = Date.UTC(1970, 0, 1) / 1000;
const TO = Date.UTC(2038, 0, 1) / 1000;
const RANDOM_FROM = Date.UTC(1900, 0, 1) / 1000;
const RANDOM_TO = Date.UTC(2101, 0, 1) / 1000;
/** Past the compiled range: the footer's rules (both files) against the engine's carried-forward rules. */
const FOOTER_TO = Date.UTC(2400, 0, 1) / 1000;
const INSTANTS_PER_ZONE = 1000;
const FOOTER_INSTANTS = 200;
const HTTP_SPOT_CHECKS = 40;

type OracleAnswer = Record<string, { transitions: [number, number, boolean, string][]; instants: [number, boolean, string][] }>;

const zic = findZic();
// CI installs both (.ci/run); a newcomer's machine with only Node skips the oracle rather than fail on a missing tool.
const describeWithOracle = (zic && hasPython()) || process.env.CI ? describe : describe.skip;

/** One python3 process reading a folder of TZif files (tzif_oracle.py, shared with the engine's own oracle test). */
function readOracle(dir: string, zones: string[], instants: number[]): Promise<OracleAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [fileURLToPath(new URL('./tzif_oracle.py', import.meta.url)), dir, String(FROM), String(TO)]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(Buffer.concat(out).toString()) as OracleAnswer) : reject(new Error(`tzif_oracle.py: ${Buffer.concat(err).toString()}`)),
    );
    child.stdin.end(JSON.stringify({ zones, instants }));
  });
}

describeWithOracle('the served TZif files, read by Python zoneinfo, against the API and zic', () => {
  let a: TestApp;
  let work: string;
  let version: string;
  let release: TzRelease;
  let zones: string[];
  let served: OracleAnswer;
  let built: OracleAnswer;
  const random = seeded(20261125);
  const instants = [
    ...Array.from({ length: INSTANTS_PER_ZONE }, () => Math.floor(RANDOM_FROM + random.next().value * (RANDOM_TO - RANDOM_FROM))),
    ...Array.from({ length: FOOTER_INSTANTS }, () => Math.floor(RANDOM_TO + random.next().value * (FOOTER_TO - RANDOM_TO))),
  ];

  beforeAll(async () => {
    const started = Date.now();
    a = await createTestApp();
    version = (await a.client().get('/api/health')).body.tzdbVersion as string;
    release = await a.app.get(ReleaseCache).get(version);
    zones = [...release.zones.keys()].sort();
    work = mkdtempSync(join(tmpdir(), 'tzif-served-'));
    const ours = join(work, 'served');
    const theirs = join(work, 'zic');
    // Every zone's file as a customer downloads it, a few at a time.
    for (let i = 0; i < zones.length; i += 16) {
      await Promise.all(
        zones.slice(i, i + 16).map(async (zone) => {
          const res = await fetch(`${a.url}/api/timezone/releases/${version}/tzif/${zone}`);
          if (res.status !== 200) throw new Error(`${zone}: ${res.status}`);
          mkdirSync(dirname(join(ours, zone)), { recursive: true });
          writeFileSync(join(ours, zone), Buffer.from(await res.arrayBuffer()));
        }),
      );
    }
    const zi = await fetch(`${a.url}/api/timezone/releases/${version}/tzdata.zi`);
    writeFileSync(join(work, 'tzdata.zi'), Buffer.from(await zi.arrayBuffer()));
    execFileSync(zic!, ['-b', 'fat', '-d', theirs, join(work, 'tzdata.zi')]);
    const downloaded = Date.now();
    // The two folders are read side by side, one python3 each.
    [served, built] = await Promise.all([readOracle(ours, zones, instants), readOracle(theirs, zones, instants)]);
    console.log(
      `served TZif: ${zones.length} files downloaded and zic run in ${downloaded - started} ms, zoneinfo read both sets in ${Date.now() - downloaded} ms`,
    );
  }, 300_000);

  afterAll(async () => {
    await a?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('serves a TZif file of version 2 or later for every zone of the active release', () => {
    expect(zones.length).toBeGreaterThan(300);
    expect(Object.keys(served).sort()).toEqual(zones);
  });

  it(`read by zoneinfo, each file answers ${INSTANTS_PER_ZONE} random instants 1900–2100 (and ${FOOTER_INSTANTS} after) as the API does`, () => {
    const differences: string[] = [];
    for (const zone of zones) {
      const compiled = release.zone(zone)!;
      instants.forEach((s, i) => {
        const p = compiled.periodAt(s * 1000);
        const [utoff, isdst, abbr] = served[zone].instants[i];
        if (p.offsetSeconds !== utoff || p.isdst !== isdst || p.abbreviation !== abbr) {
          differences.push(
            `${zone} @${new Date(s * 1000).toISOString()}: API ${p.offsetSeconds} ${p.isdst} ${p.abbreviation}, served TZif ${utoff} ${isdst} ${abbr}`,
          );
        }
      });
    }
    console.log(`served TZif: ${zones.length * instants.length} instants of ${zones.length} zones compared with the API, ${differences.length} differ`);
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('answers as the TZif file zic builds from the same tzdata.zi: every change 1970–2037 and every instant', () => {
    const differences: string[] = [];
    for (const zone of zones) {
      const ours = served[zone];
      const theirs = built[zone];
      if (JSON.stringify(ours.transitions) !== JSON.stringify(theirs.transitions)) {
        const a = ours.transitions.map((t) => JSON.stringify(t));
        const b = theirs.transitions.map((t) => JSON.stringify(t));
        differences.push(
          `${zone} changes: served only ${a
            .filter((x) => !b.includes(x))
            .slice(0, 2)
            .join(' ')} | zic only ${b
            .filter((x) => !a.includes(x))
            .slice(0, 2)
            .join(' ')}`,
        );
      }
      instants.forEach((s, i) => {
        if (JSON.stringify(ours.instants[i]) !== JSON.stringify(theirs.instants[i])) {
          differences.push(
            `${zone} @${new Date(s * 1000).toISOString()}: served ${JSON.stringify(ours.instants[i])}, zic ${JSON.stringify(theirs.instants[i])}`,
          );
        }
      });
    }
    console.log(`served TZif vs zic: ${zones.length} zones, ${differences.length} differences`);
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('the API over HTTP answers the offsets the served files give', async () => {
    const { key } = await createApiKey(a, await createUser(a, { plan: 'premium' }));
    const pick = seeded(7);
    for (let n = 0; n < HTTP_SPOT_CHECKS; n++) {
      const places = zones.filter((z) => z.includes('/') && !z.startsWith('Etc/'));
      const zone = places[Math.floor(pick.next().value * places.length)];
      const i = Math.floor(pick.next().value * INSTANTS_PER_ZONE);
      const at = new Date(instants[i] * 1000);
      // Conversion answers to the second from 1970 on; earlier instants are covered by the engine comparison above.
      if (at.getUTCFullYear() < 1970) continue;
      const datetime = at.toISOString().slice(0, 19);
      const res = await a.client().get(`/api/conversion/timezone?from=UTC&to=${zone}&datetime=${datetime}&tzdb=${version}`, { 'x-api-key': key });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-tzdb-version')).toBe(version);
      const [utoff, , abbr] = served[zone].instants[i];
      const sign = utoff < 0 ? '-' : '+';
      const abs = Math.abs(utoff);
      const offset = `${sign}${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String(Math.floor((abs % 3600) / 60)).padStart(2, '0')}`;
      expect({ zone, datetime, utcOffset: res.body.utcOffset, abbreviation: res.body.abbreviation }).toEqual({
        zone,
        datetime,
        utcOffset: offset,
        abbreviation: abbr,
      });
    }
  });
});
