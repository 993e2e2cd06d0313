/**
 * `npm start` as a process supervisor runs it: a SIGTERM to the npm process (and only to it) stops the server, and
 * the embedded PostgreSQL with it, and leaves no process behind. npm runs a script through `sh -c`, which does not
 * pass a SIGTERM on: before, npm and sh ended and node and PostgreSQL went on serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../src/database/embedded-postgres.js';
import { BACKEND_DIR, buildBackend, waitFor } from '../../support/processes.js';

/** Every process below `root`, from /proc (pid and command line). */
function descendants(root: number): { pid: number; command: string }[] {
  const parents = new Map<number, number[]>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
      commands.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (pid: number) => {
    for (const child of parents.get(pid) ?? []) {
      found.push({ pid: child, command: commands.get(child) ?? '' });
      walk(child);
    }
  };
  walk(root);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start under a process supervisor', () => {
  let npm: ChildProcess | undefined;
  // The real entry point from the current sources; on a busy machine tsc alone takes a minute.
  beforeAll(() => buildBackend(), 240_000);
  afterAll(() => {
    // Whatever a failed assertion left running: the whole group.
    if (npm?.pid && alive(npm.pid)) process.kill(-npm.pid, 'SIGKILL');
  });

  it('SIGTERM to the npm process stops node and the embedded PostgreSQL, and leaves no process behind', async () => {
    const port = await freePort();
    const dataDir = join(process.env.TEST_DATA_ROOT!, `npm-start-${process.pid}`);
    mkdirSync(dataDir, { recursive: true });
    let output = '';
    // `--no-build`: the same npm → sh → node chain as `npm start`, without rebuilding the frontend other tests serve.
    npm = spawn('npm', ['start', '--', '--no-build'], {
      cwd: join(BACKEND_DIR, '..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TZ: 'UTC',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    npm.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    npm.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const npmExited = new Promise<void>((resolve) => npm!.on('exit', () => resolve()));

    // The first start of an embedded PostgreSQL (initdb) and the app, on a machine that may be busy: a generous guard.
    await waitFor('the server to be ready', async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200, 240_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${output}`);
      },
    );
    const tree = descendants(npm.pid!);
    expect(tree.some((p) => /scripts\/start\.mjs/.test(p.command))).toBe(true);
    expect(tree.some((p) => /postgres/.test(p.command))).toBe(true);

    process.kill(npm.pid!, 'SIGTERM');
    await npmExited;
    const left = await waitFor(
      'every process of the tree to end',
      async () => {
        const running = tree.filter((p) => alive(p.pid));
        return running.length === 0 ? running : undefined;
      },
      60_000,
    ).catch(() => tree.filter((p) => alive(p.pid)));
    expect(left).toEqual([]);
    expect(output).toMatch(/SIGTERM: shutting down/);
    expect(output).toMatch(/Stopped in \d+ ms/);
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
  }, 330_000);

  it('reads .env from the folder it starts in; a variable set in the environment wins', async () => {
    const port = await freePort();
    const folder = join(process.env.TEST_DATA_ROOT!, `dotenv-${process.pid}`);
    mkdirSync(folder, { recursive: true });
    // As a newcomer copies it from .env.example: aligned values, trailing comments, empty values.
    writeFileSync(
      join(folder, '.env'),
      [
        `PORT=${port}                       # the one port`,
        'HOST=127.0.0.1',
        `DATABASE_URL=${process.env.TEST_DATABASE_URL}   # the run's database`,
        'USAGE_MOVE_SCHEDULE="off"         # the other specs\' usage rows stay where they wrote them',
        'APP_SECRET=                     # 32+ random chars',
        `DATA_DIR=${join(folder, 'data')}`,
        'LOG_LEVEL=info',
        'APP_URL=http://dotenv.example   # overridden below',
      ].join('\n'),
    );
    const child = spawn(process.execPath, [join(BACKEND_DIR, 'dist/main.js')], {
      cwd: folder,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: 'UTC', LOG_FORMAT: 'json', APP_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      await waitFor('the server on the port .env names', async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200, 150_000).catch(
        (err: Error) => {
          throw new Error(`${err.message}\n${output}`);
        },
      );
      expect(output).toContain(`Read ${join(folder, '.env')}`);
      expect(output).toContain(`listening on http://127.0.0.1:${port}`);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 200_000);
});
