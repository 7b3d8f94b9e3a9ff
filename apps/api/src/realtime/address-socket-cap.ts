import type { IncomingMessage } from 'node:http';

/**
 * Open sockets per client on this replica, the client as ClientKeys reads it: the session when the cookie carries one
 * the server signed (members behind one address are told apart), otherwise the address (TRUST_PROXY's forwarded
 * client, not the proxy). A handshake takes a place before it is accepted, so a thousand parallel handshakes cannot
 * all pass a count read before any connected; an accepted connection claims the place and gives it back when it
 * closes, and a handshake that fails after being allowed releases it.
 */
export class AddressSocketCap {
  private readonly open = new Map<string, number>();
  /**
   * Handshakes between their allowance and their connection (or failure), by request. Beside the request rather than a
   * property on it: Engine.IO deletes a property of its own from the request after this one is added, which turns the
   * request, still held by Engine.IO for the connection's life, into a slow dictionary of 1.6 KB.
   */
  private readonly handshakes = new WeakMap<IncomingMessage, string>();

  constructor(private readonly limit: number) {}

  /** Takes a place for the handshake; false when the client already holds `limit` sockets. */
  take(req: IncomingMessage, client: string): boolean {
    const count = this.open.get(client) ?? 0;
    if (count >= this.limit) return false;
    this.open.set(client, count + 1);
    this.handshakes.set(req, client);
    return true;
  }

  /**
   * The client whose place the handshake took, now held by its connection, which gives it back with giveBack when it
   * closes: the connection keeps this string, not the request.
   */
  claim(req: IncomingMessage): string | undefined {
    const client = this.handshakes.get(req);
    this.handshakes.delete(req);
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
