import { io, type Socket } from 'socket.io-client';
import type { TestClient } from './test-client';

/**
 * A Socket.IO client as the site's pages open one (WebSocket, no reconnection), with `client`'s session when given;
 * `auth` is the handshake's auth, as an OBS overlay sends its kind and token ({ overlay, token }).
 */
export function testSocket(url: string, client?: TestClient | null, auth?: Record<string, unknown>): Socket {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: client ? { cookie: client.cookieHeader } : {},
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
  });
}

/** Resolves with the socket once it is connected; rejects with the refusal when the handshake is refused. */
export function socketConnected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('connect_error', reject));
}

/** Joins one of the site's rooms (`raffle:12`, `winners`) and resolves once the server says the socket is in it. */
export function joinRoom(socket: Socket, room: string): Promise<void> {
  return new Promise((resolve) => {
    socket.once('room:joined', () => resolve());
    socket.emit('room:join', room);
  });
}
