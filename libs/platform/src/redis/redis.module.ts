import { Global, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from './redis.token';
import { VersionedAnswerCache } from './versioned-answer-cache';

export { REDIS, InjectRedis } from './redis.token';

/** Creates Redis connections from REDIS_URL and closes every one of them at shutdown. */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly clients: Redis[] = [];

  constructor(private readonly config: AppConfig) {}

  create(name: string, options: { blocking?: boolean } = {}): Redis {
    const client = new Redis(this.config.env.REDIS_URL, {
      connectionName: `kickback:${name}`,
      // BullMQ's blocking connections must never give up a command.
      maxRetriesPerRequest: options.blocking ? null : 3,
      enableReadyCheck: true,
      lazyConnect: false,
    });
    this.clients.push(client);
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

@Global()
@Module({
  providers: [
    RedisConnections,
    VersionedAnswerCache,
    { provide: REDIS, inject: [RedisConnections], useFactory: (conns: RedisConnections) => conns.create('main') },
  ],
  exports: [RedisConnections, REDIS, VersionedAnswerCache],
})
export class RedisModule {}
