import { Injectable, Logger } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { ServerToClientEvents } from '@kickback/contracts';
import { RedisConnections } from '../redis/redis.module';
import { AppConfig } from '../config/app-config';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Pushes to Socket.IO rooms through Redis, so any process (api replica or worker) reaches
 * the clients of every api replica.
 */
@Injectable()
export class RealtimeEmitter {
  private readonly emitter: Emitter<ServerToClientEvents>;
  private readonly logger = new Logger(RealtimeEmitter.name);

  constructor(connections: RedisConnections, config: AppConfig) {
    const client = connections.create('emitter');
    // The emitter publishes without awaiting: while Redis is down each push would be an unhandled rejection,
    // which ends a Node process. A lost push is not the caller's failure: the next one carries the current state.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        client.publish(channel, message).catch((err: unknown) => {
          this.logger.warn({ err }, 'realtime push lost (Redis unavailable)');
          return 0;
        }),
    };
    this.emitter = new Emitter<ServerToClientEvents>(publisher, { key: config.env.REALTIME_CHANNEL });
  }

  /** Ends the connections in `room` on every api replica (their clients reconnect with their current session). */
  disconnectRoom(room: string): void {
    this.emitter.in(room).disconnectSockets(true);
  }

  /** Several rooms in one call reach a socket that is in more than one of them once. */
  toRoom<E extends EventName>(room: string | string[], event: E, payload: Payload<E>): void {
    (this.emitter.to(room) as unknown as { emit: (e: string, p: unknown) => void }).emit(event, payload);
  }
}
