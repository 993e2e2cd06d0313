import { cleanRestrictions, compileRestrictions, hostAllowed, ipAllowed, requestHost } from './key-restrictions.js';

describe('restriction lines', () => {
  it('drops blank lines, keeps valid ones and names each bad line', () => {
    const { value, errors } = cleanRestrictions(
      ['10.0.0.1', '', ' 2001:DB8::/32 ', 'foo', '1.2.3'],
      ['Example.com', '*.example.org', '', 'bad_host', '*.*.x.com'],
    );
    expect(value).toEqual({ ipRestrictions: ['10.0.0.1', '2001:db8::/32'], urlRestrictions: ['example.com', '*.example.org'] });
    expect(errors.map((e) => e.field)).toEqual(['ipRestrictions[3]', 'ipRestrictions[4]', 'urlRestrictions[3]', 'urlRestrictions[4]']);
    expect(errors[0].message).toBe('Line 4: "foo" is not an IP address or CIDR range');
  });

  it('refuses loose IPv4 forms ipaddr.js would otherwise accept', () => {
    for (const bad of ['127.1', '0x7f.0.0.1', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/']) {
      expect(cleanRestrictions([bad]).errors).toHaveLength(1);
    }
  });
});

describe('matching', () => {
  const rules = compileRestrictions(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::1'], ['app.example.org', '*.example.com']);

  it('matches IPv4, IPv6, CIDR and IPv4-mapped IPv6 addresses', () => {
    expect(ipAllowed(rules, '203.0.113.7')).toBe(true);
    expect(ipAllowed(rules, '::ffff:203.0.113.7')).toBe(true);
    expect(ipAllowed(rules, '10.200.1.1')).toBe(true);
    expect(ipAllowed(rules, '2001:db8:ffff::1')).toBe(true);
    expect(ipAllowed(rules, '0:0:0:0:0:0:0:1')).toBe(true);
    expect(ipAllowed(rules, '203.0.113.8')).toBe(false);
    expect(ipAllowed(rules, '2001:db9::1')).toBe(false);
    expect(ipAllowed(rules, undefined)).toBe(false);
    expect(ipAllowed(compileRestrictions([], []), '1.2.3.4')).toBe(true);
  });

  it('IPv4-mapped IPv6 entries are stored as IPv4 and match both ways', () => {
    const { value, errors } = cleanRestrictions(['::ffff:127.0.0.1', '::FFFF:127.0.0.0/104', '::ffff:7f00:2', '::ffff:0:0/80']);
    expect(errors).toEqual([]);
    expect(value.ipRestrictions).toEqual(['127.0.0.1', '127.0.0.0/8', '127.0.0.2', '::ffff:0:0/80']);
    for (const entry of ['::ffff:127.0.0.1', '::ffff:127.0.0.0/104', '127.0.0.1', '127.0.0.0/8']) {
      // Entries saved before this normalisation are compiled the same way.
      const saved = compileRestrictions([entry], []);
      expect([entry, ipAllowed(saved, '127.0.0.1')]).toEqual([entry, true]);
      expect([entry, ipAllowed(saved, '::ffff:127.0.0.1')]).toEqual([entry, true]);
      expect([entry, ipAllowed(saved, '128.0.0.1')]).toEqual([entry, false]);
    }
    expect(ipAllowed(compileRestrictions(['::ffff:0:0/96'], []), '192.0.2.1')).toBe(true);
    expect(ipAllowed(compileRestrictions(['::/0'], []), '192.0.2.1')).toBe(true);
    expect(ipAllowed(compileRestrictions(['::ffff:127.0.0.1'], []), '::1')).toBe(false);
  });

  it('matches exact hosts and wildcard subdomains, not the bare domain or look-alikes', () => {
    expect(hostAllowed(rules, 'app.example.org')).toBe(true);
    expect(hostAllowed(rules, 'a.example.com')).toBe(true);
    expect(hostAllowed(rules, 'a.b.example.com')).toBe(true);
    expect(hostAllowed(rules, 'example.com')).toBe(false);
    expect(hostAllowed(rules, 'badexample.com')).toBe(false);
    expect(hostAllowed(rules, 'example.com.evil.net')).toBe(false);
    expect(hostAllowed(rules, null)).toBe(false);
  });

  it('reads the host from Origin, else Referer', () => {
    expect(requestHost('https://A.Example.com:8443', undefined)).toBe('a.example.com');
    expect(requestHost(undefined, 'https://docs.example.com/x?y=1')).toBe('docs.example.com');
    expect(requestHost('null', 'https://r.example.com/')).toBe('r.example.com');
    expect(requestHost(undefined, 'not a url')).toBeNull();
  });
});
