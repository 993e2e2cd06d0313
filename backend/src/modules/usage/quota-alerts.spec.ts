import { alertLevelAt } from './quota-alerts.js';

describe('alertLevelAt', () => {
  it('names 80% at the first request reaching it and 100% at the last one the quota allows', () => {
    expect([79, 80, 81, 99, 100].map((used) => alertLevelAt(used, 100))).toEqual([null, 80, null, null, 100]);
  });

  it('rounds 80% up for small quotas', () => {
    expect([3, 4, 5].map((used) => alertLevelAt(used, 5))).toEqual([null, 80, 100]);
    expect([7, 8, 9, 10].map((used) => alertLevelAt(used, 9))).toEqual([null, 80, 100, null]);
  });
});
