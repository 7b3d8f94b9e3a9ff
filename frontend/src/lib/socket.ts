import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@kickback/contracts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
/** Rooms wanted by mounted screens, counted so two screens sharing a room do not leave it for each other. */
const roomRefs = new Map<string, number>();

/** The single connection of this page, opened on first use. */
export function getSocket(): AppSocket {
  if (!socket) {
    const created: AppSocket = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true });
    // The server forgets rooms when a connection drops, so every (re)connect joins them again.
    created.on('connect', () => {
      for (const room of roomRefs.keys()) created.emit('room:join', room);
    });
    // The server ends a connection whose session changed (logout elsewhere, expiry, role change); socket.io does not
    // reconnect on its own then. Reconnecting lets the current cookie decide which private rooms remain.
    created.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => created.connect(), 1000);
    });
    socket = created;
  }
  return socket;
}

/** Joins a room for as long as the caller needs it; call the returned function to release it. */
export function joinRoom(room: string): () => void {
  const client = getSocket();
  const count = roomRefs.get(room) ?? 0;
  roomRefs.set(room, count + 1);
  if (count === 0 && client.connected) client.emit('room:join', room);
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
    if (client.connected) client.emit('room:leave', room);
  };
}

export function onServerEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void {
  const client = getSocket();
  // socket.io's typed overloads do not accept a generic event key, hence the widening.
  const untyped = client as unknown as { on(e: string, h: unknown): void; off(e: string, h: unknown): void };
  untyped.on(event, handler);
  return () => untyped.off(event, handler);
}

/** Test hook: forget the connection and the room counts. */
export function resetSocketForTests(): void {
  socket?.disconnect();
  socket = null;
  roomRefs.clear();
}
