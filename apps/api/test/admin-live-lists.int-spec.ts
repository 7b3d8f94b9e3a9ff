import { io, type Socket } from 'socket.io-client';
import type { AdminChangedPush, AdminRaffleTotalsPush } from '@kickback/contracts';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';

/** The admin's lists of live things follow the admin room: raffles, hunts and tournaments created or changed, entry counters. */
describe('admin live lists (real PostgreSQL + Redis, the worker relaying events)', () => {
  const sockets: Socket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  const stack = integrationStack({ worker: true, admin: true });

  /** A socket with the client's session, recording the admin room's pushes. */
  async function listen(client: TestClient) {
    const socket = io(stack.api.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookieHeader },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const changed: AdminChangedPush[] = [];
    const totals: AdminRaffleTotalsPush[] = [];
    socket.on('admin:changed', (push: AdminChangedPush) => changed.push(push));
    socket.on('admin:raffle-totals', (push: AdminRaffleTotalsPush) => totals.push(push));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('connect', () => resolve());
    });
    return { changed, totals };
  }

  it('pushes raffle, hunt and tournament changes and raffle entry counters to admins only', async () => {
    const watching = await listen(stack.admin);
    const member = await stack.api.signedIn();
    const bystander = await listen(member);

    const raffle = await stack.admin.json('POST', '/api/admin/raffles', {
      title: 'Friday $50',
      description: 'Live list',
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
    });
    expect(raffle.status).toBe(201);
    expect(raffle.body.message).toBe('Friday $50 created.');
    const raffleId = raffle.body.data.id as number;
    await waitFor(() => watching.changed.find((p) => p.section === 'raffles' && p.id === raffleId), 10_000, 'raffle created push');

    expect((await member.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    await waitFor(() => watching.totals.find((p) => p.raffle_id === raffleId), 10_000, 'raffle totals push');
    expect(watching.totals.filter((p) => p.raffle_id === raffleId).at(-1)).toEqual({
      raffle_id: raffleId,
      total_entries: 1,
      participants_count: 1,
    });

    const drawn = await stack.admin.json('POST', `/api/admin/raffles/${raffleId}/draw`);
    expect(drawn.body.message).toBe('1 winner drawn for Friday $50.');
    await waitFor(
      () => watching.changed.filter((p) => p.section === 'raffles' && p.id === raffleId).length >= 2,
      10_000,
      'raffle drawn push',
    );

    const hunt = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100, prize_points: [100] });
    expect(hunt.status).toBe(201);
    const huntId = hunt.body.data.id as number;
    await waitFor(() => watching.changed.find((p) => p.section === 'bonus-hunts' && p.id === huntId), 10_000, 'hunt created push');

    const tournament = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: 'Live Cup',
      size: 4,
      slots: ['A', 'B', 'C', 'D'].map((name) => ({ name: `Live ${name}` })),
      predictions_active: true,
    });
    expect(tournament.status).toBe(201);
    const tournamentId = tournament.body.data.id as number;
    await waitFor(
      () => watching.changed.find((p) => p.section === 'tournaments' && p.id === tournamentId),
      10_000,
      'tournament created push',
    );
    expect((await stack.admin.json('DELETE', `/api/admin/tournaments/${tournamentId}`)).status).toBe(200);
    await waitFor(
      () => watching.changed.filter((p) => p.section === 'tournaments' && p.id === tournamentId).length >= 2,
      10_000,
      'tournament deleted push',
    );

    // Members never hear the admin room.
    expect(bystander.changed).toEqual([]);
    expect(bystander.totals).toEqual([]);
  });
});
