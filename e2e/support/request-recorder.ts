import type { Page } from '@playwright/test';

/**
 * Records what a page asks of the server, normalised so that two runs of the same page give the same lines:
 * HTTP requests to our origin that are pages or API calls (built assets are cached files named by their build
 * hash) and Socket.IO frames, with ids, tokens and free text replaced by placeholders. Heartbeats are dropped.
 * State changes and socket messages sent keep their count; reads (GET) and pushes received are listed once each,
 * since the client folds identical reads in flight together and the server coalesces pushes, both by timing.
 */
export class RequestRecorder {
  private readonly counted: string[] = [];
  private readonly once = new Set<string>();
  private changedAt = Date.now();

  constructor(
    page: Page,
    private readonly origin: string,
  ) {
    page.on('request', (request) => {
      const url = new URL(request.url());
      const type = request.resourceType();
      if (url.origin !== this.origin || url.pathname.startsWith('/socket.io/')) return;
      if (type !== 'document' && type !== 'fetch' && type !== 'xhr') return;
      const line = `${type === 'document' ? 'page' : 'http'} ${request.method()} ${normalisePath(url)}`;
      this.add(line, request.method() === 'GET');
    });
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        const line = typeof frame.payload === 'string' ? describeFrame(frame.payload) : 'binary';
        if (line) this.add(`socket sent ${line}`);
      });
      ws.on('framereceived', (frame) => {
        const line = typeof frame.payload === 'string' ? describeFrame(frame.payload) : 'binary';
        if (line) this.add(`socket received ${line}`, true);
      });
    });
  }

  private add(line: string, listOnce = false): void {
    if (listOnce) this.once.add(line);
    else this.counted.push(line);
    this.changedAt = Date.now();
  }

  /** Waits until nothing new was recorded for `quietMs` (a settle wait, not an assertion), then returns and resets. */
  async take(quietMs = 1500): Promise<string[]> {
    const deadline = Date.now() + 20_000;
    while (Date.now() - this.changedAt < quietMs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const lines = [...this.counted, ...this.once].sort();
    this.counted.length = 0;
    this.once.clear();
    return lines;
  }
}

function normaliseText(text: string): string {
  return text.replace(/\d+/g, '{n}');
}

/**
 * Ids in the path become {id}; query values stay when they are short words (`sort=newest`, so a bench can replay
 * them), numbers become {n} (a bench sends 1) and anything else (cursors, search text) {v}.
 */
function normalisePath(url: URL): string {
  const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
  const keys = [...new Set(url.searchParams.keys())].sort();
  const value = (v: string) => (/^\d+$/.test(v) ? '{n}' : /^[a-z_-]{1,24}$/i.test(v) ? v : '{v}');
  return keys.length ? `${path}?${keys.map((k) => `${k}=${value(url.searchParams.get(k) ?? '')}`).join('&')}` : path;
}

/** The shape of a payload: an object's sorted keys, a string with digits as {n}, or the value's type. */
function shape(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length ? shape(value[0]) : ''}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().join(',')}}`;
  if (typeof value === 'string') return JSON.stringify(normaliseText(value));
  return typeof value;
}

/**
 * An Engine.IO / Socket.IO text frame as one line: `open`, `connect`, `event <name> <payload shape>`, `event-with-ack
 * …` and `ack <shape>`; null for heartbeats. (Socket.IO v4: 0 open, 2/3 ping/pong, 4 message, then 0 connect,
 * 2 event, 3 ack, 4 connect error.)
 */
export function describeFrame(frame: string): string | null {
  if (frame === '2' || frame === '3' || frame === '2probe' || frame === '3probe' || frame === '5') return null;
  if (frame.startsWith('0')) return 'open';
  if (frame.startsWith('40')) return 'connect';
  if (frame.startsWith('41')) return 'disconnect';
  if (frame.startsWith('44')) return 'connect-error';
  const event = /^42(\d*)(\[.*)$/s.exec(frame);
  if (event) {
    const [name, ...args] = JSON.parse(event[2]!) as [string, ...unknown[]];
    return `${event[1] ? 'event-with-ack' : 'event'} ${name} ${args.map(shape).join(' ')}`.trim();
  }
  const ack = /^43\d*(\[.*)$/s.exec(frame);
  if (ack) return `ack ${(JSON.parse(ack[1]!) as unknown[]).map(shape).join(' ')}`.trim();
  return `frame ${frame.slice(0, 2)}`;
}
