import { isPublicAddress, privateHostReason } from './public-address';

describe('outbound address rules for leaderboard sources', () => {
  it('refuses loopback, private, link-local, CGNAT, reserved and mapped forms', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
  });

  it('accepts public addresses', () => {
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('names the host and the address it refused, for literal addresses and names', async () => {
    expect(await privateHostReason('169.254.169.254')).toMatch(/169\.254\.169\.254 resolves to a private or reserved address/);
    expect(await privateHostReason('[::1]')).toMatch(/resolves to a private/);
    expect(await privateHostReason('localhost')).toMatch(/^localhost resolves to a private or reserved address/);
    expect(await privateHostReason('8.8.8.8')).toBeNull();
  });
});
