import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import type { Session, SessionData } from 'express-session';
import type Redis from 'ioredis';
import {
  ADMIN_ROOM,
  LIVE_ROOM,
  OVERLAY_ROOM_PATTERNS,
  SAFETY_MESSAGES,
  STAFF_ROOM,
  isPublicRoom,
  overlayRoom,
  userRoom,
  type OverlayKind,
  type ClientToServerEvents,
  type Role,
  type RoomJoinAnswer,
  type ServerToClientEvents,
} from '@kickback/contracts';
import {
  AppConfig,
  InjectRedis,
  cookieValue,
  RealtimeEmitter,
  parseStoredSession,
  sessionRoom,
  sessionTooOld,
  storedSessionKey,
} from '@kickback/platform';
import { MemberBreaksService, OverlayTokensService, UsersService } from '@kickback/domain';
import { AGE_COOKIE } from '../http/safety/viewer-safety.reader';
import { isGamblingRoom } from './gambling-rooms';
import { socketConnections } from '../ops/metrics';
import { SocketEventLimits } from './socket-event-limits';
import { SOCKET_EVENT_POLICIES } from './socket-event-policies';
import { RefusalPenalties } from '../security/refusal-penalties';
import { connectionClient } from './connection-client';

/** What the handshake found: the member and the role the database gives them now, and a "No" to the age question. */
interface SocketData {
  member?: { userId: number; role: Role; sessionId: string };
  ageDeclined?: boolean;
}
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type SessionRequest = IncomingMessage & { session?: Session & Partial<SessionData>; sessionID?: string };

/** What a member socket was admitted with; it keeps its private rooms only while the session still says so. */
interface Admitted {
  sessionId: string;
  userId: number;
  role: Role;
  timer: NodeJS.Timeout;
}

const MAX_ROOMS_PER_SOCKET = 24;

const memberIdOf = (socket: AppSocket): number | null => socket.data.member?.userId ?? null;

/** The handshake auth { overlay, token } of an OBS overlay page, or null for a page of the site. */
function overlayAuth(socket: AppSocket): { overlay: unknown; token?: unknown } | null {
  const auth: unknown = socket.handshake.auth;
  return auth && typeof auth === 'object' && 'overlay' in auth ? (auth as { overlay: unknown; token?: unknown }) : null;
}

/**
 * The private rooms a role may hear: admin feeds per permission, so staff get ticket notices and moderators Go live's
 * changes, and neither anything else of the admins'.
 */
function privateRooms(userId: number, role: Role, sessionId: string): string[] {
  const rooms = [userRoom(userId), sessionRoom(sessionId)];
  if (role === 'Admin') rooms.push(ADMIN_ROOM, LIVE_ROOM, STAFF_ROOM);
  if (role === 'moderator') rooms.push(LIVE_ROOM);
  if (role === 'staff') rooms.push(STAFF_ROOM);
  return rooms;
}

