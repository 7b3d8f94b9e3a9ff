import { Injectable, Logger } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { ServerToClientEvents } from '@kickback/contracts';
import { RedisConnections } from '../redis/redis.module';
import { AppConfig } from '../config/app-config';
import { lossyPublish } from './lossy-publish';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** What a push needs of the api's own Socket.IO server (its Redis adapter forwards to the other replicas). */
export interface LocalRoomServer {
  to(room: string | string[]): { emit(event: string, payload: unknown): unknown };
}

/**
 * Pushes to Socket.IO rooms through Redis, so any process (api replica or worker) reaches
 * the clients of every api replica. In an api, pushes go through its own server instead: its sockets
 * get the frame at once, without the round trip through Redis and the decoding on the way back (a
 * live raffle's push reaches the viewers a hop sooner), and its adapter publishes the same push to the
 * other replicas.
 */
@Injectable()
export class RealtimeEmitter {
  private readonly emitter: Emitter<ServerToClientEvents>;
  private readonly logger = new Logger(RealtimeEmitter.name);
  private local: LocalRoomServer | null = null;

  constructor(connections: RedisConnections, config: AppConfig) {
    const publisher = { publish: lossyPublish(connections.create('emitter'), this.logger, 'realtime push lost (Redis unavailable)') };
    this.emitter = new Emitter<ServerToClientEvents>(publisher, { key: config.env.REALTIME_CHANNEL });
  }

  /** Called by the api's gateway once its server exists; a worker never has one. */
  useLocalServer(server: LocalRoomServer): void {
    this.local = server;
  }

  /** Ends the connections in `room` on every api replica (their clients reconnect with their current session). */
  disconnectRoom(room: string): void {
    this.emitter.in(room).disconnectSockets(true);
  }

  /** Several rooms in one call reach a socket that is in more than one of them once. */
  toRoom<E extends EventName>(room: string | string[], event: E, payload: Payload<E>): void {
    const target = this.local ?? (this.emitter as unknown as LocalRoomServer);
    target.to(room).emit(event, payload);
  }
}
