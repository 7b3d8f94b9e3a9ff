import type { Logger } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { from, isObservable, of, type Observable } from 'rxjs';
import type { Socket } from 'socket.io';
import { listenForMessages, type Ack } from './message-listeners';

/** Nest's own transform of a handler's result (WebSocketsController.pickResult): a value, a promise or an observable. */
const transform = (result: unknown): Observable<unknown> =>
  isObservable(result) ? result : result instanceof Promise ? from(result) : of(result);
const adapter = new IoAdapter();
const payloadOf = (payload: unknown) => adapter.mapPayload(payload) as { data?: unknown; ack?: Ack };
const flush = () => new Promise((resolve) => setImmediate(resolve));

function harness(handle: (data: unknown, ack?: Ack) => unknown, isAckHandledManually = false) {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const emitted: unknown[][] = [];
  const received: unknown[] = [];
  const socket = {
    connected: true,
    on: (event: string, fn: (...args: unknown[]) => void) => listeners.set(event, [...(listeners.get(event) ?? []), fn]),
    emit: (...args: unknown[]) => emitted.push(args),
  };
  const handlers: MessageMappingProperties[] = [
    {
      message: 'x:ask',
      methodName: 'ask',
      isAckHandledManually,
      callback: ((data: unknown, ack?: Ack) => {
        received.push(data);
        return handle(data, ack);
      }) as MessageMappingProperties['callback'],
    },
  ];
  const logger = { error: jest.fn() } as unknown as Logger;
  listenForMessages(socket as unknown as Socket, handlers, transform, payloadOf, logger);
  const send = (...args: unknown[]) => listeners.get('x:ask')!.forEach((fn) => fn(...args));
  return { socket, listeners, emitted, received, send, logger };
}

describe('listenForMessages', () => {
  it('adds one plain listener per message and answers through the acknowledgement', async () => {
    const h = harness(async (data) => ({ echo: data }));
    const acks: unknown[] = [];
    h.send('site', (answer: unknown) => acks.push(answer));
    await flush();
    expect(h.listeners.get('x:ask')).toHaveLength(1);
    expect(h.received).toEqual(['site']);
    expect(acks).toEqual([{ echo: 'site' }]);
  });

  it('reads the arguments as Nest does: one alone as itself, several as an array', async () => {
    const h = harness(() => null);
    h.send(['a', 'b']);
    h.send('a', 'b');
    h.send('a', 'b', () => undefined);
    await flush();
    expect(h.received).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });

  it('emits an { event, data } answer, and answers nothing for null or a manual acknowledgement', async () => {
    const acks: unknown[] = [];
    const ack = (answer: unknown) => acks.push(answer);
    const asEvent = harness(() => ({ event: 'x:told', data: 1 }));
    asEvent.send('m', ack);
    harness(() => null).send('m', ack);
    harness(() => 'handled', true).send('m', ack);
    await flush();
    expect(asEvent.emitted).toEqual([['x:told', 1]]);
    expect(acks).toEqual([]);
  });

  it('answers every value of an observable, and nothing once the socket has disconnected', async () => {
    const acks: unknown[] = [];
    const h = harness(() => of(1, 2));
    h.send('m', (answer: unknown) => acks.push(answer));
    let resolve: (value: string) => void = () => undefined;
    const late = harness(() => new Promise<string>((r) => (resolve = r)));
    late.send('m', (answer: unknown) => acks.push(answer));
    late.socket.connected = false;
    resolve('too late');
    await flush();
    expect(acks).toEqual([1, 2]);
  });

  it('logs a failure that escaped Nest’s filters instead of throwing it', async () => {
    const h = harness(() => Promise.reject(new Error('boom')));
    h.send('m');
    await flush();
    expect(h.logger.error).toHaveBeenCalledWith(expect.objectContaining({ event: 'x:ask' }), 'socket message handler failed');
  });
});
