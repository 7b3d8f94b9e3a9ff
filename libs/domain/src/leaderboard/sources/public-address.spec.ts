import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { checkHost, isPublicAddress, type Resolve } from './public-address';
import { pinnedAgent } from './pinned-agent';

describe('outbound address rules for leaderboard sources', () => {
  it('refuses loopback, private, link-local, CGNAT, reserved and mapped forms', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '::',
      '::1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      // IPv4-compatible and IPv4-mapped, dotted and hex.
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:169.254.169.254',
      // NAT64: the well-known prefix carries the IPv4 address; the local-use prefix is the operator's own network.
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::8.8.8.8',
      // 6to4 of a private address; Teredo.
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      'not-an-address',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
  });

  it('accepts public addresses, also behind the mapped, NAT64 and 6to4 forms', () => {
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('checks literal addresses in every bracketed form and every address a name resolves to', async () => {
    expect(await checkHost('169.254.169.254')).toEqual({
      refused: '169.254.169.254 resolves to a private or reserved address (169.254.169.254); only public hosts may be fetched',
    });
    // What URL parsing leaves of http://[::127.0.0.1]/ and http://[64:ff9b::127.0.0.1]/.
    for (const host of [new URL('http://[::127.0.0.1]/').hostname, new URL('http://[64:ff9b::127.0.0.1]/').hostname, '[::1]'])
      expect([host, 'refused' in (await checkHost(host))]).toEqual([host, true]);
    expect(await checkHost('localhost')).toEqual({
      refused: expect.stringMatching(/^localhost resolves to a private or reserved address/),
    });
    const mixed: Resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await checkHost('mixed.example', mixed)).toEqual({ refused: expect.stringContaining('(10.0.0.5)') });
    expect(await checkHost('8.8.8.8')).toEqual({ addresses: [{ address: '8.8.8.8', family: 4 }] });
  });

  describe('the fetch connects to the checked address', () => {
    const servers: Server[] = [];
    /** A server on `host` answering with its own name, on a shared port. */
    const serve = (host: string, port: number) =>
      new Promise<number>((resolve) => {
        const server = createServer((_req, res) => res.end(host));
        servers.push(server);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

    it('a name that resolves to another address after the check is still fetched from the checked one', async () => {
      const port = await serve('127.0.0.2', 0);
      await serve('127.0.0.1', port);
      // The first answer is checked; a rebinding resolver answers loopback to every later lookup.
      let lookups = 0;
      const rebinding: Resolve = async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      const check = await checkHost('rebind.example', rebinding, (a) => a === '127.0.0.2');
      expect(check).toEqual({ addresses: [{ address: '127.0.0.2', family: 4 }] });
      expect(await rebinding('rebind.example')).toEqual([{ address: '127.0.0.1', family: 4 }]);
      const agent = pinnedAgent('addresses' in check ? check.addresses : []);
      try {
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`http://rebind.example:${port}/`, { dispatcher: agent });
          expect(await res.text()).toBe('127.0.0.2');
        }
      } finally {
        await agent.close();
      }
      expect(lookups).toBe(2);
    });
  });
});
