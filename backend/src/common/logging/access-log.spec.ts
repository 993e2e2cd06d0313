import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import pino from 'pino';
import { advanceClock, freezeClock } from '../../../test/support/clock.js';
import { BACKEND_DIR, buildBackend } from '../../../test/support/processes.js';
import { createAccessLog, createRootLogger, LineBlocks } from './logging.js';

describe('access log', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'access-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  // The child process below runs the built server's logger: build once, before any test's own hang guard starts.
  beforeAll(() => buildBackend(), 600_000);

  const config = { LOG_LEVEL: 'info' as const, NODE_ENV: 'production' as const };
  const line = {
    requestId: 'lb-7f3a-0001',
    method: 'GET',
    route: '/api/time/current',
    path: '/api/time/"odd\\path\n',
    status: 200,
    ms: 0.42,
    accountId: '00000000-0000-4000-8000-000000000001',
    keyId: null,
  };

  it('writes the line pino would write for the same fields (one JSON object per line, strings escaped)', () => {
    const file = join(dir, 'access.log');
    const out = new LineBlocks(file);
    const log = createAccessLog(config, pino({ level: 'info' }), out);
    log.write(line);
    log.close();
    out.close();
    const pinoFile = join(dir, 'pino.log');
    const reference = pino({ level: 'info', timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest: pinoFile, sync: true }));
    reference.info(line, 'request');
    const ours = readFileSync(file, 'utf8');
    const theirs = readFileSync(pinoFile, 'utf8');
    expect(ours.split('\n')).toHaveLength(2);
    const strip = (text: string) => ({ ...JSON.parse(text), time: undefined });
    expect(strip(ours)).toEqual(strip(theirs));
    expect(Object.keys(JSON.parse(ours))).toEqual(Object.keys(JSON.parse(theirs)));
    expect(Date.parse(JSON.parse(ours).time)).not.toBeNaN();
  });

  it("stamps each line with the millisecond it was written in, as pino's isoTime would", () => {
    freezeClock(Date.parse('2026-11-28T02:30:00.123Z'));
    try {
      const file = join(dir, 'access.log');
      const out = new LineBlocks(file);
      const log = createAccessLog(config, pino({ level: 'info' }), out);
      log.write(line);
      log.write(line);
      advanceClock(1);
      log.write(line);
      advanceClock(60_000);
      log.write(line);
      log.flush();
      out.close();
      const times = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { time: string }).time);
      expect(times).toEqual(['2026-11-28T02:30:00.123Z', '2026-11-28T02:30:00.123Z', '2026-11-28T02:30:00.124Z', '2026-11-28T02:31:00.124Z']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps lines until a block is full or it is flushed, and writes every one', () => {
    const file = join(dir, 'access.log');
    const out = new LineBlocks(file);
    const log = createAccessLog(config, pino({ level: 'info' }), out);
    log.write(line);
    expect(readFileSync(file, 'utf8')).toBe('');
    for (let i = 0; i < 40; i++) log.write({ ...line, status: 400 + i });
    const written = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
    expect(written).toBeGreaterThan(0);
    log.flush();
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(41);
    out.close();
  });

  it('marks an answer whose client hung up first as aborted, as pino would write the field', () => {
    const file = join(dir, 'access.log');
    const out = new LineBlocks(file);
    const log = createAccessLog(config, pino({ level: 'info' }), out);
    log.write({ ...line, aborted: true });
    log.write({ ...line, aborted: false });
    out.close();
    const [hungUp, written] = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(hungUp).toMatchObject({ requestId: line.requestId, status: 200, aborted: true, msg: 'request' });
    expect(Object.keys(hungUp).slice(-2)).toEqual(['aborted', 'msg']);
    expect(written).not.toHaveProperty('aborted');
  });

  /** A pipe nobody reads yet, as a stalled log collector's: non-blocking, so a full pipe answers EAGAIN. */
  const stalledPipe = () => {
    const fifo = join(dir, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    /** Everything the pipe holds now. */
    const drain = (): string => {
      const chunk = Buffer.alloc(1 << 16);
      let text = '';
      for (;;) {
        let n = 0;
        try {
          n = readSync(reader, chunk, 0, chunk.length, null);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return text;
          throw err;
        }
        if (n === 0) return text;
        text += chunk.subarray(0, n).toString('utf8');
      }
    };
    /** The reader reads until nothing waits (each flush hands over what the pipe takes), then both ends close. */
    const out = new LineBlocks(writer);
    const catchUp = (): string => {
      let text = '';
      for (let round = 0; round < 1000; round++) {
        out.flush();
        const more = drain();
        if (!more) break;
        text += more;
      }
      out.close();
      closeSync(writer);
      closeSync(reader);
      return text;
    };
    return { out, drain, catchUp };
  };

  it('never waits for a reader that stopped reading: its lines wait for it, whole and in order', () => {
    const { out, drain, catchUp } = stalledPipe();
    const log = createAccessLog(config, pino({ level: 'info' }), out);
    // Some 800 KB of lines into a 64 KB pipe: SonicBoom's default would sleep and retry here for ever.
    for (let i = 0; i < 4000; i++) log.write({ ...line, status: 200 + (i % 100) });
    log.flush();
    // Nothing waited: the lines the pipe could not take are kept. A line written after the stall queues behind them.
    let text = drain();
    expect(text.length).toBeGreaterThan(0);
    log.write({ ...line, requestId: 'after-the-stall' });
    // The reader catches up: every flush hands over what the pipe takes, until nothing waits.
    text += catchUp();
    const lines = text.split('\n').filter(Boolean);
    expect(text.endsWith('\n')).toBe(true);
    expect(lines).toHaveLength(4001);
    for (const l of lines) expect(JSON.parse(l)).toMatchObject({ msg: 'request', path: line.path });
    expect(lines.map((l) => (JSON.parse(l) as { status: number }).status).slice(0, 4000)).toEqual(Array.from({ length: 4000 }, (_, i) => 200 + (i % 100)));
    expect(lines.at(-1)).toContain('"requestId":"after-the-stall"');
  });

  it('keeps at most a few MB for a reader that does not come back, and drops newer lines whole', () => {
    const { out, catchUp } = stalledPipe();
    const log = createAccessLog(config, pino({ level: 'info' }), out);
    for (let i = 0; i < 40_000; i++) log.write({ ...line, requestId: `r${i}` });
    const text = catchUp();
    const ids = text
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { requestId: string }).requestId);
    // Some 9 MB were written: the first lines, up to the backlog, came through whole and in order; the rest were dropped.
    expect(ids.length).toBeGreaterThan(10_000);
    expect(ids.length).toBeLessThan(40_000);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => `r${i}`));
  });

  it("never waits for a collector that stopped reading the process's real stdout, a pipe inherited in blocking mode", async () => {
    buildBackend();
    // A process whose stdout is a pipe this test does not read, as a supervisor or log collector hands it over (in
    // blocking mode): it logs some 9 MB, more than the pipe and the kept backlog hold, then says so on stderr. Had its
    // logger waited for the reader, it would never get there.
    const logging = join(BACKEND_DIR, 'dist/common/logging/logging.js');
    const script = `
      import { createAccessLog, createRootLogger } from ${JSON.stringify(logging)};
      const config = { LOG_LEVEL: 'info', NODE_ENV: 'production' };
      const root = createRootLogger(config);
      const log = createAccessLog(config, root);
      const line = ${JSON.stringify(line)};
      for (let i = 0; i < 40000; i++) log.write({ ...line, requestId: 'p' + i });
      root.warn('written');
      log.flush();
      process.stderr.write('done\\n');
      process.stdin.once('data', () => process.exit(0));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.pause();
    let stderr = '';
    const done = new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('done\n')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before it was done: ${stderr}`)));
    });
    try {
      await done;
    } catch (err) {
      child.kill();
      throw err;
    }
    // Only now does the collector come back, as the process exits: what came through is whole lines, in the order
    // they were written, the last block included (the exit waits for a reader that keeps reading).
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.stdout.resume();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.write('exit\n');
    await exited;
    await new Promise((resolve) => (child.stdout.readableEnded ? resolve(null) : child.stdout.once('end', resolve)));
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { requestId?: string; msg: string });
    const ids = lines.filter((l) => l.msg === 'request').map((l) => Number(l.requestId!.slice(1)));
    // What the pipe held and the backlog kept came through; not all (the process did without its reader and dropped).
    expect(ids.length).toBeGreaterThan(10_000);
    expect(ids.length).toBeLessThan(40_000);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i));
  }, 180_000);

  it('writes nothing when info is off', () => {
    const out = new LineBlocks(join(dir, 'x.log'));
    const log = createAccessLog({ ...config, LOG_LEVEL: 'error' }, pino({ level: 'error' }), out);
    expect(log.enabled).toBe(false);
    out.close();
  });

  it("the root logger never waits for a stalled reader either, and its lines and the access log's never cut into each other", () => {
    const { out, drain, catchUp } = stalledPipe();
    const root = createRootLogger(config, out);
    const log = createAccessLog(config, root, out);
    // Some 1.3 MB into a 64 KB pipe: pino's own destination would sleep 100 ms and retry on every line here, for ever.
    for (let i = 0; i < 3000; i++) {
      log.write({ ...line, requestId: `a${i}` });
      if (i % 3 === 0) root.error({ n: i }, `usage write failed ${i}`);
    }
    let text = drain();
    expect(text.length).toBeGreaterThan(0);
    text += catchUp();
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { requestId?: string; msg: string; n?: number });
    expect(lines.filter((l) => l.msg === 'request').map((l) => l.requestId)).toEqual(Array.from({ length: 3000 }, (_, i) => `a${i}`));
    expect(lines.filter((l) => l.msg !== 'request').map((l) => l.msg)).toEqual(Array.from({ length: 1000 }, (_, i) => `usage write failed ${i * 3}`));
    // Each error line comes after the access lines written before it.
    const at = lines.findIndex((l) => l.msg === 'usage write failed 300');
    expect(lines[at - 1].requestId).toBe('a300');
  });
});
