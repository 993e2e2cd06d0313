import { isDomainOrWildcard, isIpOrCidr, splitEntries, validateIpRestrictions, validateUrlRestrictions } from './restrictions';

describe('key restriction lines', () => {
  it('accepts IPv4, IPv6 and CIDR ranges of both', () => {
    for (const ok of [
      '127.0.0.1',
      '10.0.0.0/8',
      '203.0.113.7/32',
      '::1',
      '2001:db8::/32',
      'fe80::1',
      '::ffff:10.0.0.1',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
    ]) {
      expect(isIpOrCidr(ok), ok).toBe(true);
    }
  });

  it('refuses addresses out of range, bad prefixes and host names', () => {
    for (const bad of ['10.0.0.300', '10.0.0', '10.0.0.1/33', '::1/129', '1::2::3', 'example.com', '10.0.0.1/abc', '']) {
      expect(isIpOrCidr(bad), bad).toBe(false);
    }
  });

  it('accepts host names and *.domain wildcards, refuses URLs and spaces', () => {
    for (const ok of ['example.com', '*.example.com', 'localhost', 'api.my-site.co.uk']) expect(isDomainOrWildcard(ok), ok).toBe(true);
    for (const bad of ['https://example.com', 'foo bar', '*example.com', 'ex*.com', '-bad.com', 'example.com/path'])
      expect(isDomainOrWildcard(bad), bad).toBe(false);
  });

  it('drops blank lines and trims each entry', () => {
    expect(splitEntries('  10.0.0.1 \n\n\n 10.0.0.0/8\r\n  ')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('takes commas between entries as well as line breaks', () => {
    expect(splitEntries('203.0.113.7, 198.51.100.0/24,,2001:db8::/32\n10.0.0.1 ,')).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', '10.0.0.1']);
    expect(validateIpRestrictions('203.0.113.7, 198.51.100.0/24')).toBe(true);
    expect(validateUrlRestrictions('example.com, *.example.org')).toBe(true);
    expect(validateIpRestrictions('10.0.0.1\n10.0.0.2, 10.0.0.300')).toBe('Line 2: "10.0.0.300" is not an IP address or CIDR range');
  });

  it('names the line that is wrong', () => {
    expect(validateIpRestrictions('10.0.0.1\n\n10.0.0.300')).toBe('Line 3: "10.0.0.300" is not an IP address or CIDR range');
    expect(validateUrlRestrictions('example.com\nhttps://x.com')).toBe('Line 2: "https://x.com" is not a domain name or wildcard such as *.example.com');
    expect(validateIpRestrictions('')).toBe(true);
  });
});
