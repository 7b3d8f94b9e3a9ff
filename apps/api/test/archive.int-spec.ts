import type { TournamentMatch } from '@kickback/contracts';
import { integrationStack, type TestClient, openRaffle } from '@kickback/testing';

/** Bulk archive: what is over leaves the public and admin lists; its page, verification and winners stay. */
describe('bulk archive (real PostgreSQL + Redis)', () => {
  let member: TestClient;

  const stack = integrationStack({ admin: true });

  beforeAll(async () => {
    member = await stack.api.signedIn();
  });

  const raffle = (title: string) => openRaffle(stack.admin, { title, description: 'Archive test' });
  const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);

  it('archives drawn and cancelled raffles, completed hunts and tournaments and sold-out items, nothing still running', async () => {
    const drawn = await raffle('Drawn giveaway');
    expect((await member.json('POST', `/api/r/raffles/${drawn}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${drawn}/draw`)).status).toBe(200);
    const cancelled = await raffle('Cancelled giveaway');
    expect((await stack.admin.json('POST', `/api/admin/raffles/${cancelled}/cancel`)).status).toBe(200);
    const open = await raffle('Open giveaway');

    const hunt = (await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100, prize_points: [] })).body.data
      .id as number;
    const slot = await stack.admin.json('POST', '/api/admin/hunt-catalogue/slots', {
      name: 'Archive Slot',
      provider_name: 'Pragmatic Play',
    });
    const game = await stack.admin.json('POST', `/api/admin/bonus-hunts/${hunt}/games`, { slot_id: slot.body.data.id, bet: 1 });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${hunt}/games/${game.body.data.games.at(-1).id}`, { win: 5 });
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${hunt}/status`, { status: 'completed' })).status).toBe(201);
    const running = (await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 200, prize_points: [] })).body.data
      .id as number;

    const cup = async (name: string, finish: boolean) => {
      const created = await stack.admin.json('POST', '/api/admin/tournaments', {
        name,
        size: 4,
        slots: ['A', 'B', 'C', 'D'].map((slot) => ({ name: `${name} ${slot}` })),
      });
      expect(created.status).toBe(201);
      const t = created.body.data as { id: number; matches: TournamentMatch[] };
      const match = (round: number, n: number) => t.matches.find((m) => m.round === round && m.match_number === n)!;
      const decide = async (m: TournamentMatch, winner: string) =>
        expect(
          (await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${m.id}/winner`, { winner_name: winner })).status,
        ).toBeLessThan(300);
      if (finish) {
        await decide(match(1, 1), `${name} A`);
        await decide(match(1, 2), `${name} C`);
        await decide(match(2, 1), `${name} A`);
      }
      return t.id;
    };
    const finished = await cup('Done Cup', true);
    const active = await cup('Live Cup', false);

    const item = async (name: string, quantity: number) =>
      (await stack.admin.json('POST', '/api/admin/store-items', { name, cost: 10, category: 'merch', quantity })).body.data.id as number;
    const soldOut = await item('Sold-out cap', 0);
    const inStock = await item('Hoodie', 5);

    expect((await member.json('POST', '/api/admin/archive', { kinds: ['raffles'] })).status).toBe(403);
    expect((await stack.admin.json('POST', '/api/admin/archive', { kinds: [] })).status).toBe(422);
    expect((await stack.admin.json('POST', '/api/admin/archive', { kinds: ['raffles', 'raffles'] })).status).toBe(422);
    expect((await stack.admin.json('POST', '/api/admin/archive', { kinds: ['everything'] })).status).toBe(422);

    const archived = await stack.admin.json('POST', '/api/admin/archive', { kinds: ['raffles', 'hunts', 'tournaments', 'store_items'] });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toEqual({ raffles: 2, hunts: 1, tournaments: 1, store_items: 1 });
    expect(archived.body.message).toBe(
      'Archived 2 ended raffles, 1 completed hunt, 1 finished tournament and 1 sold-out item. Their pages and winners stay.',
    );

    // Out of the public and admin lists; what still runs stays.
    const publicRaffles = ids((await member.json('GET', '/api/r/raffles')).body.data);
    expect(publicRaffles).toContain(open);
    expect(publicRaffles).not.toContain(drawn);
    const adminRaffles = ids((await stack.admin.json('GET', '/api/admin/raffles?page=1')).body.data);
    expect(adminRaffles).toEqual(expect.arrayContaining([open]));
    expect(adminRaffles).not.toEqual(expect.arrayContaining([drawn]));
    expect(adminRaffles).not.toEqual(expect.arrayContaining([cancelled]));
    expect(ids((await member.json('GET', '/api/r/bonus-hunts/history')).body.data)).not.toContain(hunt);
    expect(ids((await stack.admin.json('GET', '/api/admin/bonus-hunts?page=1')).body.data)).toEqual([running]);
    const tournaments = ids((await member.json('GET', '/api/r/tournaments')).body.data);
    expect(tournaments).toContain(active);
    expect(tournaments).not.toContain(finished);
    expect(ids((await stack.admin.json('GET', '/api/admin/tournaments')).body.data)).not.toContain(finished);
    const store = JSON.stringify((await member.json('GET', '/api/r/store')).body);
    expect(store).toContain('Hoodie');
    expect(store).not.toContain('Sold-out cap');
    expect(ids((await stack.admin.json('GET', '/api/admin/store-items')).body.data)).toEqual(expect.arrayContaining([inStock]));
    expect(ids((await stack.admin.json('GET', '/api/admin/store-items')).body.data)).not.toContain(soldOut);

    // Kept: the drawn raffle's page, its verification and its winner; the tournament's page.
    const page = await member.json('GET', `/api/r/raffles/${drawn}`);
    expect(page.status).toBe(200);
    expect(page.body.data.winners).toHaveLength(1);
    expect((await member.json('GET', `/api/r/raffles/${drawn}/verify`)).status).toBe(200);
    expect((await member.json('GET', `/api/r/tournaments/${finished}`)).status).toBe(200);

    // Audited per kind; a second run finds nothing over.
    const audit = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where action like '%archive' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['raffle.archive', 'hunt.archive', 'tournament.archive', 'store.items.archive']);
    const again = await stack.admin.json('POST', '/api/admin/archive', { kinds: ['raffles', 'hunts'] });
    expect(again.body.data).toEqual({ raffles: 0, hunts: 0, tournaments: 0, store_items: 0 });
    expect(again.body.message).toMatch(/^Nothing to archive/);

    // What was archived is listed for the admin, newest first, and each row can be listed again.
    expect((await member.json('GET', '/api/admin/archive')).status).toBe(403);
    const list = (await stack.admin.json<{ data: { kind: string; id: number; title: string }[] }>('GET', '/api/admin/archive')).body.data;
    expect(list.map(({ kind, id, title }) => ({ kind, id, title }))).toEqual(
      expect.arrayContaining([
        { kind: 'raffles', id: drawn, title: 'Drawn giveaway' },
        { kind: 'raffles', id: cancelled, title: 'Cancelled giveaway' },
        { kind: 'hunts', id: hunt, title: `Bonus Hunt #${hunt}` },
        { kind: 'tournaments', id: finished, title: 'Done Cup' },
        { kind: 'store_items', id: soldOut, title: 'Sold-out cap' },
      ]),
    );
    expect(list).toHaveLength(5);
    expect((await member.json('POST', '/api/admin/archive/restore', { kind: 'raffles', id: drawn })).status).toBe(403);
    expect((await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'everything', id: drawn })).status).toBe(422);
    expect((await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'raffles', id: 'x' })).status).toBe(422);

    const restored = await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'raffles', id: drawn });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Drawn giveaway is listed again.');
    expect(ids((await member.json('GET', '/api/r/raffles')).body.data)).toContain(drawn);
    expect(ids((await stack.admin.json('GET', '/api/admin/raffles?page=1')).body.data)).toContain(drawn);
    const twice = await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'raffles', id: drawn });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe('This raffle is not archived.');
    // A raffle that was never archived is refused the same way, and nothing changes.
    expect((await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'raffles', id: open })).status).toBe(404);

    expect((await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'hunts', id: hunt })).body.message).toBe(
      `Bonus Hunt #${hunt} is listed again.`,
    );
    expect(ids((await member.json('GET', '/api/r/bonus-hunts/history')).body.data)).toContain(hunt);
    expect((await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'tournaments', id: finished })).status).toBe(200);
    expect(ids((await member.json('GET', '/api/r/tournaments')).body.data)).toContain(finished);
    // The sold-out item comes back to the admin's list only: inactive until restocked and activated.
    expect((await stack.admin.json('POST', '/api/admin/archive/restore', { kind: 'store_items', id: soldOut })).status).toBe(200);
    expect(ids((await stack.admin.json('GET', '/api/admin/store-items')).body.data)).toContain(soldOut);
    expect(JSON.stringify((await member.json('GET', '/api/r/store')).body)).not.toContain('Sold-out cap');

    const left = (await stack.admin.json<{ data: { id: number }[] }>('GET', '/api/admin/archive')).body.data;
    expect(left.map((r) => r.id)).toEqual([cancelled]);
    const unarchived = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where action like '%unarchive' order by id`);
    expect(unarchived.map((a) => a.action)).toEqual(['raffle.unarchive', 'hunt.unarchive', 'tournament.unarchive', 'store.item.unarchive']);
  });
});
