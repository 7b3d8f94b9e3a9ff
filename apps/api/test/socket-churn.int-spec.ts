import type { Server } from 'socket.io';
import { RealtimeEmitter } from '@kickback/platform';
import { integrationStack, socketConnected, testSocket, waitFor, type TestClient } from '@kickback/testing';

/** How many times each client connects and leaves: enough that anything kept per connection would show as a count. */
const ROUNDS = 15;

/**
 * A night of phones reconnecting: every connection the api admits must leave nothing behind once it closes, or each
 * reconnect of each viewer adds to the pod's memory until it dies. Checked on the server's own structures (the
 * namespace's sockets, the adapter's rooms, the HTTP server's listeners) and on the per-socket session re-check timers.
 */
describe('sockets that connect and disconnect over and over (real PostgreSQL + Redis)', () => {
  let server: Server;
  let clients: (TestClient | null)[];
  afterAll(async () => {
    jest.restoreAllMocks();
  });

  const stack = integrationStack();

  beforeAll(async () => {
    // The gateway hands its server to the emitter (useLocalServer); the test reads it there rather than widen the api.
    server = (stack.api.app.get(RealtimeEmitter) as unknown as { local: Server }).local;
    clients = [null, await stack.api.signedIn(), await stack.api.signedIn({ role: 'Admin' })];
  });

  /** Connects as `client`, joins a public room, disconnects, and waits until the server has seen it go. */
  async function visit(client: TestClient | null): Promise<void> {
    const socket = await socketConnected(testSocket(stack.api.url, client));
    expect(await socket.timeout(10_000).emitWithAck('room:join', 'site')).toMatchObject({ room: 'site' });
    socket.close();
    await waitFor(() => server.of('/').sockets.size === 0, 10_000, 'the server to drop the socket');
  }

  const listenerCounts = () => {
    const http = stack.api.app.getHttpServer() as import('node:http').Server;
    return Object.fromEntries(http.eventNames().map((name) => [String(name), http.listenerCount(name)]));
  };

  it('leaves no socket, room, listener or timer behind, for visitors, members and admins alike', async () => {
    for (const client of clients) await visit(client);
    const listenersBefore = listenerCounts();
    const created = new Set<unknown>();
    const cleared = new Set<unknown>();
    const realSet = global.setInterval;
    const realClear = global.clearInterval;
    jest.spyOn(global, 'setInterval').mockImplementation(((...args: Parameters<typeof realSet>) => {
      const timer = realSet(...args);
      // Only the gateway's: the database pool, for one, starts its own reaping timer whenever it fills up again.
      if (new Error().stack?.includes('realtime.gateway')) created.add(timer);
      return timer;
    }) as typeof realSet);
    jest.spyOn(global, 'clearInterval').mockImplementation((timer) => {
      cleared.add(timer);
      realClear(timer);
    });

    for (let round = 0; round < ROUNDS; round++) for (const client of clients) await visit(client);

    jest.restoreAllMocks();
    const adapter = server.of('/').adapter;
    expect({
      sockets: server.of('/').sockets.size,
      engineClients: server.engine.clientsCount,
      rooms: adapter.rooms.size,
      socketRooms: adapter.sids.size,
    }).toEqual({ sockets: 0, engineClients: 0, rooms: 0, socketRooms: 0 });
    expect(listenerCounts()).toEqual(listenersBefore);
    // Each member and admin connection starts its session re-check; each must have been cleared when it closed.
    expect(created.size).toBe(ROUNDS * 2);
    expect([...created].filter((timer) => !cleared.has(timer)).length).toBe(0);
  });
});
