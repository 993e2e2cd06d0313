import { ProblemException } from '../../../common/problems/problem.js';
import { addressGroups, publicAddress, samePrefix } from './ip-address.js';
import { defaultGeoipFiles, IpDatabase } from './ip-database.js';

function refusal(input: string): Record<string, unknown> {
  try {
    publicAddress(input, false);
  } catch (problem) {
    const doc = (problem as ProblemException).toDocument();
    return { code: doc.code, status: doc.status, kind: doc.kind, range: doc.range };
  }
  return { code: null };
}

describe('reading an address for time by IP', () => {
  it('answers public addresses in canonical text, an IPv4-mapped IPv6 address as IPv4, brackets allowed', () => {
    expect(publicAddress(' 81.2.69.142 ', false)).toEqual({ ip: '81.2.69.142', version: 4 });
    expect(publicAddress('2001:067C:02E8:0000:0000:0000:0000:0001', false)).toEqual({ ip: '2001:67c:2e8::1', version: 6 });
    expect(publicAddress('[2001:67c:2e8::1]', false)).toEqual({ ip: '2001:67c:2e8::1', version: 6 });
    expect(publicAddress('::ffff:81.2.69.142', false)).toEqual({ ip: '81.2.69.142', version: 4 });
  });

  it('refuses what is not an address with 400 invalid_ip, a zone index included', () => {
    for (const bad of ['', 'localhost', '81.2.69', '81.2.69.256', '1::2::3', 'fe80::1%eth0', '81.2.69.142/24'])
      expect({ bad, ...refusal(bad) }).toMatchObject({ bad, code: 'invalid_ip', status: 400 });
  });

  it('refuses the edges of special ranges and answers their neighbours', () => {
    expect(refusal('172.31.255.255')).toMatchObject({ code: 'ip_not_public', status: 422, kind: 'private', range: '172.16.0.0/12' });
    expect(refusal('172.32.0.0')).toEqual({ code: null });
    expect(refusal('100.127.255.255')).toMatchObject({ kind: 'shared' });
    expect(refusal('100.128.0.0')).toEqual({ code: null });
    expect(refusal('255.255.255.255')).toMatchObject({ kind: 'reserved' });
    expect(refusal('0.1.2.3')).toMatchObject({ kind: 'unspecified' });
    expect(refusal('::')).toMatchObject({ kind: 'unspecified' });
    expect(refusal('4000::1')).toMatchObject({ kind: 'reserved', range: 'outside 2000::/3' });
    expect(refusal('3fff:fff::1')).toMatchObject({ kind: 'documentation' });
    expect(refusal('2a00::1')).toEqual({ code: null });
  });

  it('compares prefixes bit by bit across 16-bit groups', () => {
    const a = addressGroups('2001:db8:ffff::', 6);
    expect(samePrefix(a, addressGroups('2001:db8::', 6), 32)).toBe(true);
    expect(samePrefix(a, addressGroups('2001:db8::', 6), 33)).toBe(false);
    expect(samePrefix(addressGroups('10.200.0.1', 4), addressGroups('10.0.0.0', 4), 8)).toBe(true);
    expect(samePrefix(addressGroups('11.0.0.1', 4), addressGroups('10.0.0.0', 4), 8)).toBe(false);
  });

  it('names the network of the record that holds an address (the shipped GeoLite2 City files)', () => {
    const db = new IpDatabase(defaultGeoipFiles());
    expect(db.lookup('81.2.69.142', 4)).toMatchObject({
      timezone: 'Europe/London',
      countryCode: 'GB',
      network: expect.stringMatching(/^81\.2\.69\.\d+\/\d+$/),
    });
    expect(db.lookup('2001:67c:2e8::1', 6)?.network).toMatch(/^2001:67c:2e8::\/\d+$/);
    expect(db.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
