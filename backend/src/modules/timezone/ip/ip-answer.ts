import type { CurrentTime, TimeEngine } from '../engine/time-engine.js';
import type { PublicAddress } from './ip-address.js';
import type { IpLocation } from './ip-database.js';
import { IpProblems } from './ip.errors.js';
import type { IpPlaceView } from './ip.responses.js';

/** An IP answer's zone: the data's time_zone as the active release names it (a zone the release does not know is not located). */
export function ipZone(engine: TimeEngine, address: PublicAddress, location: IpLocation): string {
  try {
    return engine.zone(location.timezone ?? '').canonical;
  } catch {
    throw IpProblems.notLocated(address.ip);
  }
}

/** A zone answer (current time or zone details) with the IP data's place: its country and city, and `ip_location`. */
export function withIpPlace<T extends CurrentTime>(
  engine: TimeEngine,
  answer: T,
  address: PublicAddress,
  location: IpLocation,
  fromCaller: boolean,
  ipData: string,
): T & { ip_location: IpPlaceView } {
  const countryCode = location.countryCode ?? answer.location.country_code;
  const country = countryCode
    ? (engine.release.countries.get(countryCode) ?? (countryCode === answer.location.country_code ? answer.location.country : null))
    : null;
  return {
    ...answer,
    location: { country, country_code: countryCode, region: answer.location.region, city: location.city },
    ip_location: {
      ip: address.ip,
      ip_version: address.version,
      ip_source: fromCaller ? 'caller' : 'query',
      network: location.network,
      subdivision: location.subdivision,
      latitude: location.latitude,
      longitude: location.longitude,
      accuracy_radius_km: location.accuracyRadiusKm,
      ip_data: ipData,
    },
  };
}
