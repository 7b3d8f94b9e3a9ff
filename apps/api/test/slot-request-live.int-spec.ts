import type { Socket } from 'socket.io-client';
import {
  SLOT_REQUESTS_ROOM,
  type IssuedOverlayToken,
  type OverlayData,
  type SlotPublicDetail,
  type SlotRequestsPush,
} from '@kickback/contracts';
import { integrationStack, socketConnected, testSocket, waitFor } from '@kickback/testing';

type NextUp = Extract<OverlayData, { kind: 'next-up' }>;

/**
 * The slot-request queue live (docs/slots.md): the "next up" overlay and Go live hear each change through one coalesced
 * push carrying the queue's head, and a request played with its bet and win counts in the slot's figures (the worker).
 */
describe('slot requests live: next-up overlay, Go live pushes, played results in the figures (real PostgreSQL, Redis, worker)', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));
  const stack = integrationStack({ admin: true, worker: true });

  const slot = async (name: string) =>
    (await stack.admin.json('POST', '/api/admin/slots', { name, provider_name: 'Live Prov' })).body.data.id as number;
  const listen = (socket: Socket) => {
    const pushes: SlotRequestsPush[] = [];
    socket.on('slot-requests:changed', (push: SlotRequestsPush) => pushes.push(push));
    return pushes;
  };
  const names = (push: SlotRequestsPush | NextUp | undefined) => push?.next.map((e) => e.slot.name);

  it('overlay and Go live follow requests, merges and a played request; the result feeds the figures once', async () => {
    expect(
      (await stack.admin.json('PUT', '/api/admin/slot-requests/settings', { open: true, price: 0, cooldown_seconds: 0, open_limit: 5 }))
        .status,
    ).toBe(200);
    const { data: issued } = (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', '/api/admin/overlays/next-up/token')).body;
    expect(issued.url).toMatch(/\/overlay\/next-up\?token=/);
    const data = async () =>
      ((await (await fetch(`${stack.api.url}/overlay/next-up/data?token=${issued.token}`)).json()) as { data: NextUp }).data;
    expect(await data()).toEqual({ kind: 'next-up', next: [], total: 0 });

    const overlay = testSocket(stack.api.url, null, { overlay: 'next-up', token: issued.token });
    sockets.push(await socketConnected(overlay));
    const joined = await new Promise((resolve) => overlay.emit('room:join', SLOT_REQUESTS_ROOM, resolve));
    expect(joined).toMatchObject({ joined: true });
    const onOverlay = listen(overlay);
    const onGoLive = listen(await stack.socket(stack.admin));

    const [gates, sugar, dog, wanted] = await Promise.all(['Gates', 'Sugar', 'Dog House', 'Wanted'].map(slot));
    const [ann, bob, cat] = await Promise.all([stack.member(), stack.member(), stack.member()]);
    const ask = (m: typeof ann, slotId: number) => m.client.json('POST', '/api/r/slot-requests', { slot_id: slotId });
    for (const s of [gates, sugar, dog, wanted]) expect((await ask(ann, s)).status).toBe(201);
    // Two more requesters move Wanted to the top (a merge); the overlay shows the next three, the queue has four.
    expect((await ask(bob, wanted!)).status).toBe(201);
    expect((await ask(cat, wanted!)).status).toBe(201);

    // Bob's merge already puts Wanted first; the window after it carries Cat's.
    const settled = (pushes: SlotRequestsPush[]) =>
      waitFor(
        () => names(pushes.at(-1))?.join() === 'Wanted,Gates,Sugar' && pushes.at(-1)!.next[0]!.requesters_count === 3,
        10_000,
        'queue head',
      );
    await settled(onOverlay);
    await settled(onGoLive);
    expect(onOverlay.at(-1)).toMatchObject({
      total: 4,
      next: [{ place: 1, requesters_count: 3, requesters: [ann.username, bob.username, cat.username] }, {}, {}],
    });
    // How many pushes six requests make depends on how fast they come (one per 200 ms window, the first at once); the
    // window rule is proven on its own in push-coalescer.int-spec.ts, so here only what the screens end up showing counts.
    expect(names(await data())).toEqual(['Wanted', 'Gates', 'Sugar']);

    const wantedId = onOverlay.at(-1)!.next[0]!.id;
    const played = await stack.admin.json('POST', `/api/admin/slot-requests/${wantedId}/played`, { bet: 2.5, win: 100 });
    expect(played.body).toMatchObject({ success: true, message: 'Marked as played.' });
    await waitFor(() => names(onOverlay.at(-1))?.join() === 'Gates,Sugar,Dog House', 10_000, 'queue head after played');
    expect(onOverlay.at(-1)!.total).toBe(3);
    expect((await stack.admin.json('POST', `/api/admin/slot-requests/${wantedId}/skip`)).status).toBe(404);
    // Each requester's history carries the result.
    for (const m of [ann, bob, cat])
      expect(
        (await m.client.json('GET', '/api/r/slot-requests/mine')).body.data.find((r: { request_id: number }) => r.request_id === wantedId),
      ).toMatchObject({
        status: 'played',
        bet: 2.5,
        win: 100,
        refunded: false,
      });

    // The worker counts the played request in the slot's figures (no hunt): opened once, 2.50 bet, 100 won, 40×.
    const figures = async () =>
      (await stack.api.client().json<{ data: SlotPublicDetail }>('GET', `/api/r/slots/${wanted}`)).body.data.figures;
    await waitFor(async () => (await figures()).times_opened === 1, 15_000, 'figures from the played request');
    expect(await figures()).toMatchObject({
      times_opened: 1,
      total_bet: 2.5,
      total_won: 100,
      average_multiplier: 40,
      best_multiplier: 40,
      biggest_win: 100,
      biggest_win_hunt: null,
    });
    // A played request without a result is not an opening.
    const sugarId = onOverlay.at(-1)!.next[1]!.id;
    expect((await stack.admin.json('POST', `/api/admin/slot-requests/${sugarId}/played`, {})).status).toBe(200);
    await waitFor(
      async () => {
        const [row] = await stack.em
          .fork()
          .execute<{ n: number }[]>(`select count(*)::int as n from processed_events where consumer = 'slots.stats-request-played'`);
        return row!.n === 2;
      },
      15_000,
      'both played events handled',
    );
    const [sugarStats] = await stack.em
      .fork()
      .execute<{ times_opened: number }[]>('select times_opened from slot_stats where slot_id = ?', [sugar]);
    expect(sugarStats).toEqual({ times_opened: 0 });
    expect((await stack.admin.json('PUT', '/api/admin/overlays/next-up/settings', { hidden: ['requesters'] })).status).toBe(200);
  }, 60_000);

  it("a change of the rules reaches the queue's room: an open page sees the new price, and that requests closed", async () => {
    const viewer = testSocket(stack.api.url, null);
    sockets.push(await socketConnected(viewer));
    expect(await new Promise((resolve) => viewer.emit('room:join', SLOT_REQUESTS_ROOM, resolve))).toMatchObject({ joined: true });
    const pushes = listen(viewer);
    const rules = (changes: object) => stack.admin.json('PUT', '/api/admin/slot-requests/settings', changes);

    expect((await rules({ open: true, price: 75 })).status).toBe(200);
    await waitFor(() => pushes.at(-1)?.price === 75, 10_000, 'the new price');
    expect(pushes.at(-1)).toMatchObject({ open: true, price: 75 });
    expect((await rules({ open: false })).status).toBe(200);
    await waitFor(() => pushes.at(-1)?.open === false, 10_000, 'requests closed');
    expect(pushes.at(-1)).toMatchObject({ open: false, price: 75 });
  });
});
