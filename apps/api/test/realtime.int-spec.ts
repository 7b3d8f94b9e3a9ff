import type { INestApplicationContext } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { io, type Socket } from 'socket.io-client';
import { RealtimeEmitter } from '@kickback/platform';
import { EconomyService } from '@kickback/domain';
import { createTestStack, createUser, type RunningApi, type TestStack } from '@kickback/testing';

function connect(url: string, headers: Record<string, string> = {}): Socket {
  return io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
}

function once<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('realtime across api instances (Redis adapter + emitter)', () => {
  let stack: TestStack;
  let api1: RunningApi;
  let api2: RunningApi;
  let worker: INestApplicationContext;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await createTestStack();
    api1 = await stack.api();
    api2 = await stack.api();
    worker = await stack.worker();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await stack.close();
  });

  it('a push from the worker reaches clients on both api instances', async () => {
    const a = connect(api1.url);
    const b = connect(api2.url);
    sockets.push(a, b);
    for (const s of [a, b]) {
      const joined = once<{ room: string }>(s, 'room:joined');
      s.emit('room:join', 'site');
      expect(await joined).toEqual({ room: 'site' });
    }
    const gotA = once<{ at: string }>(a, 'site:updated');
    const gotB = once<{ at: string }>(b, 'site:updated');
    worker.get(RealtimeEmitter).toRoom('site', 'site:updated', { at: 'now' });
    expect(await gotA).toEqual({ at: 'now' });
    expect(await gotB).toEqual({ at: 'now' });
  });

  it('a member session opened on api #1 gets its balance pushes on a socket to api #2', async () => {
    const em = api1.app.get(EntityManager);
    const user = await createUser(em);
    const client = api1.client();
    await client.loginAs(user.id);
    const socket = connect(api2.url, { cookie: client.cookieHeader });
    sockets.push(socket);
    await once(socket, 'connect');
    const pushed = once<{ balance: number; delta: number }>(socket, 'user:points', 10_000);
    await em
      .fork()
      .transactional((tx) =>
        api1.app.get(EconomyService).credit(tx, { userId: user.id, amount: 75, reason: 'test.grant', idempotencyKey: `rt-${user.id}` }),
      );
    expect(await pushed).toMatchObject({ balance: 75, delta: 75 });
  });

  it('refuses unknown rooms and sockets from foreign origins', async () => {
    const s = connect(api1.url);
    sockets.push(s);
    const err = once<{ room: string; message: string }>(s, 'room:error');
    s.emit('room:join', 'user:1');
    expect(await err).toEqual({ room: 'user:1', message: 'Unknown room.' });

    const foreign = connect(api1.url, { origin: 'https://evil.example' });
    sockets.push(foreign);
    await expect(once(foreign, 'connect', 2000)).rejects.toThrow();
  });
});
