import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UsageRow } from './usage-record.js';
import { UsageWal } from './usage-wal.js';

const row = (i: number): UsageRow => ({
  timestamp: 1_700_000_000_000 + i,
  userId: '00000000-0000-4000-8000-000000000001',
  keyId: '00000000-0000-4000-8000-000000000002',
  endpoint: '/api/time/current',
  method: 'GET',
  statusCode: 200,
  responseMs: 1,
  ipAddress: '127.0.0.1',
});

describe('UsageWal', () => {
  let dataDir: string;
  let wal: UsageWal;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'usage-wal-'));
    wal = new UsageWal(dataDir);
  });
  afterEach(() => {
    wal.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fileLines = () =>
    readdirSync(wal.dir)
      .flatMap((name) => readFileSync(join(wal.dir, name), 'utf8').split('\n'))
      .filter(Boolean);

  it('holds each answer of a turn until every row of the turn is in the file, then releases them all', async () => {
    const seenAtRelease: number[] = [];
    for (let i = 0; i < 5; i++) wal.append(row(i), () => seenAtRelease.push(fileLines().length));
    // Nothing is released, or written, inside the turn that recorded the rows.
    expect([seenAtRelease, fileLines()]).toEqual([[], []]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seenAtRelease).toEqual([5, 5, 5, 5, 5]);
    expect(UsageWal.read(readdirSync(wal.dir).map((n) => join(wal.dir, n))[0]).map((r) => r.timestamp)).toEqual([0, 1, 2, 3, 4].map((i) => row(i).timestamp));
  });

  it('a row recorded without a waiting answer is written at once, with the rows waiting before it', () => {
    const released: number[] = [];
    wal.append(row(0), () => released.push(0));
    wal.append(row(1));
    expect(fileLines()).toHaveLength(2);
    expect(released).toEqual([0]);
  });

  it('sealing a segment writes what waits first: no row is left behind in a closed file', () => {
    wal.append(row(0), () => undefined);
    wal.seal();
    expect(fileLines()).toHaveLength(1);
  });

  it("keeps the request log's fields across a replay, and still reads segments written before them", () => {
    wal.append({ ...row(0), requestId: 'req-1', problemCode: 'invalid_timezone', query: 'timezone=Not%2FAZone' });
    wal.append(row(1));
    const [file] = readdirSync(wal.dir).map((n) => join(wal.dir, n));
    const read = UsageWal.read(file);
    expect(read.map((r) => [r.requestId, r.problemCode, r.query])).toEqual([
      ['req-1', 'invalid_timezone', 'timezone=Not%2FAZone'],
      [null, null, null],
    ]);
    const old = join(dataDir, 'old.wal');
    writeFileSync(old, `7\t${row(2).timestamp}\t200\t1\t${row(2).userId}\t${row(2).keyId}\tGET\t127.0.0.1\t/api/time/utc\n`);
    expect(UsageWal.read(old).map((r) => [r.rowId, r.endpoint, r.requestId ?? null])).toEqual([[7, '/api/time/utc', null]]);
  });
});
