import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, OverlayKind, OverlaySocketAuth, ServerToClientEvents } from '@kickback/contracts';

export type OverlaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface OverlayLive {
  /** Joins a room now and after every reconnect; joining again replaces nothing. */
  join(room: string): void;
  leave(room: string): void;
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void;
  /** Called after a reconnect, so the overlay can catch up on what it missed. */
  onReconnect(handler: () => void): void;
}

/**
 * The overlay's connection: the token travels in the handshake auth (no cookie is needed or sent by OBS), the
 * server admits it to its kind's public rooms only. socket.io reconnects after network drops on its own; a
 * server-side disconnect (token rotated or revoked, server restart) is retried here every few seconds.
 */
export function connectOverlay(kind: OverlayKind, token: string): OverlayLive {
  const auth: OverlaySocketAuth = { overlay: kind, token };
  const socket: OverlaySocket = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: false, auth });
  const rooms = new Set<string>();
  const reconnectHandlers: (() => void)[] = [];
  let connectedBefore = false;
  socket.on('connect', () => {
    for (const room of rooms) socket.emit('room:join', room);
    if (connectedBefore) for (const handler of reconnectHandlers) handler();
    connectedBefore = true;
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 3000);
  });
  const untyped = socket as unknown as { on(event: string, handler: unknown): void };
  return {
    join(room) {
      if (rooms.has(room)) return;
      rooms.add(room);
      if (socket.connected) socket.emit('room:join', room);
    },
    leave(room) {
      if (rooms.delete(room) && socket.connected) socket.emit('room:leave', room);
    },
    on(event, handler) {
      untyped.on(event, handler);
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
  };
}

/** The overlay's starting data again (GET /overlay/{kind}/data?token=…), after a reconnect or a push without data. */
export async function refetchOverlayData<T>(kind: OverlayKind, token: string): Promise<T | null> {
  try {
    const res = await fetch(`/overlay/${kind}/data?token=${encodeURIComponent(token)}`, { credentials: 'omit', cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: T };
    return body.data ?? null;
  } catch {
    return null;
  }
}

/** The admin put another of this kind on stream (or took this one off): the page loads it, as its starting data. */
export function reloadOnOtherFeatured(live: OverlayLive, kind: 'raffle' | 'tournament', shownId: () => number | null): void {
  live.on('overlay:featured', (push) => {
    if (push.kind === kind && push.id !== shownId()) window.location.reload();
  });
}
