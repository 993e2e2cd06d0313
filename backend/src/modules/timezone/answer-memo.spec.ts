import type { AppConfig } from '../../config/config.js';
import { AnswerMemo } from './answer-memo.js';
import { localizeAnswer } from './cldr/localize.js';
import { TimeEngine } from './engine/time-engine.js';

const engine = new TimeEngine();
const NOW = Date.parse('2026-07-01T12:00:00Z');

function memoOf(chars: number): AnswerMemo {
  return new AnswerMemo(engine, { ANSWER_MEMO_CHARS: chars } as AppConfig);
}

describe('AnswerMemo', () => {
  it('keeps no more characters than it is given, the oldest answers going first, and makes an evicted one again', () => {
    let made = 0;
    const search = (memo: AnswerMemo, city: string) =>
      memo.answer('search', city, 'en', NOW, () => {
        made++;
        return localizeAnswer(engine, engine.search(city, NOW), 'en', NOW);
      });
    const one = search(memoOf(1e9), 'Paris').json.length;
    const memo = memoOf(one * 3);
    made = 0;
    const first = search(memo, 'Paris');
    expect(search(memo, 'Paris')).toBe(first);
    expect(made).toBe(1);
    for (const city of ['Tokyo', 'Lima', 'Oslo', 'Cairo', 'Delhi']) search(memo, city);
    expect(memo.size).toBeLessThanOrEqual(3);
    expect(memo.size).toBeGreaterThan(0);
    made = 0;
    expect(search(memo, 'Paris').json).toBe(first.json);
    expect(made).toBe(1);
  });

  it('an answer made at one instant is not given at an instant outside its span', () => {
    const memo = memoOf(1e9);
    const at = (now: number) => memo.answer('search', 'London', 'en', now, () => localizeAnswer(engine, engine.search('London', now), 'en', now));
    const summer = at(Date.parse('2026-10-25T00:59:59Z'));
    expect(at(Date.parse('2026-10-25T00:30:00Z'))).toBe(summer);
    const winter = at(Date.parse('2026-10-25T01:00:00Z'));
    expect(winter).not.toBe(summer);
    const london = (a: { value: object }) =>
      (a.value as { timezones: { timezone: string; utc_offset: string }[] }).timezones.find((z) => z.timezone === 'Europe/London');
    expect([london(summer)?.utc_offset, london(winter)?.utc_offset]).toEqual(['+01:00', '+00:00']);
  });
});
