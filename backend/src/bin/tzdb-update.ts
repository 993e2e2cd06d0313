// `npm run tzdb:update -- <tzdata*.tar.gz | tzdata.zi | folder>`: compiles a tz release, refuses it when it does not
// compile or fails the engine check, writes it as backend/data/tzdb/<version>/ (the newest folder there is the bundled
// release), and regenerates what derives from the data (openapi/openapi.json and the Postman collection, whose
// examples the engine computes). Older release folders are kept.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReleaseBuilds } from '../modules/tzdb/release-check.js';
import { BUNDLED_RELEASES_DIR, compileRelease } from '../modules/tzdb/release-compiler.js';
import { readReleasePath, releaseFolderFiles } from '../modules/tzdb/release-source.js';

function fail(message: string): never {
  console.error(`tzdb:update: ${message}`);
  process.exit(1);
}

function main(): void {
  const arg = process.argv[2];
  if (!arg || arg.startsWith('-')) fail('usage: npm run tzdb:update -- <tzdata*.tar.gz | tzdata.zi | folder>');
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (!existsSync(path)) fail(`${path} does not exist`);

  let release;
  try {
    release = readReleasePath(path).release;
  } catch (err) {
    fail(`${path} does not compile: ${(err as Error).message}`);
  }
  const problems = checkReleaseBuilds(release);
  if (problems.length) fail(`${release.version} compiles but fails the engine check:\n  ${problems.join('\n  ')}`);

  const target = join(BUNDLED_RELEASES_DIR, release.version);
  const files = releaseFolderFiles(path, release.version);
  mkdirSync(target, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(target, name), content);
  // What was written must compile to the same release, or the server would start on something else.
  const written = compileRelease({ kind: 'folder', path: target });
  const sameBuilds = written.builds.available.join() === release.builds.available.join();
  if (!sameBuilds || written.version !== release.version || written.zones.size !== release.zones.size || written.links.size !== release.links.size) {
    fail(`${target} compiles to ${written.version} with ${written.zones.size} zones, not ${release.version} with ${release.zones.size}`);
  }
  const recheck = checkReleaseBuilds(written);
  if (recheck.length) fail(`${target} fails the engine check: ${recheck.join('; ')}`);
  console.log(
    `tzdb:update: ${release.version} (${release.zones.size} zones, ${release.links.size} links; builds ${release.builds.available.join(' and ')}) written to ${target}: ${[...files.keys()].join(', ')}`,
  );

  // A fresh process, so the engine behind the examples loads the folder just written.
  execFileSync(process.execPath, [fileURLToPath(new URL('./sync-openapi.js', import.meta.url))], { stdio: 'inherit' });
  console.log(
    'tzdb:update: done. Servers pick the newest bundled release at their next start when it is newer than every stored one; or upload it in the console (Time zone data).',
  );
}

main();
