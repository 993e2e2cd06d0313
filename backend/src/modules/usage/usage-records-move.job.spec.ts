import { loadConfig } from '../../config/config.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { UsageCompaction } from './usage-compaction.repository.js';
import type { UsageRecordsMove } from './usage-records-move.repository.js';
import { UsageRecordsMoveJob } from './usage-records-move.job.js';

const BASE = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123456789' };

/** The schedule the job asks the queue for under this environment. */
function scheduleUnder(env: Record<string, string>): string | undefined {
  const defined: { schedule?: string }[] = [];
  const jobs = { define: (d: { schedule?: string }) => defined.push(d) } as unknown as JobQueue;
  new UsageRecordsMoveJob({} as UsageRecordsMove, {} as UsageCompaction, jobs, loadConfig({ ...BASE, ...env })).onModuleInit();
  return defined[0].schedule;
}

describe('UsageRecordsMoveJob schedule (USAGE_MOVE_SCHEDULE)', () => {
  it('moves every five minutes unless told otherwise, on the cron an operator sets, or never when off', () => {
    expect(scheduleUnder({})).toBe('*/5 * * * *');
    expect(scheduleUnder({ USAGE_MOVE_SCHEDULE: '30 2 * * *' })).toBe('30 2 * * *');
    expect(scheduleUnder({ USAGE_MOVE_SCHEDULE: 'off' })).toBeUndefined();
  });

  it('refuses a value that is neither a five-field cron nor off, naming the variable', () => {
    expect(() => loadConfig({ ...BASE, USAGE_MOVE_SCHEDULE: 'every five minutes' })).toThrow(/USAGE_MOVE_SCHEDULE/);
    expect(() => loadConfig({ ...BASE, USAGE_MOVE_SCHEDULE: '*/5 * * *' })).toThrow(/USAGE_MOVE_SCHEDULE/);
  });
});