/**
 * Joins each socket to its member's private rooms at connect (role and ban read from the database) and to
 * public rooms on request. Private rooms follow the session and the account: a logout, a ban or a role
 * change through the admin API disconnects the member's sockets at once on every replica, and every member
 * socket re-reads its session and account every SOCKET_SESSION_CHECK_SECONDS, so expiry or a change made
 * any other way ends the connection too; the client reconnects with whatever its cookie still grants.
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly admitted = new WeakMap<AppSocket, Admitted>();
  /** Sockets that said they are an OBS overlay: the kind their token admits, or null for a refused token. */
  private readonly overlays = new WeakMap<AppSocket, Promise<OverlayKind | null>>();
  private readonly eventLimits = new SocketEventLimits(SOCKET_EVENT_POLICIES);
  /** One function for every socket's refused messages (SocketEventLimits passes the socket). */
  private readonly onRefused = (socket: AppSocket) => this.refused(socket);

  constructor(
    private readonly config: AppConfig,
    private readonly overlayTokens: OverlayTokensService,
    private readonly users: UsersService,
    private readonly realtime: RealtimeEmitter,
    private readonly penalties: RefusalPenalties,
    private readonly breaks: MemberBreaksService,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /**
   * The handshake reads the member's role and ban from the database: a session written before a change grants nothing
   * more. Every message then meets SocketEventLimits before any gateway's handler (visitors' member events refused,
   * rates counted). Pushes made in this process go out through this server from now on. A socket keeps the member
   * (id, role, session id) and no more of its request, which the adapter drops once this handshake is done.
   */
  afterInit(server: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>): void {
    server.use((socket, next) => {
      this.applyLimits(socket);
      void this.identify(socket).then(() => next());
    });
    this.realtime.useLocalServer(server);
  }

  handleConnection(socket: AppSocket): void {
    socketConnections.inc();
    const overlay = overlayAuth(socket);
    if (overlay) {
      this.admitOverlay(socket, overlay);
      return;
    }
    const member = socket.data.member;
    if (!member) return;
    for (const room of privateRooms(member.userId, member.role, member.sessionId)) void socket.join(room);
    const everyMs = this.config.env.SOCKET_SESSION_CHECK_SECONDS * 1000;
    // Jitter spreads the re-reads of sockets that connected together (a stream's start) over the interval.
    const timer = setInterval(() => void this.recheck(socket), everyMs + Math.floor(Math.random() * everyMs * 0.2));
    timer.unref();
    this.admitted.set(socket, { ...member, timer });
  }

  onModuleDestroy(): void {
    this.eventLimits.close();
  }

  /**
   * Out of afterInit's middleware so the listener does not share its scope: a closure there would keep Socket.IO's
   * middleware chain (`next` and what it holds) for the socket's whole life.
   */
  private applyLimits(socket: AppSocket): void {
    socket.use(
      this.eventLimits.middleware(
        socket as Socket,
        memberIdOf as (socket: Socket) => number | null,
        this.onRefused as (socket: Socket) => void,
      ),
    );
  }

  /**
   * Counts a refused message against its client (the handshake's signed session, else its address); a client past its
   * refusals is disconnected, and its reconnections are held by the handshake (RedisIoAdapter, which also counts the
   * frames the transport refuses).
   */
  private refused(socket: AppSocket): void {
    const client = connectionClient(socket as Socket);
    if (client === undefined) return;
    this.penalties.record(client);
    if (socket.connected && this.penalties.penalised(client)) socket.disconnect(true);
  }

  handleDisconnect(socket: AppSocket): void {
    socketConnections.dec();
    const admitted = this.admitted.get(socket);
    if (admitted) clearInterval(admitted.timer);
  }

  /** The room name is the message's whole schema (isPublicRoom); the answer is also the acknowledgement, when asked for. */
  @SubscribeMessage('room:join')
  async join(@ConnectedSocket() socket: AppSocket, @MessageBody() room: unknown): Promise<RoomJoinAnswer> {
    const refuse = (message: string): RoomJoinAnswer => {
      const answer = { room: typeof room === 'string' ? room.slice(0, 64) : '', message };
      socket.emit('room:error', answer);
      return { ...answer, joined: false };
    };
    if (!isPublicRoom(room)) return refuse('Unknown room.');
    const overlay = this.overlays.get(socket);
    if (overlay) {
      const kind = await overlay;
      if (!kind || !OVERLAY_ROOM_PATTERNS[kind].some((p) => p.test(room)))
        return refuse(kind ? 'This overlay cannot join that room.' : 'Overlay token refused.');
    }
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return refuse('Too many rooms.');
    if (!overlay && isGamblingRoom(room)) {
      const refusal = await this.gamblingRefusal(socket);
      if (refusal) return refuse(refusal);
    }
    void socket.join(room);
    socket.emit('room:joined', { room });
    return { room, joined: true };
  }

  /**
   * Why a site socket may not hear gambling content, as the pages and API say it: a "No" to the age question, or a
   * member's break (one read, at the join). Admins and moderators run the stream from Go live and are not held back.
   */
  private async gamblingRefusal(socket: AppSocket): Promise<string | null> {
    if (socket.data.ageDeclined) return SAFETY_MESSAGES.offersHidden;
    const member = socket.data.member;
    if (!member || member.role === 'Admin' || member.role === 'moderator') return null;
    try {
      return (await this.breaks.isOnBreak(member.userId)) ? SAFETY_MESSAGES.onBreak : null;
    } catch (err) {
      // Whether a break runs is unknown: the room waits, as the API would fail, rather than reach someone on a break.
      this.logger.warn({ err }, 'break check for a room join failed');
      return 'Please try again.';
    }
  }

  @SubscribeMessage('room:leave')
  leave(@ConnectedSocket() socket: AppSocket, @MessageBody() room: unknown): void {
    if (isPublicRoom(room)) void socket.leave(room);
    else this.logger.debug('ignored leave of unknown room');
  }

  /**
   * An overlay socket (handshake auth { overlay, token }) gets no private rooms, even when a browser sends an
   * admin's cookie (the preview in the admin panel): it may join only its kind's public rooms, and only with
   * the kind's live token. It joins overlay:{kind} so a rotated or revoked token disconnects it.
   */
  private admitOverlay(socket: AppSocket, auth: { overlay: unknown; token?: unknown }): void {
    const admitted = this.overlayTokens
      .verify(auth.overlay, auth.token)
      .then((kind) => {
        if (kind) void socket.join(overlayRoom(kind));
        return kind;
      })
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'overlay token check failed');
        return null;
      });
    this.overlays.set(socket, admitted);
  }

  private async identify(socket: AppSocket): Promise<void> {
    // An overlay presents a token, never a member: its handshake reads no session or account.
    if (overlayAuth(socket)) return;
    const req = socket.request as SessionRequest;
    // Kept as one flag: the socket holds no more of its request than the handshake reads.
    socket.data.ageDeclined = cookieValue(req, AGE_COOKIE) === 'no';
    const session = req.session;
    if (!session?.userId || !session.role || !req.sessionID) return;
    try {
      const access = await this.users.access(session.userId);
      if (!access || access.banned) return;
      socket.data.member = { userId: session.userId, role: access.role, sessionId: req.sessionID };
    } catch (err) {
      // Database outage: the session's own role (a ban deleted the session, so it cannot grant a banned member anything).
      this.logger.warn({ err }, 'socket role check failed; using the session');
      socket.data.member = { userId: session.userId, role: session.role, sessionId: req.sessionID };
    }
  }

  private async recheck(socket: AppSocket): Promise<void> {
    const admitted = this.admitted.get(socket);
    if (!admitted || socket.disconnected) return;
    try {
      // The store's own record (connect-redis: JSON under the store's key), read by id: the socket keeps no request.
      const current = parseStoredSession(await this.redis.get(storedSessionKey(admitted.sessionId)));
      const still = current?.userId === admitted.userId && current.listed && !sessionTooOld(current, this.config.env.SESSION_ABSOLUTE_DAYS);
      if (!still) return void socket.disconnect(true);
      // The database, not the session's copy, says whether the rooms still fit: a role or ban changed any way shows here.
      const access = await this.users.access(admitted.userId);
      if (!access || access.banned || access.role !== admitted.role) socket.disconnect(true);
    } catch (err) {
      // A store or database outage is not a logout: keep the socket and look again next time.
      this.logger.warn({ err }, 'socket session re-check failed');
    }
  }
}
