import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import type { Session, SessionData, Store } from 'express-session';
import {
  ADMIN_ROOM,
  STAFF_ROOM,
  isPublicRoom,
  userRoom,
  type ClientToServerEvents,
  type Role,
  type ServerToClientEvents,
} from '@kickback/contracts';
import { AppConfig, sessionRoom, sessionTooOld } from '@kickback/platform';
import { socketConnections } from '../ops/metrics';

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type SessionRequest = IncomingMessage & { session?: Session & Partial<SessionData>; sessionID?: string; sessionStore?: Store };

/** What a member socket was admitted with; it keeps its private rooms only while the session still says so. */
interface Admitted {
  sessionId: string;
  userId: number;
  role: Role;
  timer: NodeJS.Timeout;
}

const MAX_ROOMS_PER_SOCKET = 24;

/** The private rooms a role may hear: admin feeds per permission, so staff get ticket notices and nothing of the admins'. */
function privateRooms(userId: number, role: Role, sessionId: string): string[] {
  const rooms = [userRoom(userId), sessionRoom(sessionId)];
  if (role === 'Admin') rooms.push(ADMIN_ROOM, STAFF_ROOM);
  if (role === 'staff') rooms.push(STAFF_ROOM);
  return rooms;
}

/**
 * Joins each socket to its member's private rooms at connect and to public rooms on request. Private
 * rooms follow the session: a logout disconnects the session's sockets at once (sessionRoom), and every
 * member socket re-reads its session every SOCKET_SESSION_CHECK_SECONDS, so expiry, a role change or a
 * ban ends the connection; the client reconnects with whatever its cookie still grants.
 */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly admitted = new WeakMap<AppSocket, Admitted>();

  constructor(private readonly config: AppConfig) {}

  handleConnection(socket: AppSocket): void {
    socketConnections.inc();
    const req = socket.request as SessionRequest;
    const session = req.session;
    if (!session?.userId || !session.role || !req.sessionID) return;
    for (const room of privateRooms(session.userId, session.role, req.sessionID)) void socket.join(room);
    const everyMs = this.config.env.SOCKET_SESSION_CHECK_SECONDS * 1000;
    // Jitter spreads the re-reads of sockets that connected together (a stream's start) over the interval.
    const timer = setInterval(() => void this.recheck(socket), everyMs + Math.floor(Math.random() * everyMs * 0.2));
    timer.unref();
    this.admitted.set(socket, { sessionId: req.sessionID, userId: session.userId, role: session.role, timer });
  }

  handleDisconnect(socket: AppSocket): void {
    socketConnections.dec();
    const admitted = this.admitted.get(socket);
    if (admitted) clearInterval(admitted.timer);
  }

  @SubscribeMessage('room:join')
  join(@ConnectedSocket() socket: AppSocket, @MessageBody() room: unknown): void {
    if (!isPublicRoom(room)) {
      socket.emit('room:error', { room: String(room).slice(0, 64), message: 'Unknown room.' });
      return;
    }
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) {
      socket.emit('room:error', { room, message: 'Too many rooms.' });
      return;
    }
    void socket.join(room);
    socket.emit('room:joined', { room });
  }

  @SubscribeMessage('room:leave')
  leave(@ConnectedSocket() socket: AppSocket, @MessageBody() room: unknown): void {
    if (isPublicRoom(room)) void socket.leave(room);
    else this.logger.debug('ignored leave of unknown room');
  }

  private async recheck(socket: AppSocket): Promise<void> {
    const admitted = this.admitted.get(socket);
    const store = (socket.request as SessionRequest).sessionStore;
    if (!admitted || !store || socket.disconnected) return;
    try {
      const current = await new Promise<SessionData | null | undefined>((resolve, reject) =>
        store.get(admitted.sessionId, (err, data) => (err ? reject(err) : resolve(data))),
      );
      const still =
        current?.userId === admitted.userId &&
        current.role === admitted.role &&
        !sessionTooOld(current, this.config.env.SESSION_ABSOLUTE_DAYS);
      if (!still) socket.disconnect(true);
    } catch (err) {
      // A store outage is not a logout: keep the socket and look again next time.
      this.logger.warn({ err }, 'socket session re-check failed');
    }
  }
}
