import { readFileSync } from 'node:fs';
import { bundledRelease } from '../../tzdb/bundled-release.js';
import { compileRelease } from '../../tzdb/compile-release.js';
import { impactAnswer } from './impact-check.js';

/** A release in which Tokyo moves from +09:00 to +10:00 at 00:00 on Monday 2027-06-07. */
const bundled = bundledRelease();
const zi = readFileSync(new URL('../../../../data/tzdb/2026f/tzdata.zi', import.meta.url), 'utf8')
  .replace(/^# version \S+/m, '# version 2026z')
  .replace(/^(Z Asia\/Tokyo[^\n]*\n9 JP J%sT)$/m, '$1 2027 Jun 7\n10 - JST');
const changed = compileRelease({ kind: 'zi', text: zi }, bundled);

const weekly = 'DTSTART;TZID=Asia/Tokyo:20270503T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8';

describe('the impact check on a stored recurring event', () => {
  it("lists a weekly Tokyo meeting's occurrences from the new rule's change on, and none before it", () => {
    const answer = impactAnswer('events', [{ rule: weekly }], bundled, changed);
    const [item] = [...answer.rows];
    expect(item).toMatchObject({ timeZone: 'Asia/Tokyo', changed: true, occurrencesChecked: 8, occurrencesTruncated: false });
    expect(item.changedOccurrences!.map((o) => o.scheduled)).toEqual(['2027-06-07T09:00:00', '2027-06-14T09:00:00', '2027-06-21T09:00:00']);
    expect(item.changedOccurrences![0]).toMatchObject({
      from: { utc: '2027-06-07T00:00:00Z', utcOffset: '+09:00' },
      to: { utc: '2027-06-06T23:00:00Z', utcOffset: '+10:00' },
    });
  });

  it("reports no change between a release and itself, and a bad rule as the item's own error", () => {
    const answer = impactAnswer('events', [{ rule: weekly }, { rule: 'RRULE:FREQ=WEEKLY' }], bundled, bundled);
    const [same, bad] = [...answer.rows];
    expect([same.changed, same.changedOccurrences]).toEqual([false, []]);
    expect(bad.error?.code).toBe('invalid_recurrence');
  });
});
