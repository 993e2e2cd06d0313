import { isIP } from 'node:net';

/**
 * The one rule for "is this address one place on the public internet": time by IP answers no location for the others,
 * and webhooks are never delivered to them. IPv4 from IANA's special-purpose registry; IPv6 only inside 2000::/3
 * (global unicast) and outside the special ranges; an IPv4-mapped (::ffff:0:0/96) or IPv4-compatible (::/96) IPv6
 * address is judged by the IPv4 address it carries, so [::127.0.0.1] and [::ffff:a9fe:a9fe] are what they carry.
 */
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

/** Why an address is not a public one: the range (CIDR, or "outside 2000::/3") and its kind. */
export interface SpecialRange {
  range: string;
  kind: SpecialKind;
}

export interface ClassifiedAddress {
  /** Canonical text; an IPv4 address carried in IPv6 (mapped or compatible) is answered as that IPv4 address. */
  ip: string;
  version: 4 | 6;
  /** Null for a global unicast address. */
  special: SpecialRange | null;
}

const OUTSIDE_GLOBAL_UNICAST = 'outside 2000::/3';

/** Reads an address (brackets allowed) and says what it is; null when it is not an IP address (or has a zone index). */
export function classifyAddress(input: string): ClassifiedAddress | null {
  let ip = input.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  let version = isIP(ip);
  if (version === 0 || ip.includes('%')) return null;
  if (version === 6) {
    ip = canonicalV6(ip);
    const g = addressGroups(ip, 6);
    const zeros = g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0;
    // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address decides. :: and ::1 stay themselves.
    if (zeros && (g[5] === 0xffff || (g[5] === 0 && g[6] !== 0))) {
      ip = `${g[6] >>> 8}.${g[6] & 255}.${g[7] >>> 8}.${g[7] & 255}`;
      version = 4;
    }
  }
  const v = version === 4 ? 4 : 6;
  const groups = addressGroups(ip, v);
  for (const r of RANGES) if (r.version === v && samePrefix(groups, r.groups, r.prefix)) return { ip, version: v, special: { range: r.range, kind: r.kind } };
  // Global unicast IPv6 is 2000::/3; anything else left over is IETF-reserved.
  if (v === 6 && groups[0] >>> 13 !== 1) return { ip, version: v, special: { range: OUTSIDE_GLOBAL_UNICAST, kind: 'reserved' } };
  return { ip, version: v, special: null };
}

/** RFC 5952 text of an IPv6 address (lower case, longest zero run as ::), through the URL parser's own formatting. */
export function canonicalV6(ip: string): string {
  return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
}
