import type { IncomingMessage } from 'node:http';

const HELD = Symbol('address-socket-cap');
type Tagged = IncomingMessage & { [HELD]?: string };

/**
 * Open sockets per client on this replica, the client as ClientKeys reads it: the session when the cookie carries one
 * the server signed (members behind one address are told apart), otherwise the address (TRUST_PROXY's forwarded
 * client, not the proxy). A handshake takes a place before it is accepted, so a thousand parallel handshakes cannot
 * all pass a count read before any connected; the place is given back when the connection closes, or when its
 * handshake fails after being allowed.
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

  /** Gives back the handshake's place, once (a close after a failed handshake finds it already given back). */
  release(req: IncomingMessage): void {
    const client = (req as Tagged)[HELD];
    if (client === undefined) return;
    delete (req as Tagged)[HELD];
    const count = (this.open.get(client) ?? 1) - 1;
    if (count > 0) this.open.set(client, count);
    else this.open.delete(client);
  }
}
