/** Stands in for socket.io-client in jest (see jest.config.cjs): records what the client sends. */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  readonly emitted: Array<[event: string, payload: unknown]> = [];
  readonly options: unknown;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(options: unknown) {
    this.options = options;
  }

  on(event: string, handler: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler: Handler): this {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  emit(event: string, payload?: unknown): this {
    this.emitted.push([event, payload]);
    return this;
  }

  /** Test side: how the server acknowledges an event sent with emitWithAck (no entry: never answers). */
  readonly ackAnswers = new Map<string, (payload: unknown) => unknown>();

  timeout(_ms: number): { emitWithAck: (event: string, payload?: unknown) => Promise<unknown> } {
    return {
      emitWithAck: (event, payload) => {
        this.emitted.push([event, payload]);
        const answer = this.ackAnswers.get(event);
        return answer ? Promise.resolve(answer(payload)) : Promise.reject(new Error('operation has timed out'));
      },
    };
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  /** How often the client asked to connect again (socket.connect()). */
  connectCalls = 0;

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  /** Test side: pretend the server connected or pushed an event. */
  serverConnect(): void {
    this.connected = true;
    this.serverEmit('connect');
  }

  serverEmit(event: string, payload?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

export const createdSockets: FakeSocket[] = [];

export function io(options?: unknown): FakeSocket {
  const socket = new FakeSocket(options);
  createdSockets.push(socket);
  return socket;
}
