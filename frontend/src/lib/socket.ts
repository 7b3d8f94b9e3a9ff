import type { io as connect, Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@kickback/contracts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
/** Rooms wanted by mounted screens, counted so two screens sharing a room do not leave it for each other. */
const roomRefs = new Map<string, number>();

function open(io: typeof connect): AppSocket {
  if (socket) return socket;
  const created: AppSocket = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
  // The server forgets rooms when a connection drops, so every (re)connect joins them again. This is also how rooms
  // wanted while socket.io-client was still downloading get joined.
  created.on('connect', () => {
    for (const room of roomRefs.keys()) created.emit('room:join', room);
  });
  // The server ends a connection whose session changed (logout elsewhere, expiry, role change); socket.io does not
  // reconnect on its own then. Reconnecting lets the current cookie decide which private rooms remain.
  created.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => created.connect(), 1000);
  });
  socket = created;
  return created;
}

/**
 * The single connection of this page, opened on first use. socket.io-client is imported only then, so it is not part
 * of the JavaScript a page needs before its first render.
 */
export async function getSocket(): Promise<AppSocket> {
  return open((await import('socket.io-client')).io);
}

/**
 * Runs `use` with the connection, at once when it is already open, otherwise when it is; the returned function undoes
 * it (or, called before then, keeps it from running).
 */
export function withSocket(use: (client: AppSocket) => () => void): () => void {
  if (socket) return use(socket);
  let undo: (() => void) | null = null;
  let cancelled = false;
  void getSocket().then((client) => {
    if (!cancelled) undo = use(client);
  });
  return () => {
    cancelled = true;
    undo?.();
  };
}

/** Joins a room for as long as the caller needs it; call the returned function to release it. */
export function joinRoom(room: string): () => void {
  const count = roomRefs.get(room) ?? 0;
  roomRefs.set(room, count + 1);
  if (!socket) void getSocket();
  else if (count === 0 && socket.connected) socket.emit('room:join', room);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const remaining = (roomRefs.get(room) ?? 1) - 1;
    if (remaining > 0) {
      roomRefs.set(room, remaining);
      return;
    }
    roomRefs.delete(room);
    if (socket?.connected) socket.emit('room:leave', room);
  };
}

export function onServerEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void {
  return withSocket((client) => {
    // socket.io's typed overloads do not accept a generic event key, hence the widening.
    const untyped = client as unknown as { on(e: string, h: unknown): void; off(e: string, h: unknown): void };
    untyped.on(event, handler);
    return () => untyped.off(event, handler);
  });
}

/** Test hook: forget the connection and the room counts. */
export function resetSocketForTests(): void {
  socket?.disconnect();
  socket = null;
  roomRefs.clear();
}
