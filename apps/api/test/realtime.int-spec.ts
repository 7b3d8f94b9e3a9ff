import { EntityManager } from '@mikro-orm/postgresql';
import { io, type Socket } from 'socket.io-client';
import { ADMIN_ROOM, LIVE_ROOM, STAFF_ROOM, userRoom } from '@kickback/contracts';
import { RealtimeEmitter } from '@kickback/platform';
import { EconomyService } from '@kickback/domain';
import { integrationStack, createUser, type RunningApi } from '@kickback/testing';
import { once } from './support/socket-events';

function connect(url: string, headers: Record<string, string> = {}): Socket {
  return io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
}

describe('realtime across api instances (Redis adapter + emitter)', () => {
  let api1: RunningApi;
  let api2: RunningApi;
  const sockets: Socket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  const stack = integrationStack({ worker: true });

  beforeAll(async () => {
    api1 = stack.api;
    api2 = await stack.processes.api();
  });

  /** A client on each api instance, both in room site. */
  async function clientOnEachInstanceInSite(): Promise<[Socket, Socket]> {
    const a = connect(api1.url);
    const b = connect(api2.url);
    sockets.push(a, b);
    for (const s of [a, b]) {
      const joined = once<{ room: string }>(s, 'room:joined');
      s.emit('room:join', 'site');
      expect(await joined).toEqual({ room: 'site' });
    }
    return [a, b];
  }

  it('a push from the worker reaches clients on both api instances', async () => {
    const [a, b] = await clientOnEachInstanceInSite();
    const gotA = once<{ at: string }>(a, 'site:updated');
    const gotB = once<{ at: string }>(b, 'site:updated');
    stack.worker.get(RealtimeEmitter).toRoom('site', 'site:updated', { at: 'now' });
    expect(await gotA).toEqual({ at: 'now' });
    expect(await gotB).toEqual({ at: 'now' });
  });

  it("a push made inside an api reaches its own clients and the other instance's, each once", async () => {
    const [a, b] = await clientOnEachInstanceInSite();
    const got: Record<string, string[]> = { a: [], b: [] };
    a.on('site:updated', (p: { at: string }) => got.a.push(p.at));
    b.on('site:updated', (p: { at: string }) => got.b.push(p.at));
    api1.app.get(RealtimeEmitter).toRoom('site', 'site:updated', { at: 'from api #1' });
    const deadline = Date.now() + 5000;
    while ((!got.a.length || !got.b.length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // A second copy (the adapter hearing its own publish, or the emitter's path as well) would arrive within this.
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual({ a: ['from api #1'], b: ['from api #1'] });
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
    // The push carries the ledger row it wrote, so the open Points History takes it without a read.
    expect(await pushed).toMatchObject({ balance: 75, delta: 75, entry: { delta: 75, reason: 'test.grant', reference: null } });
  });

  it("admin feeds go per permission: staff hear ticket notices, moderators Go live's changes, only admins the redemption and contact feeds", async () => {
    const sockets: Record<string, Socket> = {};
    for (const role of ['staff', 'moderator', 'Admin', 'member'] as const) {
      const client = await api1.signedIn({ role });
      sockets[role] = connect(api1.url, { cookie: client.cookieHeader });
      await once(sockets[role]!, 'connect');
    }
    const heard: Record<string, string[]> = { staff: [], moderator: [], Admin: [], member: [] };
    for (const [role, socket] of Object.entries(sockets)) {
      socket.on('store:admin-redemption', () => heard[role]!.push('redemption'));
      socket.on('admin:changed', () => heard[role]!.push('live'));
      socket.on('user:notification', (n: { message: string }) => heard[role]!.push(n.message));
    }
    const emitter = stack.worker.get(RealtimeEmitter);
    emitter.toRoom(STAFF_ROOM, 'user:notification', { type: 'info', message: 'ticket' });
    emitter.toRoom(ADMIN_ROOM, 'store:admin-redemption', { id: 1, status: 'pending', item_name: 'x', username: 'y' });
    emitter.toRoom(ADMIN_ROOM, 'user:notification', { type: 'info', message: 'contact' });
    emitter.toRoom(LIVE_ROOM, 'admin:changed', { section: 'raffles', id: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toEqual({
      staff: ['ticket'],
      moderator: ['live'],
      Admin: ['ticket', 'redemption', 'contact', 'live'],
      member: [],
    });
    Object.values(sockets).forEach((s) => s.close());
  });

  it('a logout ends the sockets of that session at once, on every replica; other sessions keep theirs', async () => {
    const em = api1.app.get(EntityManager);
    const user = await createUser(em);
    const [tab, phone] = [api1.client(), api1.client()];
    await tab.loginAs(user.id);
    await phone.loginAs(user.id);
    const onOther = connect(api2.url, { cookie: tab.cookieHeader });
    const phoneSocket = connect(api1.url, { cookie: phone.cookieHeader });
    sockets.push(onOther, phoneSocket);
    await Promise.all([once(onOther, 'connect'), once(phoneSocket, 'connect')]);
    const ended = once<string>(onOther, 'disconnect');
    expect((await tab.request('POST', '/logout', { form: {} })).status).toBe(303);
    expect(await ended).toBe('io server disconnect');
    const stillThere = once<{ delta: number }>(phoneSocket, 'user:points');
    stack.worker.get(RealtimeEmitter).toRoom(userRoom(user.id), 'user:points', { balance: 1, delta: 1, reason: 'test' });
    expect(await stillThere).toMatchObject({ delta: 1 });
  });

  it('an open socket whose session expired or changed role is disconnected at the next re-check', async () => {
    const quick = await stack.processes.api({ SOCKET_SESSION_CHECK_SECONDS: 1 });
    const em = quick.app.get(EntityManager);
    const expiring = await quick.signedIn();
    const promoted = quick.client();
    const promotedId = (await createUser(em, { role: 'staff' })).id;
    await promoted.loginAs(promotedId);
    const a = connect(quick.url, { cookie: expiring.cookieHeader });
    const b = connect(quick.url, { cookie: promoted.cookieHeader });
    sockets.push(a, b);
    await Promise.all([once(a, 'connect'), once(b, 'connect')]);
    const sid = (cookie: string) => /kb\.sid=s:([^.;]+)/.exec(decodeURIComponent(cookie))![1]!;
    await stack.redis.del(`sess:${sid(expiring.cookieHeader)}`);
    // A role changed outside the admin API (no immediate disconnect): the re-check reads the account.
    await em.fork().execute(`update users set role = 'member' where id = ?`, [promotedId]);
    const ended = [once<string>(a, 'disconnect', 4000), once<string>(b, 'disconnect', 4000)];
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
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
