/**
 * What the IANA feed tests need from outside: an HTTP server that serves a release archive and its detached signature
 * the way data.iana.org does (ETag, If-None-Match, 304), signing keys made by GnuPG itself (the tool IANA signs with;
 * openpgp when gpg is not installed), and tz releases made from the bundled one with a changed zone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as openpgp from 'openpgp';
import { packFolder } from '../../src/modules/tzdb/release-source.js';

export const BUNDLED_DIR = new URL('../../data/tzdb/2026f/', import.meta.url).pathname;

/** A static HTTP server for archives: strong ETags, 304 on If-None-Match, and a count of the GETs per path. */
export class FeedServer {
  private readonly files = new Map<string, Buffer>();
  readonly gets = new Map<string, number>();
  readonly conditional: string[] = [];
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FeedServer> {
    let self: FeedServer | null = null;
    const server = createServer((req, res) => self!.handle(req.url ?? '/', req.headers['if-none-match'], res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new FeedServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  publish(path: string, bytes: Buffer | string): void {
    this.files.set(path, Buffer.from(bytes));
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  count(path: string): number {
    return this.gets.get(path) ?? 0;
  }

  private handle(path: string, ifNoneMatch: string | undefined, res: import('node:http').ServerResponse): void {
    this.gets.set(path, (this.gets.get(path) ?? 0) + 1);
    const body = this.files.get(path);
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    if (ifNoneMatch) this.conditional.push(path);
    if (ifNoneMatch === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { etag, 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface Signer {
  name: string;
  publicKey: string;
  sign(bytes: Buffer): Promise<string>;
  close(): void;
}

/** A signing key made and used by GnuPG (`gpg --detach-sign --armor`, as IANA signs), else by openpgp. */
export async function makeSigner(name: string): Promise<Signer> {
  if (spawnSync('gpg', ['--version'], { stdio: 'ignore' }).status === 0) {
    const home = mkdtempSync(join(tmpdir(), 'tz-feed-gpg-'));
    const gpg = (args: string[], input?: Buffer) =>
      execFileSync('gpg', ['--homedir', home, '--batch', '--yes', '--pinentry-mode', 'loopback', '--passphrase', '', ...args], {
        input,
        stdio: ['pipe', 'pipe', 'ignore'],
      });
    gpg(['--quick-gen-key', `${name} <${name.toLowerCase().replace(/\W+/g, '-')}@example.com>`, 'ed25519', 'sign', 'never']);
    const publicKey = gpg(['--armor', '--export']).toString();
    return {
      name: `gpg: ${name}`,
      publicKey,
      sign: async (bytes) => {
        const file = join(home, `archive-${Date.now()}-${Math.random()}`);
        writeFileSync(file, bytes);
        gpg(['--armor', '--detach-sign', '--output', `${file}.asc`, file]);
        return readFileSync(`${file}.asc`, 'utf8');
      },
      close: () => rmSync(home, { recursive: true, force: true }),
    };
  }
  const { privateKey, publicKey } = await openpgp.generateKey({ type: 'curve25519', userIDs: [{ name, email: 'tz@example.com' }], format: 'armored' });
  const key = await openpgp.readPrivateKey({ armoredKey: privateKey });
  return {
    name: `openpgp: ${name}`,
    publicKey,
    sign: async (bytes) =>
      (await openpgp.sign({ message: await openpgp.createMessage({ binary: bytes }), signingKeys: key, detached: true, format: 'armored' })) as string,
    close: () => undefined,
  };
}

/** The first day of next month and the 15th of it, in UTC: the change a newer release brings "next month". */
export function nextMonth(now = new Date()): { year: number; monthAbbr: string; day15: string } {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
  const months = ['Ja', 'F', 'Mar', 'Ap', 'May', 'Jun', 'Jul', 'Au', 'S', 'O', 'N', 'D'];
  return { year: next.getUTCFullYear(), monthAbbr: months[next.getUTCMonth()], day15: next.toISOString().slice(0, 10) };
}

/**
 * A tzdata*.tar.gz of the bundled release under another version, in which Asia/Kolkata moves from +05:30 to +06:00 on
 * the 15th of next month (unless `kolkata` is false). `zi` replaces the whole tzdata.zi when given; `edit` changes
 * the text further (another zone's rules).
 */
export function makeRelease(version: string, options: { kolkata?: boolean; zi?: string; edit?: (zi: string) => string } = {}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), `tzdata-${version}-`));
  try {
    mkdirSync(dir, { recursive: true });
    for (const file of ['iso3166.tab', 'zone.tab', 'zone1970.tab']) copyFileSync(join(BUNDLED_DIR, file), join(dir, file));
    let zi = options.zi ?? readFileSync(join(BUNDLED_DIR, 'tzdata.zi'), 'utf8').replace(/^# version \S+/m, `# version ${version}`);
    if (!options.zi && options.kolkata !== false) {
      const { year, monthAbbr } = nextMonth();
      zi = zi.replace(/^(Z Asia\/Kolkata[\s\S]*?\n5:30 - IST)$/m, `$1 ${year} ${monthAbbr} 15\n6 - %z`);
    }
    writeFileSync(join(dir, 'tzdata.zi'), options.edit ? options.edit(zi) : zi);
    return packFolder(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
