import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Why a webhook URL is refused; null when it may be used. */
export type UrlRefusal = 'invalid_url' | 'insecure_url' | 'private_address' | 'unresolvable';

/** Address ranges a webhook never reaches (unless WEBHOOK_ALLOW_PRIVATE): only `unicast` (the public internet) is allowed. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== 'unicast';
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

/**
 * A `lookup` for http(s).request that refuses private addresses at connect time: the address the socket uses is the
 * one checked (no second resolution a rebinding DNS could answer differently).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const bad = !allowPrivate && list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(Object.assign(new Error(`${hostname} resolves to a private address (${bad.address})`), { code: 'EPRIVATE' }), '');
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
