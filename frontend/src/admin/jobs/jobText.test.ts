import { attemptsText, describeJob, waited } from './jobText';

describe("the Jobs page's words", () => {
  it('a webhook delivery reads as its work, a mail as its recipient and subject', () => {
    expect(describeJob({ summary: { event: 'tzdb.zones_changed', to: 'acme.example', customer: 'Acme Ltd', delivery: '5fd7' } })).toBe(
      'tzdb.zones_changed to acme.example for Acme Ltd',
    );
    expect(describeJob({ summary: { delivery: '5fd7' } })).toBe('delivery 5fd7');
    expect(describeJob({ summary: { to: 'ada@example.com', subject: 'Verify' } })).toBe('to ada@example.com · Verify');
    expect(describeJob({ summary: {} })).toBe('—');
  });

  it('counts attempts made, with the next one while it waits, never "1 of 4323"', () => {
    expect(attemptsText({ attempts: 1, state: 'retry', nextAttemptAt: '2026-11-29T10:00:00.000Z' }, 'Asia/Kolkata')).toBe(
      '1 attempt, next Nov 29, 2026, 3:30:00 PM GMT+5:30',
    );
    expect(attemptsText({ attempts: 1, state: 'retry', nextAttemptAt: '2026-11-29T10:00:00.000Z' }, 'UTC')).toBe(
      '1 attempt, next Nov 29, 2026, 10:00:00 AM UTC',
    );
    expect(attemptsText({ attempts: 3, state: 'failed', nextAttemptAt: null }, 'UTC')).toBe('3 attempts, gave up');
    expect(attemptsText({ attempts: 0, state: 'created', nextAttemptAt: null }, 'UTC')).toBe('0 attempts');
  });

  it('says how long the oldest job waited', () => {
    expect([waited(null), waited(30), waited(600), waited(7200 * 3), waited(86_400 * 3)]).toEqual(['—', '30 s', '10 min', '6 h', '3 days']);
  });
});
