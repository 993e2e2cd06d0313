import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createAccessLog } from './logging.js';

describe('access log', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'access-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

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
    const log = createAccessLog(config, pino({ level: 'info' }), file);
    log.write(line);
    log.close();
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

  it('keeps lines until a block is full or it is flushed, and writes every one', () => {
    const file = join(dir, 'access.log');
    const log = createAccessLog(config, pino({ level: 'info' }), file);
    log.write(line);
    expect(readFileSync(file, 'utf8')).toBe('');
    for (let i = 0; i < 40; i++) log.write({ ...line, status: 400 + i });
    const written = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
    expect(written).toBeGreaterThan(0);
    log.flush();
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(41);
    log.close();
  });

  it('writes nothing when info is off', () => {
    const log = createAccessLog({ ...config, LOG_LEVEL: 'error' }, pino({ level: 'error' }), join(dir, 'x.log'));
    expect(log.enabled).toBe(false);
    log.close();
  });
});
