import { isIP } from 'node:net';
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

/** An address as 16-bit groups (two for IPv4, eight for IPv6), for prefix comparisons without allocating per range. */
export function addressGroups(ip: string, version: 4 | 6): number[] {
  if (version === 4) {
    const [a, b, c, d] = ip.split('.').map(Number);
    return [a * 256 + b, c * 256 + d];
  }
  const [head, tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g, 16));
}

/** Whether the first `prefix` bits of two addresses' groups agree. */
export function samePrefix(a: number[], b: number[], prefix: number): boolean {
  for (let i = 0, left = prefix; left > 0; i++, left -= 16) {
    const bits = Math.min(16, left);
    if (a[i] >>> (16 - bits) !== b[i] >>> (16 - bits)) return false;
  }
  return true;
}

const RANGES = SPECIAL.map(([network, prefix, kind]) => {
  const version = isIP(network) === 4 ? 4 : 6;
  return { version, groups: addressGroups(version === 6 ? canonicalV6(network) : network, version), prefix, kind, range: `${network}/${prefix}` };
});

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
  if (version === 6) ip = canonicalV6(ip);
  const groups = addressGroups(ip, version === 4 ? 4 : 6);
  for (const r of RANGES) {
    if (r.version === version && samePrefix(groups, r.groups, r.prefix)) throw IpProblems.notPublic(ip, r.range, r.kind, fromCaller);
  }
  // Global unicast IPv6 is 2000::/3; anything else left over is IETF-reserved.
  if (version === 6 && groups[0] >>> 13 !== 1) throw IpProblems.notPublic(ip, 'outside 2000::/3', 'reserved', fromCaller);
  return { ip, version: version === 4 ? 4 : 6 };
}

/** RFC 5952 text of an IPv6 address (lower case, longest zero run as ::), through the URL parser's own formatting. */
export function canonicalV6(ip: string): string {
  return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
}
