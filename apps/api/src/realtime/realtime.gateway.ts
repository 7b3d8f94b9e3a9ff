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
import type { Session, SessionData } from 'express-session';
import { ADMIN_ROOM, isPublicRoom, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@kickback/contracts';
import { socketConnections } from '../ops/metrics';

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type SessionRequest = IncomingMessage & { session?: Session & Partial<SessionData> };

const MAX_ROOMS_PER_SOCKET = 24;

/** Joins each socket to its user's room at connect and to public rooms on request. */
@WebSocketGateway({ path: '/socket.io', transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(RealtimeGateway.name);

  handleConnection(socket: AppSocket): void {
    socketConnections.inc();
    const session = (socket.request as SessionRequest).session;
    if (session?.userId) {
      void socket.join(userRoom(session.userId));
      if (session.role === 'Admin' || session.role === 'staff') void socket.join(ADMIN_ROOM);
    }
  }

  handleDisconnect(): void {
    socketConnections.dec();
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
}
