import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { isRowId, raffleEnterSchema, type RaffleEnterAnswer } from '@kickback/contracts';
import type { SessionData } from 'express-session';
import {
  AppConfig,
  INTERNAL_ERROR,
  TOO_MANY_REQUESTS,
  errorEnvelope,
  ok,
  parseStoredSession,
  sessionTooOld,
  zodPipe,
} from '@kickback/platform';
import { RaffleEntryService, raffleNotFound } from '@kickback/domain';
import { IDEMPOTENCY_KEY } from './raffle-enter-options';
import { RaffleEnterLimiter } from './raffle-enter-limiter';
import { socketRequestDuration } from '../../ops/metrics';
import { PlainSocketEvent, listenPlainSocketEvents } from '../../realtime/plain-socket-event';

/**
 * The HTTP body plus what the HTTP call carries in its path and header, strict like it: the schema pipe refuses
 * over-long values before parsing and scans for hostile text only what it accepted. The raffle id is checked first
 * (a 404, as the HTTP route's path); a key that is not a valid Idempotency-Key is ignored, as the header would be.
 */
const validMessage = zodPipe(
  raffleEnterSchema.extend({ raffle_id: z.unknown(), idempotency_key: z.string().max(200).optional() }).strict(),
);

/**
 * POST /api/r/raffles/{id}/enter over the raffle page's open socket (event raffle:enter): the same
 * service, rules, messages and per-member limit, answered through the acknowledgement with the
 * status and envelope the HTTP call would have given.
 *
 * Why a second path: during a stream thousands of viewers enter within seconds from the page
 * that already holds this connection, and an event costs the server a fraction of an HTTP
 * request (no routing, cookie parsing, session load or response headers); see
 * docs/performance/history.md, "How an entry is processed now". Cross-site use is refused as for the CSRF-checked route, at the handshake
 * (foreign origins cannot connect). The session is read again for every entry, so a logout in
 * another tab takes effect at once; that read and the entry budget's count share one Redis round trip.
 *
 * The event is a plain Socket.IO listener (PlainSocketEvent) rather than a Nest @SubscribeMessage handler: Nest runs
 * every message through an rxjs pipeline of its own, measurable in a raffle burst for an event that has no guard,
 * pipe or interceptor to run (docs/performance/history.md, "Progression in batches").
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RafflesGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RafflesGateway.name);
  /** Each socket's session as last read from the store, with its stored text: a session that did not change is not parsed again. */
  private readonly sessions = new WeakMap<Socket, { stored: string; session: SessionData }>();

  constructor(
    private readonly entries: RaffleEntryService,
    private readonly config: AppConfig,
    private readonly limiter: RaffleEnterLimiter,
  ) {}

  handleConnection(socket: Socket): void {
    listenPlainSocketEvents(this, socket);
  }

  @PlainSocketEvent('raffle:enter')
  async enter(socket: Socket, message: unknown): Promise<RaffleEnterAnswer> {
    const timer = socketRequestDuration.startTimer({ event: 'raffle:enter' });
    const answer = await this.answer(socket, message);
    timer({ status: answer.status });
    return answer;
  }

  /** SocketEventLimits has already refused visitors and counted this connection's and member's rate. */
  private async answer(socket: Socket, message: unknown): Promise<RaffleEnterAnswer> {
    try {
      const raffleId = typeof message === 'object' && message !== null ? (message as { raffle_id?: unknown }).raffle_id : undefined;
      if (!isRowId(raffleId)) throw raffleNotFound();
      const { raffle_id: _id, idempotency_key: key, ...body } = validMessage.transform(message);
      const member = await this.liveMember(socket);
      if (member?.blocked) return TOO_MANY_REQUESTS;
      const idempotencyKey = key && IDEMPOTENCY_KEY.test(key) ? key : undefined;
      const result = await this.entries.enter(member?.userId ?? null, raffleId, body, idempotencyKey);
      return { status: 200, body: ok({ entry: result.entry }, result.message) };
    } catch (err) {
      const known = errorEnvelope(err);
      if (!known) this.logger.error({ err }, 'raffle entry over the socket failed');
      return known ?? INTERNAL_ERROR;
    }
  }

  /**
   * The member the socket connected as (the realtime gateway's handshake: the session's member and id), if their session
   * is still in the store as it was (null once logged out, ended or expired), with whether this entry is over their
   * budget: one Redis command for both. A connection opened without a member stays anonymous (logging in loads a new
   * page, hence a new connection), so it is answered without a store read.
   */
  private async liveMember(socket: Socket): Promise<{ userId: number; blocked: boolean } | null> {
    const member = (socket.data as { member?: { userId: number; sessionId: string } }).member;
    if (!member) return null;
    const { userId, sessionId } = member;
    const { blocked, session } = await this.limiter.blockedWithSession(userId, sessionId, (stored) => this.parsed(socket, stored));
    if (!session?.listed || session.userId !== userId || sessionTooOld(session, this.config.env.SESSION_ABSOLUTE_DAYS)) return null;
    return { userId, blocked };
  }

  private parsed(socket: Socket, stored: string | null): SessionData | null {
    const last = this.sessions.get(socket);
    if (stored !== null && last?.stored === stored) return last.session;
    const session = parseStoredSession(stored);
    if (stored !== null && session) this.sessions.set(socket, { stored, session });
    else this.sessions.delete(socket);
    return session;
  }
}
