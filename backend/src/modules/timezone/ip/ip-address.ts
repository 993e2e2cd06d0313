import { BlockList, isIP } from 'node:net';
import { IpProblems } from './ip.errors.js';

/** Why an address has no place on the map. */
export type SpecialKind = 'unspecified' | 'private' | 'loopback' | 'link_local' | 'shared' | 'documentation' | 'benchmarking' | 'multicast' | 'reserved';

/** IANA's special-purpose address registries (RFC 6890 and successors): ranges that are not one place on the internet. */
const SPECIAL: [string, number, SpecialKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private'],
  ['100::', 64, 'reserved'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, 'reserved'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link_local'],
  ['ff00::', 8, 'multicast'],
];

const RANGES = SPECIAL.map(([network, prefix, kind]) => {
  const family = isIP(network) === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { family, list, kind, range: `${network}/${prefix}` };
});

/** Global unicast IPv6 is 2000::/3; anything else left over is IETF-reserved. */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

export interface PublicAddress {
  /** The address in canonical text (an IPv4-mapped IPv6 address is answered as its IPv4 address). */
  ip: string;
  version: 4 | 6;
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i;

/**
 * Reads an address and refuses what has no location: 400 invalid_ip when it is not an address, 422 ip_not_public
 * (naming the range and why) for private, loopback, link-local, shared, documentation, multicast and reserved ranges.
 */
export function publicAddress(input: string, fromCaller: boolean): PublicAddress {
  let ip = input.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const mapped = MAPPED_V4.exec(ip);
  if (mapped) ip = mapped[1];
  const version = isIP(ip);
  if (version === 0 || ip.includes('%')) throw IpProblems.invalidIp(input);
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (version === 6) ip = canonicalV6(ip);
  for (const r of RANGES) {
    if (r.family === family && r.list.check(ip, family)) throw IpProblems.notPublic(ip, r.range, r.kind, fromCaller);
  }
  if (version === 6 && !GLOBAL_UNICAST_V6.check(ip, 'ipv6')) throw IpProblems.notPublic(ip, 'outside 2000::/3', 'reserved', fromCaller);
  return { ip, version: version === 4 ? 4 : 6 };
}

/** RFC 5952 text of an IPv6 address (lower case, longest zero run as ::), through the URL parser's own formatting. */
function canonicalV6(ip: string): string {
  return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
}
