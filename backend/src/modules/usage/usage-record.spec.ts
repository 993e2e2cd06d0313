import { usesQuota } from './usage-record.js';

describe('which answers are charged', () => {
  it('refusals before counting and every 5xx are not charged; answers and client errors are', () => {
    expect([200, 201, 304, 400, 404, 422].every(usesQuota)).toBe(true);
    expect([401, 403, 406, 415, 429, 500, 502, 503, 504].some(usesQuota)).toBe(false);
  });
});
