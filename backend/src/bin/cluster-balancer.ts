/**
 * `npm run cluster`'s load balancer: Debian's nginx running docker/nginx.conf, the file docker/compose.yml mounts, so
 * the balancer configuration that ships is the one the cluster test runs. Only what names the compose network is
 * swapped at start (the listen port and the upstream servers); nginx keeps its pid and temp files in a temp prefix,
 * so it needs no root and leaves nothing behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shipped balancer configuration (docker/compose.yml mounts it as the nginx container's default site). */
export const NGINX_SITE = fileURLToPath(new URL('../../../docker/nginx.conf', import.meta.url));

export const NGINX_MISSING = 'nginx is not installed: npm run cluster puts it in front of the instances with docker/nginx.conf (apt-get install nginx)';

/** nginx on PATH, else Debian's /usr/sbin/nginx (not on a non-root user's PATH); undefined when neither is there. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Replaces the one line `pattern` matches; a docker/nginx.conf that no longer has it fails loudly instead of drifting. */
function replaceLine(site: string, pattern: RegExp, replacement: (indent: string) => string): string {
  const matches = site.match(new RegExp(pattern.source, 'gm')) ?? [];
  if (matches.length !== 1) throw new Error(`${NGINX_SITE}: expected one line matching ${pattern.source}, found ${matches.length}`);
  return site.replace(new RegExp(pattern.source, 'm'), (_line, indent: string) => replacement(indent));
}

/** docker/nginx.conf for one machine: listen on `listen` instead of port 80, and balance over `upstreams` (host:port). */
export function localSite(site: string, listen: string, upstreams: string[]): string {
  const withUpstreams = replaceLine(site, /^([ \t]*)server api:3000 resolve;$/, (indent) => upstreams.map((u) => `${indent}server ${u};`).join('\n'));
  return replaceLine(withUpstreams, /^([ \t]*)listen 80;$/, (indent) => `${indent}listen ${listen};`);
}

/** What the nginx image's own nginx.conf gives the site (an http block), with every path nginx writes in `prefix`. */
function mainConfig(prefix: string): string {
  const at = (name: string) => `"${join(prefix, name)}"`;
  return [
    'worker_processes 1;',
    `pid ${at('nginx.pid')};`,
    'error_log stderr error;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${at(temp)};`),
    `  include ${at('site.conf')};`,
    '}',
    '',
  ].join('\n');
}

export interface Balancer {
  /** Graceful stop (SIGQUIT): nginx stops accepting and finishes the requests it holds. */
  stop(): Promise<void>;
  /** Settles when nginx exits, however it exits. */
  exited: Promise<number | null>;
  child: ChildProcess;
}

const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Starts nginx in front of `upstreams` on host:port and resolves once it accepts connections. */
export async function startBalancer(options: { nginx: string; host: string; port: number; upstreams: string[] }): Promise<Balancer> {
  const { nginx, host, port, upstreams } = options;
  const prefix = mkdtempSync(join(tmpdir(), 'tzapi-nginx-'));
  // Started as root, nginx runs its workers as nobody: they must reach the temp directories it creates here.
  chmodSync(prefix, 0o755);
  const listen = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  writeFileSync(join(prefix, 'site.conf'), localSite(readFileSync(NGINX_SITE, 'utf8'), listen, upstreams));
  writeFileSync(join(prefix, 'nginx.conf'), mainConfig(prefix));
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  }).finally(() => rmSync(prefix, { recursive: true, force: true }));
  let gone = false;
  void exited.then(() => (gone = true));
  const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const until = performance.now() + 10_000;
  while (!(await canConnect(probeHost, port))) {
    if (gone) throw new Error(`nginx exited before listening on ${listen} (its errors are above)`);
    if (performance.now() > until) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not listen on ${listen} within 10 s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    exited,
    stop: async () => {
      if (!gone) child.kill('SIGQUIT');
      await exited;
    },
  };
}
