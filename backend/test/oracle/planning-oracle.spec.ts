/**
 * Planning against an oracle that shares none of its code: python-dateutil's rrule (Debian's python3-dateutil) and
 * Python's zoneinfo, reading TZif files that zic(8) builds from the bundled release (planning_oracle.py).
 * - 500 random rule sets (weekly, monthly by day, BYSETPOS, yearly on DST Sundays, daily at night hours, EXDATE,
 *   UNTIL) in zones with DST changes and gaps: the same occurrences at the same instants. The one kind of difference
 *   is RFC 5545's gap rule: dateutil keeps a wall-clock time the clocks skip (02:30 on a spring-forward night, with
 *   the offset before the gap); we write the instant it means, moved forward by the gap (03:30 with the offset
 *   after). Each such occurrence is counted and must be exactly that.
 * - Who is at a local time: 50 random instants, every listed zone, the same zones as zoneinfo's wall clocks.
 * - Meeting slots for New York, London and Tokyo over a week holding the US change but not the EU's: every
 *   candidate's minutes outside hours and midday distance as a brute-force search over the same step, ranked by the
 *   documented rule; and New York with London: the daily overlap shifts by an hour after the US change.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProblemException } from '../../src/common/problems/problem.js';
import { BusinessTimeService } from '../../src/modules/business-time/business-time.service.js';
import { HolidayData } from '../../src/modules/business-time/holiday-data.js';
import { MeetingSlotsService } from '../../src/modules/planning/meeting-slots.service.js';
import { recurrenceAnswer } from '../../src/modules/planning/recurrence-answer.js';
import { zonesAtLocalTime } from '../../src/modules/timezone/at-local-time/zones-at-local-time.js';
import { sharedTimeEngine } from '../../src/modules/timezone/engine/shared-engine.js';
import { BUNDLED_RELEASES_DIR } from '../../src/modules/tzdb/bundled-release.js';
import { findZic, seeded } from '../support/oracle-tools.js';

const RULES = 500;
const INSTANTS = 50;
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Havana',
  'America/Santiago',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Africa/Casablanca',
  'America/St_Johns',
  'Asia/Jerusalem',
  'Europe/Dublin',
  'America/Sao_Paulo',
  'Asia/Tehran',
];

/** A python3 with dateutil: the PATH's, or Debian's own (python3-dateutil installs for /usr/bin/python3). */
function pythonWithDateutil(): string | undefined {
  return ['python3', '/usr/bin/python3'].find((python) => {
    try {
      execFileSync(python, ['-c', 'import dateutil, zoneinfo'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

const python = pythonWithDateutil();
const zic = findZic();
if ((!python || !zic) && !process.env.CI)
  console.warn('planning-oracle.spec: python3-dateutil or zic is missing (apt-get install python3-dateutil libc-bin); skipping');
const describeWithOracle = (python && zic) || process.env.CI ? describe : describe.skip;

const engine = sharedTimeEngine();
const random = seeded(20261129);
const next = () => random.next().value as number;
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ics = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

/** A random rule set of the kinds calendars carry, starting at night hours often enough to meet gaps and overlaps. */
function randomRule(): { text: string; zone: string } {
  const zone = pick(ZONES);
  const start = new Date(Date.UTC(int(2020, 2035), int(0, 11), int(1, 28), pick([0, 1, 2, 3, 9, 12, 23]), pick([0, 30])));
  const count = `COUNT=${int(3, 40)}`;
  const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  const rule = pick([
    () => `FREQ=WEEKLY;INTERVAL=${int(1, 3)};BYDAY=${[...new Set([pick(days), pick(days)])].join(',')};${count}`,
    () => `FREQ=MONTHLY;BYDAY=${pick(['1', '2', '-1'])}${pick(['SU', 'MO', 'FR'])};${count}`,
    () => `FREQ=MONTHLY;BYMONTHDAY=${pick([1, 15, -1, 31])};${count}`,
    () => `FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=${pick([1, -1, 2])};${count}`,
    () => `FREQ=YEARLY;BYMONTH=${pick(['3', '10', '3,10', '4,9,11'])};BYDAY=${pick(['-1SU', '1SU', '2SU'])};${count}`,
    () => `FREQ=YEARLY;${count}`,
    () => `FREQ=DAILY;BYHOUR=${pick(['1,2,3', '0,2', '2'])};BYMINUTE=${pick(['0', '0,30'])};${count}`,
    () => `FREQ=WEEKLY;UNTIL=${ics(new Date(start.getTime() + int(20, 400) * 86_400_000))}Z`,
  ])();
  const lines = [`DTSTART;TZID=${zone}:${ics(start)}`, `RRULE:${rule}`];
  if (next() < 0.3) lines.push(`EXDATE;TZID=${zone}:${ics(new Date(start.getTime() + 7 * 86_400_000))}`);
  return { text: lines.join('\n'), zone };
}

type Oracle = {
  rules: ([string, number, number][] | { error: string })[];
  atLocalTime: Record<string, string>[];
  slots: [number, number[], number][][];
};

describeWithOracle('planning against python-dateutil and zoneinfo', () => {
  const rules = Array.from({ length: RULES }, randomRule);
  const zones = engine.registry.canonicalZones;
  const instants = Array.from({ length: INSTANTS }, () => Date.UTC(1975, 0, 1) + Math.floor(next() * 60 * 365.25 * 86_400_000));
  const times = instants.map((at) => {
    const z = pick(zones);
    const local = new Date(at + engine.clock(z).offsetAt(at) * 1000);
    return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  });
  // Wednesday 10 to Wednesday 17 March 2027 in New York: the US changes on the 14th, the EU on the 28th.
  const week = { start: Date.UTC(2027, 2, 10, 5), end: Date.UTC(2027, 2, 18, 4), step: 60, duration: 60 };
  const trio = ['America/New_York', 'Europe/London', 'Asia/Tokyo'];
  let dir = '';
  let oracle: Oracle;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'planning-oracle-'));
    execFileSync(zic!, ['-b', 'fat', '-d', dir, join(BUNDLED_RELEASES_DIR, engine.release.version, 'tzdata.zi')]);
    const out = execFileSync(python!, [fileURLToPath(new URL('./planning_oracle.py', import.meta.url)), dir], {
      input: JSON.stringify({
        rules,
        atLocalTime: instants.map((at) => ({ at, zones })),
        slots: [
          { participants: trio, ...week },
          { participants: trio.slice(0, 2), ...week },
        ],
      }),
      maxBuffer: 256 * 1024 * 1024,
    });
    oracle = JSON.parse(out.toString()) as Oracle;
  }, 300_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('expands 500 random rule sets to the same occurrences, differing only where RFC 5545 moves a time out of a gap', () => {
    const differences: string[] = [];
    let occurrences = 0;
    let movedOutOfGaps = 0;
    rules.forEach((rule, i) => {
      const theirs = oracle.rules[i];
      let ours;
      try {
        ours = recurrenceAnswer(engine, { rule: rule.text }).occurrences;
      } catch (err) {
        if (!(err instanceof ProblemException)) throw err;
        differences.push(
          `#${i} ${JSON.stringify(rule.text)}: ours refused (${String(err.toDocument().code)}), dateutil ${JSON.stringify(theirs).slice(0, 80)}`,
        );
        return;
      }
      if (!Array.isArray(theirs)) return differences.push(`#${i} ${JSON.stringify(rule.text)}: dateutil failed: ${theirs.error}`);
      if (ours.length !== theirs.length) return differences.push(`#${i} ${JSON.stringify(rule.text)}: ${ours.length} occurrences, dateutil ${theirs.length}`);
      ours.forEach((o, k) => {
        const [wall, at, offset] = theirs[k];
        occurrences++;
        if (o.scheduled !== wall || Date.parse(o.utc) !== at) differences.push(`#${i}[${k}] ${o.scheduled} ${o.utc} vs ${wall} ${new Date(at).toISOString()}`);
        const ourOffset = (Date.parse(o.localDateTime.slice(0, 19) + 'Z') - Date.parse(o.utc)) / 1000;
        if (o.resolution === 'gap') {
          // dateutil writes the skipped wall time with the offset before the gap; we the same instant with the offset after it.
          const gapSeconds = ourOffset - offset;
          const moved = Date.parse(o.localDateTime.slice(0, 19) + 'Z') - Date.parse(wall + 'Z');
          if (!(gapSeconds > 0 && moved === gapSeconds * 1000)) differences.push(`#${i}[${k}] gap: ${o.localDateTime} vs ${wall} (${offset} s)`);
          movedOutOfGaps++;
        } else if (ourOffset !== offset) differences.push(`#${i}[${k}] offset ${ourOffset} vs ${offset}`);
      });
    });
    expect(differences.slice(0, 20)).toEqual([]);
    expect(occurrences).toBeGreaterThan(5000);
    // The night hours and DST Sundays put some occurrences in gaps: the rule above explains every one.
    expect(movedOutOfGaps).toBeGreaterThan(0);
  });

  it('finds the zones at a local time as zoneinfo reads every zone, at 50 random instants', () => {
    instants.forEach((at, i) => {
      const [h, m] = times[i].split(':').map(Number);
      const ours = zonesAtLocalTime(engine, h * 60 + m, 'minute', at).groups.flatMap((g) => g.zones.map((z) => z.timezone));
      const theirs = Object.entries(oracle.atLocalTime[i])
        .filter(([, local]) => local === times[i])
        .map(([zone]) => zone);
      expect({ at: new Date(at).toISOString(), zones: ours.sort() }).toEqual({ at: new Date(at).toISOString(), zones: theirs.sort() });
    });
  });

  const service = new MeetingSlotsService(engine, new BusinessTimeService(engine, new HolidayData()), { now: () => week.start });
  const ask = (participants: string[]) =>
    service.find({
      participants: participants.map((timezone, i) => ({ label: `p${i}`, timezone })),
      durationMinutes: 60,
      from: '2027-03-10',
      to: '2027-03-17',
      stepMinutes: 60,
      limit: 100,
    });

  it('scores every meeting slot of New York, London and Tokyo as a brute-force search does, and ranks them by the documented rule', () => {
    const brute = oracle.slots[0];
    const ours = ask(trio);
    expect(ours.candidates).toBe(brute.length);
    expect(ours.fullOverlap).toBe(brute.some(([, outside]) => outside.every((m) => m === 0)));
    // The documented rule, applied to the brute force's numbers.
    const score = (outside: number[], worst: number) =>
      outside.every((m) => m === 0) ? Math.max(0, Math.round((100 - worst / 7.2) * 10) / 10) : -outside.reduce((a, b) => a + b, 0);
    const ranked = [...brute].sort((a, b) => score(b[1], b[2]) - score(a[1], a[2]) || a[2] - b[2] || a[0] - b[0]).slice(0, 100);
    expect(ours.slots.map((s) => [Date.parse(s.start), s.participants.map((p) => p.minutesOutside), s.worstMiddayDistance])).toEqual(ranked);
  });

  it("shifts New York and London's shared hours by an hour on the days between the US and the EU change", () => {
    const brute = oracle.slots[1];
    const ours = ask(trio.slice(0, 2));
    expect(ours.fullOverlap).toBe(true);
    // Slots everyone can make come first, and each one's local times are inside 09:00-17:00 on a weekday for both.
    const full = ours.slots.filter((s) => s.everyoneInside);
    expect(ours.slots.slice(0, full.length)).toEqual(full);
    for (const seat of full.flatMap((s) => s.participants)) {
      expect([seat.start.slice(11, 16) >= '09:00', seat.end.slice(11, 16) <= '17:00', seat.start.slice(0, 10) === seat.end.slice(0, 10)]).toEqual([
        true,
        true,
        true,
      ]);
      expect([0, 6]).not.toContain(new Date(seat.start.slice(0, 10)).getUTCDay());
    }
    const inside = brute.filter(([, outside]) => outside.every((m) => m === 0)).map(([at]) => new Date(at).toISOString().replace('.000Z', 'Z'));
    const oursInside = ours.days.flatMap((d) =>
      d.overlaps.flatMap((o) =>
        Array.from({ length: o.minutes / 60 }, (_, k) => new Date(Date.parse(o.start) + k * 3_600_000).toISOString().replace('.000Z', 'Z')),
      ),
    );
    expect(oursInside).toEqual(inside);
    const hours = Object.fromEntries(ours.days.map((d) => [d.date, d.overlaps.map((o) => `${o.start.slice(11, 16)}-${o.end.slice(11, 16)}`)]));
    expect(hours).toMatchObject({ '2027-03-10': ['14:00-17:00'], '2027-03-12': ['14:00-17:00'], '2027-03-15': ['13:00-17:00'], '2027-03-17': ['13:00-17:00'] });
  });
});
