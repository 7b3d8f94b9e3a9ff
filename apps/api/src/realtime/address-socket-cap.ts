import type { IncomingMessage } from 'node:http';

const HELD = Symbol('address-socket-cap');
type Tagged = IncomingMessage & { [HELD]?: string };

/**
 * Open sockets per client on this replica, the client as ClientKeys reads it: the session when the cookie carries one
 * the server signed (members behind one address are told apart), otherwise the address (TRUST_PROXY's forwarded
 * client, not the proxy). A handshake takes a place before it is accepted, so a thousand parallel handshakes cannot
 * all pass a count read before any connected; an accepted connection claims the place and gives it back when it
 * closes, and a handshake that fails after being allowed releases it.
 */
export class AddressSocketCap {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Takes a place for the handshake; false when the client already holds `limit` sockets. */
  take(req: IncomingMessage, client: string): boolean {
    const count = this.open.get(client) ?? 0;
    if (count >= this.limit) return false;
    this.open.set(client, count + 1);
    (req as Tagged)[HELD] = client;
    return true;
  }

  /**
   * The client whose place the handshake took, now held by its connection, which gives it back with giveBack when it
   * closes: the connection keeps this string, not the request.
   */
  claim(req: IncomingMessage): string | undefined {
    const client = (req as Tagged)[HELD];
    delete (req as Tagged)[HELD];
    return client;
  }

  giveBack(client: string): void {
    const count = (this.open.get(client) ?? 1) - 1;
    if (count > 0) this.open.set(client, count);
    else this.open.delete(client);
  }

  /** Gives back a failed handshake's place, once (the place is claimed or released only once). */
  release(req: IncomingMessage): void {
    const client = this.claim(req);
    if (client !== undefined) this.giveBack(client);
  }
}
