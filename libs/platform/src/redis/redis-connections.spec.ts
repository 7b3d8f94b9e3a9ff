import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import { AppConfig } from '../config/app-config';
import { loadEnv } from '../config/load-env';
import { RedisConnections } from './redis.module';

/** A port nothing listens on: every connect attempt fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('RedisConnections', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reports a connection that cannot reach Redis once, however often it retries', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const connections = new RedisConnections(new AppConfig(loadEnv({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}/0` })));
    const client = connections.create('probe');
    let attempts = 0;
    client.on('error', () => attempts++);
    while (attempts < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    await connections.onApplicationShutdown();
    expect(warn.mock.calls.filter(([, message]) => message === 'Redis connection lost; reconnecting')).toEqual([
      [expect.objectContaining({ connection: 'probe' }), 'Redis connection lost; reconnecting'],
    ]);
  });
});
