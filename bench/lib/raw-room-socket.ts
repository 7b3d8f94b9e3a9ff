import WebSocket from 'ws';

/** One received event frame: when it arrived and its Socket.IO payload, as the bytes that came in. */
export interface RawFrame {
  at: number;
  raw: Buffer;
}

/** The frame's Socket.IO packet as text (call after the measurement). */
export const frameText = (frame: RawFrame): string => frame.raw.toString();

/**
 * A room watcher that speaks the Socket.IO wire protocol (Engine.IO v4 over WebSocket) itself and
 * keeps the frames of one event undecoded, stamped with their arrival time.
 *
 * Why not socket.io-client: a thousand watchers on the same two cores as the product would spend
 * a core decoding every push a thousand times during the burst, time that real viewers spend on
 * their own devices. Recording the frames and decoding them once the burst is over measures when
 * each push reached each connection without charging the product for its audience's parsing. For the same reason
 * a frame is kept as the bytes that arrived: neither checked as UTF-8 nor turned into a string (a thousand copies
 * of every push) until the burst is over.
 */
export class RawRoomSocket {
  readonly frames: RawFrame[] = [];
  private constructor(private readonly ws: WebSocket) {}

  /** Joins `room` (or every room of a list, as a page does) and records the frames of `event`. */
  static join(base: string, origin: string, room: string | string[], event: string): Promise<RawRoomSocket> {
    const rooms = Array.isArray(room) ? room : [room];
    let joined = 0;
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { origin, skipUTF8Validation: true });
    const socket = new RawRoomSocket(ws);
    const prefix = Buffer.from(`42["${event}",`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`joining ${rooms.join(', ')} timed out`)), 15_000);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      ws.on('error', fail);
      ws.on('message', (raw: Buffer) => {
        if (raw.length >= prefix.length && raw.compare(prefix, 0, prefix.length, 0, prefix.length) === 0) {
          socket.frames.push({ at: Date.now(), raw });
          return;
        }
        const data = raw.toString();
        if (data === '2')
          ws.send('3'); // Engine.IO ping → pong
        else if (data.startsWith('0{'))
          ws.send('40'); // open → connect to the main namespace
        else if (data.startsWith('40')) for (const r of rooms) ws.send(`42${JSON.stringify(['room:join', r])}`);
        else if (data.startsWith('42["room:joined"')) {
          if (++joined < rooms.length) return;
          clearTimeout(timer);
          resolve(socket);
        } else if (data.startsWith('44')) fail(new Error(`connection refused: ${data}`));
      });
    });
  }

  /** The event's payloads in arrival order, decoded (call after the measurement). */
  decoded<T>(): { at: number; payload: T }[] {
    return this.frames.map((f) => ({ at: f.at, payload: (JSON.parse(frameText(f).slice(2)) as [string, T])[1] }));
  }

  /** False once the server or the network closed it (an api restart, say): a page would connect again. */
  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}
