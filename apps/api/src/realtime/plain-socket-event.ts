import { Logger } from '@nestjs/common';
import type { Socket } from 'socket.io';

const PLAIN_SOCKET_EVENT = 'kickback:plain-socket-event';
const logger = new Logger('PlainSocketEvent');

type PlainHandler = (socket: Socket, message: unknown) => Promise<unknown>;

/**
 * Marks a gateway method as the handler of a client→server event that runs as a plain Socket.IO listener
 * (listenPlainSocketEvents) instead of through Nest's @SubscribeMessage, whose per-message rxjs pipeline is a
 * measurable share of a hot event's cost. The method gets the socket and the message and resolves to the
 * acknowledgement; it must answer every failure itself, as no Nest filter runs. The route inventory lists these
 * events with the @SubscribeMessage ones, so the authorization matrix covers them.
 */
export function PlainSocketEvent(event: string): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(PLAIN_SOCKET_EVENT, event, descriptor.value as object);
    return descriptor;
  };
}

export function plainSocketEventOf(method: unknown): string | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(PLAIN_SOCKET_EVENT, method) as string | undefined) : undefined;
}

type Listener = (this: Socket, message: unknown, ack?: unknown) => void;

/** Per gateway, its marked events and their listeners, made once: every socket shares them. */
const listenersByGateway = new WeakMap<object, [event: string, listener: Listener][]>();

/**
 * Called from the gateway's handleConnection: one listener per marked method, answering through the ack if any. The
 * listeners are the gateway's, not the socket's (Socket.IO calls a listener with the socket as `this`), so a socket
 * holds no function of its own for them.
 */
export function listenPlainSocketEvents(gateway: object, socket: Socket): void {
  let listeners = listenersByGateway.get(gateway);
  if (!listeners) listenersByGateway.set(gateway, (listeners = listenersOf(gateway)));
  for (const [event, listener] of listeners) socket.on(event, listener);
}

function listenersOf(gateway: object): [string, Listener][] {
  const prototype = Object.getPrototypeOf(gateway) as Record<string, unknown>;
  const listeners: [string, Listener][] = [];
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const event = plainSocketEventOf(prototype[name]);
    if (!event) continue;
    const handler = (prototype[name] as PlainHandler).bind(gateway);
    listeners.push([
      event,
      function (this: Socket, message: unknown, ack?: unknown) {
        handler(this, message).then(
          (answer) => {
            if (typeof ack === 'function') ack(answer);
          },
          // Handlers answer their own failures; one that still throws must not end the process (no Nest filter here).
          (err: unknown) => logger.error({ err, event }, 'socket event handler failed'),
        );
      },
    ]);
  }
  return listeners;
}
