import { EntityManager } from '@mikro-orm/postgresql';
import type { Socket } from 'socket.io-client';
import type { FeaturedChangedPush, IssuedOverlayToken, OverlayData } from '@kickback/contracts';
import {
  createTestStack,
  socketConnected,
  testSocket,
  waitFor,
  type RunningApi,
  type TestClient,
  type TestStack,
  openRaffle,
} from '@kickback/testing';

/** The raffle on stream: chosen by the admin (else the newest taking entries); the overlay and Go live's draw follow it. */
describe('featured raffle (real PostgreSQL + Redis)', () => {
  let stack: TestStack;
  let api: RunningApi;
  let em: EntityManager;
  let admin: TestClient;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await createTestStack();
    api = await stack.api();
    em = api.app.get(EntityManager);
    admin = await api.signedIn({ role: 'Admin' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await stack.close();
  });

  const createRaffle = (title: string) => openRaffle(admin, { title, description: 'On stream or not' });
  const overlayRaffle = async (token: string) => {
    const res = await fetch(`${api.url}/overlay/raffle/data?token=${token}`);
    return ((await res.json()) as { data: Extract<OverlayData, { kind: 'raffle' }> }).data.raffle?.id ?? null;
  };

  it('defaults to the newest open raffle; the admin puts another on stream and the overlay is told at once', async () => {
    const older = await createRaffle('Older giveaway');
    const newer = await createRaffle('Newer giveaway');
    expect((await admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: newer });
    const { data: issued } = (await admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/raffle/token')).body;
    expect(await overlayRaffle(issued.token)).toBe(newer);

    const socket = testSocket(api.url, null, { overlay: 'raffle', token: issued.token });
    sockets.push(await socketConnected(socket));
    const pushes: FeaturedChangedPush[] = [];
    socket.on('overlay:featured', (push: FeaturedChangedPush) => pushes.push(push));

    const member = await api.signedIn();
    expect((await member.json('PUT', '/api/admin/featured/raffle', { id: older })).status).toBe(403);

    const chosen = await admin.json('PUT', '/api/admin/featured/raffle', { id: older });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ raffle: older });
    await waitFor(() => pushes.find((p) => p.id === older), 10_000, 'overlay:featured push');
    expect(pushes).toEqual([{ kind: 'raffle', id: older }]);
    expect((await admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: older });
    expect(await overlayRaffle(issued.token)).toBe(older);
    const [audit] = await em.fork().execute<{ entity_id: string }[]>(`select entity_id from audit_logs where action = 'featured.raffle'`);
    expect(audit).toEqual({ entity_id: String(older) });

    // A drawn or cancelled raffle gives way to the newest raffle taking entries.
    const entrant = await api.signedIn();
    expect((await entrant.json('POST', `/api/r/raffles/${older}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await admin.json('POST', `/api/admin/raffles/${older}/draw`)).status).toBe(200);
    expect((await admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: newer });
    const third = await createRaffle('Third giveaway');
    expect((await admin.json('PUT', '/api/admin/featured/raffle', { id: third })).status).toBe(200);
    expect((await admin.json('POST', `/api/admin/raffles/${third}/cancel`)).status).toBe(200);
    expect((await admin.json('GET', '/api/admin/featured')).body.data).toMatchObject({ raffle: newer });

    const cancelled = await admin.json('PUT', '/api/admin/featured/raffle', { id: third });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.errors.id).toEqual(['Only a raffle that is neither drawn nor cancelled can go on stream.']);
    expect((await admin.json('PUT', '/api/admin/featured/raffle', { id: older })).status).toBe(422);
    expect((await admin.json('PUT', '/api/admin/featured/raffle', { id: 'x' })).status).toBe(422);
  });
});
