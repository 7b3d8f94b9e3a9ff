import { Logger } from '@nestjs/common';
import { ThrowawayRedis, waitFor } from '@kickback/testing';
import { AppConfig } from '../config/app-config';
import { loadEnv } from '../config/load-env';
import { RedisConnections } from './redis.module';

const LOST = 'Redis connection lost; reconnecting';
const BACK = 'Redis connection back';

describe('RedisConnections (its own redis-server, stopped and started)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reports an outage once however often the connection retries, and once more when Redis is back', async () => {
    const redis = await ThrowawayRedis.start();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const connections = new RedisConnections(new AppConfig(loadEnv({ REDIS_URL: redis.url })));
    try {
      const client = connections.create('probe');
      await client.ping();
      let failures = 0;
      client.on('error', () => failures++);
      await redis.down();
      await waitFor(() => failures >= 3, 20_000, 'three connection errors');
      await redis.up();
      expect(await client.ping()).toBe('PONG');
      const said = (spy: jest.SpyInstance, message: string) => spy.mock.calls.filter(([, m]) => m === message);
      expect(said(warn, LOST)).toEqual([[expect.objectContaining({ connection: 'probe' }), LOST]]);
      expect(said(log, BACK)).toEqual([[{ connection: 'probe' }, BACK]]);
    } finally {
      await connections.onApplicationShutdown();
      await redis.destroy();
    }
  });
});
