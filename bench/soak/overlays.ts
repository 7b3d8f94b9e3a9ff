import { io, type Socket } from 'socket.io-client';

/**
 * An OBS browser source for one overlay kind, connected the whole night with its token and reconnecting as the
 * overlay page does. It counts, per key of `event`'s payload (a game's or a match's id), the pushes naming it, and the
 * byte-identical pushes received more than once (a duplicated delivery).
 */
export class OverlayWatcher {
  private readonly socket: Socket;
  private readonly rooms = new Set<string>();
  private readonly seen = new Set<string>();
  readonly keys = new Map<number, number>();
  duplicates = 0;
  /** Connections made after the first: the server went away (a restart) and the overlay came back. */
  reconnects = -1;

  constructor(base: string, kind: string, token: string, event: string, keysOf: (payload: unknown) => number[]) {
    this.socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { overlay: kind, token },
      extraHeaders: { origin: base.replace('127.0.0.1', 'localhost') },
      reconnectionDelay: 500,
      reconnectionDelayMax: 2000,
    });
    this.socket.on('connect', () => {
      this.reconnects++;
      for (const room of this.rooms) this.socket.emit('room:join', room);
    });
    this.socket.on(event, (payload: unknown) => {
      const text = JSON.stringify(payload);
      if (this.seen.has(text)) this.duplicates++;
      this.seen.add(text);
      for (const key of keysOf(payload)) this.keys.set(key, (this.keys.get(key) ?? 0) + 1);
    });
  }

  /** Joins a room now and after every reconnect; answers once the server confirmed it. */
  follow(room: string): Promise<void> {
    this.rooms.add(room);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`overlay could not join ${room}`)), 15_000);
      const joined = (answer: { room: string }) => {
        if (answer.room !== room) return;
        clearTimeout(timer);
        this.socket.off('room:joined', joined);
        resolve();
      };
      this.socket.on('room:joined', joined);
      if (this.socket.connected) this.socket.emit('room:join', room);
    });
  }

  close(): void {
    this.socket.close();
  }
}
