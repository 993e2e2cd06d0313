/** Client-side checks of key restrictions; the server repeats them (contracts: validation_failed). */

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

export function isIPv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(value) || !value.includes(':')) return false;
  let text = value;
  // An embedded IPv4 tail (::ffff:10.0.0.1) counts as two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  let extraGroups = 0;
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return false;
    text = `${text.slice(0, lastColon + 1)}0`;
    extraGroups = 1;
  }
  const doubleColons = text.split('::').length - 1;
  if (doubleColons > 1) return false;
  const groupOk = (g: string) => /^[0-9a-fA-F]{1,4}$/.test(g);
  if (doubleColons === 1) {
    const [head, rest] = text.split('::');
    const groups = [...(head ? head.split(':') : []), ...(rest ? rest.split(':') : [])];
    return groups.every(groupOk) && groups.length + extraGroups <= 7;
  }
  const groups = text.split(':');
  return groups.length + extraGroups === 8 && groups.every(groupOk);
}

/** An IPv4/IPv6 address or a CIDR range of one. */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length) return false;
  const v4 = isIPv4(address);
  const v6 = !v4 && isIPv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

const LABEL = /^(?!-)[a-zA-Z0-9-]{1,63}(?<!-)$/;

/** A host name (example.com, localhost) or a wildcard of one (*.example.com). */
export function isDomainOrWildcard(value: string): boolean {
  const host = value.startsWith('*.') ? value.slice(2) : value;
  if (!host || host.length > 253) return false;
  const labels = host.split('.');
  return labels.every((label) => LABEL.test(label));
}

/** Between entries: line breaks or commas (a list pasted as "203.0.113.7, 198.51.100.0/24" is two entries). */
const SEPARATOR = /[\r\n,]+/;

/** The entries of a restriction list, one per line or separated by commas; each trimmed, blank ones dropped. */
export function splitEntries(text: string | undefined | null): string[] {
  return (text ?? '')
    .split(SEPARATOR)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The first entry that is not valid, as a message naming it and its line; true when all are fine. */
function validateEntries(text: string, check: (v: string) => boolean, what: string): true | string {
  const lines = (text ?? '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    for (const entry of splitEntries(lines[i])) {
      if (!check(entry)) return `Line ${i + 1}: "${entry}" ${what}`;
    }
  }
  return true;
}

export function validateIpRestrictions(text: string): true | string {
  return validateEntries(text, isIpOrCidr, 'is not an IP address or CIDR range');
}

export function validateUrlRestrictions(text: string): true | string {
  return validateEntries(text, isDomainOrWildcard, 'is not a domain name or wildcard such as *.example.com');
}
