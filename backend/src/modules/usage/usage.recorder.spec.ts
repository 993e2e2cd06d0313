import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import type { UsageRow } from './usage-record.js';
import { BATCH_SIZE, UsageRecorder } from './usage.recorder.js';
import type { UsageStore } from './usage.store.js';

function row(i: number): UsageRow {
  return { timestamp: 1_700_000_000_000 + i, userId: 'u', keyId: 'k', endpoint: '/api/time/utc', method: 'GET', statusCode: 200, responseMs: 1, ipAddress: '127.0.0.1' };
}

class FakeStore {
  written: UsageRow[][] = [];
  down = false;
  async write(rows: UsageRow[]): Promise<void> {
    if (this.down) throw new Error('connection refused');
    this.written.push(rows);
  }
  async close(): Promise<void> {}
}

describe('UsageRecorder', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'usage-recorder-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const make = (store: FakeStore) => new UsageRecorder(store as unknown as UsageStore, { USAGE_FLUSH_MS: 60_000, dataDir } as AppConfig);

  it('writes buffered rows in batches, in order', async () => {
    const store = new FakeStore();
    const recorder = make(store);
    for (let i = 0; i < 11_000; i++) recorder.record(row(i));
    await recorder.flush();
    const sizes: number[] = [];
    for (let left = 11_000; left > 0; left -= BATCH_SIZE) sizes.push(Math.min(BATCH_SIZE, left));
    expect(sizes.length).toBeGreaterThan(1);
    expect(store.written.map((b) => b.length)).toEqual(sizes);
    expect(store.written.flat().map((r) => r.timestamp - 1_700_000_000_000)).toEqual(Array.from({ length: 11_000 }, (_, i) => i));
    expect(recorder.written).toBe(11_000);
    expect(recorder.pending).toBe(0);
  });

  it('keeps rows while the database is down and writes them once it is back', async () => {
    const store = new FakeStore();
    const recorder = make(store);
    store.down = true;
    for (let i = 0; i < 10; i++) recorder.record(row(i));
    await recorder.flush();
    expect(recorder.pending).toBe(10);
    recorder.record(row(10));
    store.down = false;
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    expect(store.written.flat()).toHaveLength(11);
    expect(store.written.flat()[0].timestamp).toBe(1_700_000_000_000);
  });

  it('spools rows to DATA_DIR when the database is still down at shutdown, and reads them back at the next start', async () => {
    const store = new FakeStore();
    store.down = true;
    const first = make(store);
    for (let i = 0; i < 3; i++) first.record(row(i));
    const shutdown = first.onApplicationShutdown();
    await shutdown;
    expect(readdirSync(join(dataDir, 'usage-spool'))).toHaveLength(1);

    store.down = false;
    const second = make(store);
    second.onModuleInit();
    expect(second.pending).toBe(3);
    await second.onApplicationShutdown();
    expect(store.written.flat().map((r) => r.timestamp)).toEqual([0, 1, 2].map((i) => 1_700_000_000_000 + i));
    expect(readdirSync(join(dataDir, 'usage-spool'))).toHaveLength(0);
  }, 10_000);

  it('reads back a spool written before timestamps were epoch milliseconds (ISO strings)', async () => {
    const spool = join(dataDir, 'usage-spool');
    mkdirSync(spool, { recursive: true });
    writeFileSync(join(spool, 'usage-1-1.jsonl'), `${JSON.stringify({ ...row(0), timestamp: new Date(1_700_000_000_000).toISOString() })}\n`);
    const store = new FakeStore();
    const recorder = make(store);
    recorder.onModuleInit();
    await recorder.onApplicationShutdown();
    expect(store.written.flat().map((r) => r.timestamp)).toEqual([1_700_000_000_000]);
  });
});
