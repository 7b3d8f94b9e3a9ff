import { io, type Socket } from 'socket.io-client';
import { integrationStack } from '@kickback/testing';

const CAP = 5;

/** Issue #49: one address cannot hold any number of sockets; the cap reads the client address behind a trusted proxy. */
describe('sockets per address are capped at the handshake (real api, TRUST_PROXY)', () => {
  const sockets: Socket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  const stack = integrationStack({ env: { SOCKETS_PER_ADDRESS: String(CAP), TRUST_PROXY: 'true' } });

  /** A socket from `address` (as the proxy forwards it); answers whether it connected or the error it was refused with. */
  function open(address: string, cookie?: string): Promise<{ socket: Socket; connected: boolean; error?: string }> {
    const socket = io(stack.api.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ socket, connected: true }));
      socket.once('connect_error', (err) => resolve({ socket, connected: false, error: err.message }));
    });
  }

  it('refuses handshakes past the cap from one address, in parallel too, and frees a place when a socket closes', async () => {
    const burst = await Promise.all(Array.from({ length: 4 * CAP }, () => open('203.0.113.7')));
    expect(burst.filter((s) => s.connected)).toHaveLength(CAP);
    // Another address behind the same proxy is counted apart, and so is a member (their session, not the address).
    expect((await open('203.0.113.8')).connected).toBe(true);
    const member = await stack.api.signedIn({ role: 'member' });
    expect((await open('203.0.113.7', member.cookieHeader)).connected).toBe(true);

    const closed = new Promise<void>((resolve) => {
      const first = burst.find((s) => s.connected)!.socket;
      first.once('disconnect', () => resolve());
      first.close();
    });
    await closed;
    // The server may see the close a moment after the client: the next handshake is retried until the place is free.
    let again = await open('203.0.113.7');
    while (!again.connected) again = await open('203.0.113.7');
    expect((await open('203.0.113.7')).connected).toBe(false);
  });
});
