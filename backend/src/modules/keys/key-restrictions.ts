import ipaddr from 'ipaddr.js';
import type { FieldError } from '../../common/problems/problem.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface CompiledRestrictions {
  /** Exact addresses (normalised strings) and ranges; empty means any address. */
  addresses: Set<string>;
  ranges: [Address, number][];
  /** Exact host names and wildcard suffixes ('.example.com' for '*.example.com'); empty means any origin. */
  hosts: Set<string>;
  suffixes: string[];
  hasIp: boolean;
  hasDomain: boolean;
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function parseStrictAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(':') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

function parseRange(text: string): [Address, number] | null {
  const slash = text.indexOf('/');
  if (slash < 0) return null;
  const address = parseStrictAddress(text.slice(0, slash));
  const bitsText = text.slice(slash + 1);
  if (!address || !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  if (bits > (address.kind() === 'ipv4' ? 32 : 128)) return null;
  return unmapRange(address, bits);
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address it carries. */
function unmap(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/** A range inside ::ffff:0:0/96 (::ffff:127.0.0.0/104) is the IPv4 range it carries (127.0.0.0/8). */
function unmapRange(address: Address, bits: number): [Address, number] {
  if (address.kind() !== 'ipv6' || bits < 96 || !(address as ipaddr.IPv6).isIPv4MappedAddress()) return [address, bits];
  return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
}

/** The entry as it is stored: IPv4-mapped IPv6 addresses and ranges written as the IPv4 they carry. */
function canonicalEntry(text: string): string {
  const range = parseRange(text);
  if (range) return `${range[0].toString()}/${range[1]}`;
  const address = parseStrictAddress(text);
  return address ? unmap(address).toString() : text;
}

export function isIpEntry(text: string): boolean {
  return parseStrictAddress(text) !== null || parseRange(text) !== null;
}

export function isHostName(text: string): boolean {
  if (text.length > 253) return false;
  return text.split('.').every((label) => HOST_LABEL.test(label));
}

export function isDomainEntry(text: string): boolean {
  const host = text.startsWith('*.') ? text.slice(2) : text;
  return host.includes('.') || !text.startsWith('*.') ? isHostName(host) : false;
}

export interface CleanedRestrictions {
  ipRestrictions: string[];
  urlRestrictions: string[];
}

/**
 * One entry per line, blank lines dropped; every other line must be an IPv4/IPv6 address or CIDR range
 * (IP list) or a host name / `*.domain` wildcard (domain list). Errors name the field index and the line number.
 */
export function cleanRestrictions(ipLines: string[] = [], urlLines: string[] = []): { value: CleanedRestrictions; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const ipRestrictions: string[] = [];
  const urlRestrictions: string[] = [];
  ipLines.forEach((line, i) => {
    const entry = line.trim();
    if (!entry) return;
    if (isIpEntry(entry)) ipRestrictions.push(canonicalEntry(entry.toLowerCase()));
    else errors.push({ field: `ipRestrictions[${i}]`, message: `Line ${i + 1}: "${entry}" is not an IP address or CIDR range` });
  });
  urlLines.forEach((line, i) => {
    const entry = line.trim().toLowerCase();
    if (!entry) return;
    if (isDomainEntry(entry)) urlRestrictions.push(entry);
    else errors.push({ field: `urlRestrictions[${i}]`, message: `Line ${i + 1}: "${line.trim()}" is not a domain name or a wildcard such as *.example.com` });
  });
  return { value: { ipRestrictions: [...new Set(ipRestrictions)], urlRestrictions: [...new Set(urlRestrictions)] }, errors };
}

export function compileRestrictions(ipRestrictions: string[], urlRestrictions: string[]): CompiledRestrictions {
  const addresses = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const entry of ipRestrictions) {
    const range = parseRange(entry);
    if (range) ranges.push(range);
    else {
      const address = parseStrictAddress(entry);
      if (address) addresses.add(normalise(address));
    }
  }
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of urlRestrictions) {
    if (entry.startsWith('*.')) suffixes.push(entry.slice(1));
    else hosts.add(entry);
  }
  return { addresses, ranges, hosts, suffixes, hasIp: ipRestrictions.length > 0, hasDomain: urlRestrictions.length > 0 };
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) counts as the IPv4 address it carries, in an entry and in a request alike. */
function normalise(address: Address): string {
  const plain = unmap(address);
  return plain.kind() === 'ipv6' ? (plain as ipaddr.IPv6).toNormalizedString() : plain.toString();
}

export function ipAllowed(rules: CompiledRestrictions, clientIp: string | undefined): boolean {
  if (!rules.hasIp) return true;
  if (!clientIp || !ipaddr.isValid(clientIp)) return false;
  const address = unmap(ipaddr.parse(clientIp));
  if (rules.addresses.has(normalise(address))) return true;
  // An IPv4 client also matches an IPv6 range wider than ::ffff:0:0/96 that holds its mapped form (::/0, ::ffff:0:0/80).
  const forms: Address[] = address.kind() === 'ipv4' ? [address, (address as ipaddr.IPv4).toIPv4MappedAddress()] : [address];
  return rules.ranges.some(([base, bits]) => forms.some((form) => form.kind() === base.kind() && form.match(base as never, bits)));
}

/** The calling page's host, from Origin or else Referer. */
export function requestHost(origin: string | undefined, referer: string | undefined): string | null {
  for (const value of [origin, referer]) {
    if (!value || value === 'null') continue;
    try {
      return new URL(value).hostname.toLowerCase();
    } catch {
      // not a URL: try the next header
    }
  }
  return null;
}

export function hostAllowed(rules: CompiledRestrictions, host: string | null): boolean {
  if (!rules.hasDomain) return true;
  if (!host) return false;
  return rules.hosts.has(host) || rules.suffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
