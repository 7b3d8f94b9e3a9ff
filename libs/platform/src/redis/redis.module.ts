import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from './redis.token';
import { VersionedAnswerCache } from './versioned-answer-cache';

export { REDIS, InjectRedis } from './redis.token';

/** Creates Redis connections from REDIS_URL and closes every one of them at shutdown. */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly clients: Redis[] = [];
  private readonly logger = new Logger(RedisConnections.name);

  constructor(private readonly config: AppConfig) {}

  create(name: string): Redis {
    const client = new Redis(this.config.env.REDIS_URL, {
      connectionName: `kickback:${name}`,
      maxRetriesPerRequest: 3,
      enableReadyCheck: true,
      lazyConnect: false,
    });
    reportOutages(client, name, this.logger);
    this.clients.push(client);
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

/**
 * ioredis emits an error for every failed reconnect while Redis is down; without a listener the Socket.IO adapter's
 * connections print a console warning each time, outside the JSON log. One line per connection when it is lost, and
 * one when it is back, say the same.
 */
function reportOutages(client: Redis, name: string, logger: Logger): void {
  let lost = false;
  client.on('error', (err: Error) => {
    if (lost) return;
    lost = true;
    logger.warn({ err, connection: name }, 'Redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.log({ connection: name }, 'Redis connection back');
  });
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
