import type { Socket } from 'socket.io';

interface Window {
  count: number;
  resetAt: number;
}

interface Limit {
  limit: number;
  windowMs: number;
}

/** A connection's rate: `limit` per `windowMs` on average, at most `burst` at once (a token bucket). */
interface Rate extends Limit {
  burst?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** What a client→server event may do before its handler runs, and how a refused message is answered. */
export interface SocketEventPolicy {
  /** Only a member's socket may send it: a visitor's or an overlay's message is answered before any per-value work. */
  membersOnly: boolean;
  perConnection: Rate;
  perMember: Limit;
  /** The acknowledgement of a refused message (401: not a member; 429: over a limit). */
  refusal(status: 401 | 429, message: unknown): unknown;
}

const MINUTE = 60_000;

type Packet = [event: unknown, ...args: unknown[]];

/**
 * The first check of every message a socket sends, before Socket.IO hands it to a handler: unknown events are
 * dropped, a visitor's member event is refused, and each event is counted per connection (a token bucket) and per member
 * (fixed windows; in this process, no I/O). A refused message is answered through its acknowledgement, or for a room event
 * with the room:error event the page already listens to; its payload is never looked at beyond that.
 */
export class SocketEventLimits {
  /** Per event, each member's window: keyed by the policy's own event name and the member id, nothing built per message. */
  private readonly perMember = new Map<string, Map<number, Window>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly policies: Readonly<Record<string, SocketEventPolicy>>,
    private readonly now: () => number = Date.now,
  ) {
    // Windows of members who went quiet are dropped, so the map holds only this minute's senders.
    this.sweeper = setInterval(() => this.sweep(), MINUTE);
    this.sweeper.unref();
  }

  /**
   * The middleware for one socket (socket.use); memberId is read per message, as the handshake sets it. `onRefused` hears
   * of every refused message (after its answer is sent). Both take the socket, so one function serves every socket.
   */
  middleware(
    socket: Socket,
    memberId: (socket: Socket) => number | null,
    onRefused: (socket: Socket) => void = () => undefined,
  ): (packet: Packet, next: (err?: Error) => void) => void {
    const perConnection = new Map<string, Bucket>();
    return (packet, next) => {
      const event = packet[0];
      const policy = typeof event === 'string' && Object.hasOwn(this.policies, event) ? this.policies[event]! : null;
      if (!policy) return;
      const member = memberId(socket);
      const refused: 401 | 429 | null =
        member === null && policy.membersOnly
          ? 401
          : !this.drain(perConnection, event as string, policy.perConnection) ||
              (member !== null && !this.take(this.windowsOf(event as string), member, policy.perMember))
            ? 429
            : null;
      if (refused === null) return next();
      const answer = policy.refusal(refused, packet[1]);
      const ack = packet.length > 1 ? packet[packet.length - 1] : undefined;
      if (typeof ack === 'function') (ack as (answer: unknown) => void)(answer);
      else if ((event as string).startsWith('room:')) socket.emit('room:error', answer);
      onRefused(socket);
    };
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  /**
   * A message a connection may send as its page does (a few at once, then at the page's pace): many at once is not how
   * a page behaves, and each would be a handler's work queued ahead of everyone else's.
   */
  private drain(buckets: Map<string, Bucket>, key: string, { limit, windowMs, burst = limit }: Rate): boolean {
    const now = this.now();
    const bucket = buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * limit) / windowMs);
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private windowsOf(event: string): Map<number, Window> {
    let windows = this.perMember.get(event);
    if (!windows) this.perMember.set(event, (windows = new Map()));
    return windows;
  }

  private take(windows: Map<number, Window>, key: number, { limit, windowMs }: Limit): boolean {
    const now = this.now();
    const window = windows.get(key);
    if (!window || window.resetAt <= now) {
      windows.set(key, { count: 1, resetAt: now + windowMs });
      return true;
    }
    return ++window.count <= limit;
  }

  private sweep(): void {
    const now = this.now();
    for (const windows of this.perMember.values())
      for (const [member, window] of windows) if (window.resetAt <= now) windows.delete(member);
  }
}
