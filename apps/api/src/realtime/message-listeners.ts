import type { Logger } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Socket } from 'socket.io';

export type Ack = (response: unknown) => void;

/**
 * What Nest's IoAdapter.bindMessageHandlers does for a gateway's @SubscribeMessage handlers, with one plain listener per
 * message on each socket instead of an rxjs pipeline per handler and socket (fromEvent, mergeMap, filter, map, takeUntil
 * and a shared disconnect stream: about fifty subscribers, closures and contexts a socket, more than the rest of a
 * socket; docs/performance.md "socket-scale"). The same contract: the message's arguments become the handler's data
 * and acknowledgement; each value the handler gives (a value, a promise or an observable) that is not null answers
 * through the acknowledgement, or as an event when it has the shape { event, data }; nothing answers a socket that has
 * disconnected meanwhile. `payloadOf` is the adapter's own reading of a message's arguments (IoAdapter.mapPayload).
 */
export function listenForMessages(
  socket: Socket,
  handlers: MessageMappingProperties[],
  transform: (result: unknown) => Observable<unknown>,
  payloadOf: (payload: unknown) => { data?: unknown; ack?: Ack },
  logger: Logger,
): void {
  for (const { message, callback, isAckHandledManually } of handlers)
    socket.on(message as string, (...args: unknown[]) => {
      // As rxjs's fromEvent hands Nest the arguments: one alone as itself, several as an array.
      const { data, ack } = payloadOf(args.length > 1 ? args : args[0]);
      transform(callback(data, ack)).subscribe({
        next: (response) => {
          if (response === null || response === undefined || !socket.connected) return;
          const asEvent = response as { event?: string; data?: unknown };
          if (asEvent.event) socket.emit(asEvent.event, asEvent.data);
          else if (!isAckHandledManually && ack) ack(response);
        },
        // Nest's exception filters answer a handler's failures; one that still escapes is logged, not thrown.
        error: (err: unknown) => logger.error({ err, event: message }, 'socket message handler failed'),
      });
    });
}
