import { checkUrl, checkUrlShape, isPrivateAddress } from './url-guard.js';

describe('webhook URL guard', () => {
  it('takes only public unicast addresses for public', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('judges IPv4 carried in IPv6 by that IPv4 address, and takes other IPv6 only inside 2000::/3', async () => {
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::7f00:1]/',
      'https://[::10.0.0.1]/',
      'https://[::a9fe:a9fe]/',
      'https://[::ffff:7f00:1]/',
      'https://[4000::1]/',
    ])
      expect([url, await checkUrl(url, false)]).toEqual([url, 'private_address']);
    for (const a of ['::127.0.0.1', '::ffff:169.254.169.254', '64:ff9b:1::1', '100::1', 'ff02::1', '::']) expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    expect(isPrivateAddress('::93.184.216.34')).toBe(false);
    expect(await checkUrl('https://[2606:2800:220:1:248:1893:25c8:1946]/', false)).toBeNull();
  });

  it('wants https, or http to loopback only when private addresses are allowed', () => {
    expect(checkUrlShape('https://example.com/x', false)).toBeNull();
    expect(checkUrlShape('http://example.com/x', false)).toBe('insecure_url');
    expect(checkUrlShape('http://127.0.0.1:9/x', false)).toBe('insecure_url');
    expect(checkUrlShape('http://127.0.0.1:9/x', true)).toBeNull();
    expect(checkUrlShape('http://example.com/x', true)).toBe('insecure_url');
    expect(checkUrlShape('ftp://example.com/x', false)).toBe('invalid_url');
    expect(checkUrlShape('https://user:pw@example.com/x', false)).toBe('invalid_url');
    expect(checkUrlShape('not a url', false)).toBe('invalid_url');
  });

  it('refuses an IP literal or a name that is private after resolution', async () => {
    expect(await checkUrl('https://169.254.169.254/latest', false)).toBe('private_address');
    expect(await checkUrl('https://[::1]/x', false)).toBe('private_address');
    expect(await checkUrl('https://localhost/x', false)).toBe('private_address');
    expect(await checkUrl('https://localhost/x', true)).toBeNull();
  });
});
