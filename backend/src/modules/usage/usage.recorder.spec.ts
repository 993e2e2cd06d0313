import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import type { UsageRow } from './usage-record.js';
import { BATCH_SIZE, UsageRecorder } from './usage.recorder.js';
import type { UsageRepository } from './usage.repository.js';

function row(i: number): UsageRow {
  return {
    timestamp: 1_700_000_000_000 + i,
    userId: USER,
    keyId: KEY,
    endpoint: '/api/time/utc',
    method: 'GET',
    statusCode: 200,
    responseMs: 1,
    ipAddress: '127.0.0.1',
  };
}

const USER = '00000000-0000-4000-8000-000000000001';
const KEY = '00000000-0000-4000-8000-000000000002';

/** Keeps rows like the usage table does: a row id already written is skipped. */
class FakeStore {
  written: UsageRow[][] = [];
  ids = new Set<number>();
  down = false;
  async write(rows: UsageRow[], dedupe = false): Promise<number> {
    if (this.down) throw new Error('connection refused');
    const fresh = rows.filter((r) => !dedupe || r.rowId === undefined || !this.ids.has(r.rowId));
    for (const r of fresh) if (r.rowId !== undefined) this.ids.add(r.rowId);
    this.written.push(fresh);
    return fresh.length;
  }
  async close(): Promise<void> {}
}

describe('UsageRecorder', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'usage-recorder-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const make = (store: FakeStore) => new UsageRecorder(store as unknown as UsageRepository, { USAGE_FLUSH_MS: 60_000, dataDir } as AppConfig);

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

  it('writes what was buffered when the flush began, and leaves rows recorded meanwhile for the next flush', async () => {
    // Under load rows arrive while a batch is being written: a flush that chased them wrote a small batch every few
    // milliseconds, a transaction each, instead of one batch per interval.
    const store = new FakeStore();
    const recorder = make(store);
    const write = store.write.bind(store);
    let next = 100;
    store.write = async (rows, dedupe) => {
      // 50 rows arrive during each of the first writes (bounded, so a flush that chased them would still end).
      for (let i = 0; i < 50 && next < 400; i++) recorder.record(row(next++));
      return write(rows, dedupe);
    };
    for (let i = 0; i < 100; i++) recorder.record(row(i));
    await recorder.flush();
    expect(store.written.map((b) => b.length)).toEqual([100]);
    expect(recorder.pending).toBe(50);
    await recorder.flush();
    expect(store.written.map((b) => b.length)).toEqual([100, 50]);
    expect(recorder.pending).toBe(50);
    expect(store.written.flat().map((r) => r.timestamp - 1_700_000_000_000)).toEqual(Array.from({ length: 150 }, (_, i) => i));
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

  const walFiles = () => readdirSync(join(dataDir, 'usage-wal'));

  it('keeps rows in its write-ahead file when the database is still down at shutdown, and the next start writes them before serving', async () => {
    const store = new FakeStore();
    store.down = true;
    const first = make(store);
    await first.onModuleInit();
    for (let i = 0; i < 3; i++) first.record(row(i));
    await first.onApplicationShutdown();
    expect(first.spooled).toBe(3);
    expect(walFiles()).toHaveLength(1);

    store.down = false;
    const second = make(store);
    await second.onModuleInit();
    expect(store.written.flat().map((r) => r.timestamp)).toEqual([0, 1, 2].map((i) => 1_700_000_000_000 + i));
    expect(second.replayed).toBe(3);
    expect(walFiles()).toHaveLength(0);
    await second.onApplicationShutdown();
  }, 10_000);

  it('a process killed before its flush loses no row, and a segment replayed after its rows were written counts none twice', async () => {
    const store = new FakeStore();
    const killed = make(store);
    await killed.onModuleInit();
    for (let i = 0; i < 5; i++) killed.record(row(i));
    // Two rows made it to the database before the kill; the segment still holds all five.
    await store.write((killed as unknown as { buffer: UsageRow[] }).buffer.slice(0, 2));
    // What the kernel does for a killed process: its file descriptors are closed, the file stays.
    (killed as unknown as { wal: { close(): void } }).wal.close();

    const restarted = make(store);
    await restarted.onModuleInit();
    expect(
      store.written
        .flat()
        .map((r) => r.timestamp - 1_700_000_000_000)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(restarted.replayed).toBe(3);
    expect(walFiles()).toHaveLength(0);
    await restarted.onApplicationShutdown();
  });

  it('deletes each segment once its rows are written, and leaves the segment of a live writer alone', async () => {
    const store = new FakeStore();
    const a = make(store);
    const b = make(store);
    await a.onModuleInit();
    await b.onModuleInit();
    a.record(row(0));
    b.record(row(1));
    expect(walFiles()).toHaveLength(2);
    await a.flush();
    expect(walFiles()).toHaveLength(1);
    // b's segment is not an orphan: a replay does not take it over while b runs.
    await (a as unknown as { replay(): Promise<void> }).replay();
    expect(walFiles()).toHaveLength(1);
    await b.flush();
    expect(walFiles()).toHaveLength(0);
    expect(store.written.flat()).toHaveLength(2);
    await a.onApplicationShutdown();
    await b.onApplicationShutdown();
  });

  it('skips a torn or corrupt line at the end of a segment (a power loss) and replays the whole rows', async () => {
    const store = new FakeStore();
    const killed = make(store);
    await killed.onModuleInit();
    killed.record(row(0));
    (killed as unknown as { wal: { close(): void } }).wal.close();
    const [name] = walFiles();
    writeFileSync(join(dataDir, 'usage-wal', name), `12\t1700000000000\t200\t1\tnot-a-uuid\n\0\0\0\n99\t17000`, { flag: 'a' });
    const restarted = make(store);
    await restarted.onModuleInit();
    expect(store.written.flat().map((r) => r.timestamp)).toEqual([1_700_000_000_000]);
    await restarted.onApplicationShutdown();
  });

  it('reads back a spool written before timestamps were epoch milliseconds (ISO strings)', async () => {
    const spool = join(dataDir, 'usage-spool');
    mkdirSync(spool, { recursive: true });
    writeFileSync(join(spool, 'usage-1-1.jsonl'), `${JSON.stringify({ ...row(0), timestamp: new Date(1_700_000_000_000).toISOString() })}\n`);
    const store = new FakeStore();
    const recorder = make(store);
    await recorder.onModuleInit();
    await recorder.onApplicationShutdown();
    expect(store.written.flat().map((r) => r.timestamp)).toEqual([1_700_000_000_000]);
  });
});
