import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { classifyAddress } from '../../common/net/special-addresses.js';

/** Why a webhook URL is refused; null when it may be used. */
export type UrlRefusal = 'invalid_url' | 'insecure_url' | 'private_address' | 'unresolvable';

/**
 * Whether a webhook may never reach an address (unless WEBHOOK_ALLOW_PRIVATE): everything but global unicast, by the
 * rule time by IP uses (common/net/special-addresses.ts). IPv4 carried in IPv6 ([::127.0.0.1], [::ffff:a9fe:a9fe]) is
 * judged as that IPv4 address; other IPv6 must be inside 2000::/3.
 */
export function isPrivateAddress(address: string): boolean {
  const classified = classifyAddress(address);
  return classified === null || classified.special !== null;
}

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return ipaddr.isValid(bare) && ipaddr.parse(bare).range() === 'loopback';
}

/** The URL's shape: https, or http only to a loopback host when private addresses are allowed (local development). */
export function checkUrlShape(raw: string, allowPrivate: boolean): UrlRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid_url';
  }
  if (url.username || url.password || raw.length > 2000) return 'invalid_url';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return allowPrivate && isLoopbackHost(url.hostname) ? null : 'insecure_url';
  return 'invalid_url';
}

/** Every address the host resolves to (an IP literal is itself). */
async function resolveAll(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return [bare];
  return new Promise((resolve, reject) =>
    dnsLookup(bare, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address)))),
  );
}

/** Shape and, after DNS, the addresses: refused when any is private, loopback or link-local (unless allowed). */
export async function checkUrl(raw: string, allowPrivate: boolean): Promise<UrlRefusal | null> {
  const shape = checkUrlShape(raw, allowPrivate);
  if (shape) return shape;
  let addresses: string[];
  try {
    addresses = await resolveAll(new URL(raw).hostname);
  } catch {
    return 'unresolvable';
  }
  if (!addresses.length) return 'unresolvable';
  if (!allowPrivate && addresses.some(isPrivateAddress)) return 'private_address';
  return null;
}

/** How a host name becomes addresses: the system's resolver (getaddrinfo), every address, in its order. */
export type HostResolver = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemResolver: HostResolver = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => callback(err, err ? [] : addresses));

/**
 * A `lookup` for http(s).request that refuses private addresses at connect time: the address the socket uses is the
 * one checked (no second resolution a rebinding DNS could answer differently).
 */
export function guardedLookup(allowPrivate: boolean, resolve: HostResolver = systemResolver) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses.filter((a) => !options.family || a.family === options.family);
      if (!list.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      const bad = !allowPrivate && list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(Object.assign(new Error(`${hostname} resolves to a private address (${bad.address})`), { code: 'EPRIVATE' }), '');
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
