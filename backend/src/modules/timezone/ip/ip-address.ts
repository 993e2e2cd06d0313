import { IpProblems } from './ip.errors.js';
import { classifyAddress } from '../../../common/net/special-addresses.js';

export { addressGroups, canonicalV6, samePrefix, type SpecialKind } from '../../../common/net/special-addresses.js';

export interface PublicAddress {
  /** The address in canonical text (an IPv4-mapped or -compatible IPv6 address is answered as its IPv4 address). */
  ip: string;
  version: 4 | 6;
}

/**
 * Reads an address and refuses what has no location: 400 invalid_ip when it is not an address, 422 ip_not_public
 * (naming the range and why) for private, loopback, link-local, shared, documentation, multicast and reserved ranges
 * (the rule is common/net/special-addresses.ts, which webhooks share).
 */
export function publicAddress(input: string, fromCaller: boolean): PublicAddress {
  const address = classifyAddress(input);
  if (!address) throw IpProblems.invalidIp(input);
  if (address.special) throw IpProblems.notPublic(address.ip, address.special.range, address.special.kind, fromCaller);
  return { ip: address.ip, version: address.version };
}
