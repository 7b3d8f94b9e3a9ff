import type { SlotPublicDetail } from '@kickback/contracts';
import { integrationStack, waitFor } from '@kickback/testing';

/** Each slot's figures as the worker stored them, next to the same figures recomputed here from the hunts' rows. */
const STORED_AND_RECOMPUTED = `
  select st.times_opened, st.total_bet::text as total_bet, st.total_won::text as total_won,
    st.average_multiplier::text as average_multiplier, st.best_multiplier::text as best_multiplier,
    st.biggest_win::text as biggest_win, st.hunt_ids,
    r.times_opened as r_times_opened, r.total_bet::text as r_total_bet, r.total_won::text as r_total_won,
    r.average_multiplier::text as r_average_multiplier, r.best_multiplier::text as r_best_multiplier, r.biggest_win::text as r_biggest_win
  from slot_stats st cross join lateral (
    select count(*)::int as times_opened, coalesce(sum(g.bet), 0) as total_bet, coalesce(sum(g.win), 0) as total_won,
      round(sum(g.win) filter (where g.bet > 0) / nullif(sum(g.bet) filter (where g.bet > 0), 0), 2) as average_multiplier,
      max(round(g.win / nullif(g.bet, 0), 2)) as best_multiplier, max(g.win) as biggest_win
    from hunt_games g join hunts h on h.id = g.hunt_id
    where g.slot_id = st.slot_id and h.status = 'completed' and g.win is not null
  ) r
  where st.slot_id = ?`;

describe('per-slot figures from hunt events (real PostgreSQL, Redis, api and worker)', () => {
  const stack = integrationStack({ worker: true, admin: true });

  const tag = Math.random().toString(36).slice(2, 7);
  const slot = async (name: string) =>
    (await stack.admin.json('POST', '/api/admin/slots', { name: `${name} ${tag}`, provider_name: `Stats Prov ${tag}`, volatility: 'high' }))
      .body.data.id as number;
  const hunt = async () => (await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 1000 })).body.data.id as number;
  const add = async (huntId: number, slotId: number, bet: number) => {
    const added = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games`, { slot_id: slotId, bet });
    expect(added.status).toBe(201);
    return added.body.data.games.at(-1).id as number;
  };
  const win = async (huntId: number, gameId: number, amount: number) =>
    expect((await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameId}`, { win: amount })).status).toBe(200);
  const complete = async (huntId: number) =>
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' })).status).toBe(201);
  const figures = async (slotId: number) => (await stack.em.fork().execute<Record<string, unknown>[]>(STORED_AND_RECOMPUTED, [slotId]))[0];

  it('counts finished hunts only, follows a corrected result and a removed game, and matches a recomputation from the rows', async () => {
    const gates = await slot('Gates');
    const chaos = await slot('Chaos');

    const first = await hunt();
    await win(first, await add(first, gates, 10), 500);
    await win(first, await add(first, chaos, 5), 0);
    await complete(first);
    await waitFor(async () => (await figures(gates))?.times_opened === 1, 15_000, 'first hunt counted');
    expect(await figures(chaos)).toMatchObject({ times_opened: 1, total_won: '0.00', average_multiplier: '0.00', best_multiplier: '0.00' });

    // The second hunt: a result corrected (100 → 40), a bonus with no bet, and a game removed before the end.
    const second = await hunt();
    const corrected = await add(second, gates, 20);
    await win(second, corrected, 100);
    await win(second, await add(second, gates, 0), 30);
    const removed = await add(second, chaos, 50);
    await win(second, removed, 5000);
    // Still opening: a running hunt is in no slot's figures.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await figures(gates)).toMatchObject({ times_opened: 1, total_won: '500.00' });
    await win(second, corrected, 40);
    expect((await stack.admin.json('DELETE', `/api/admin/bonus-hunts/${second}/games/${removed}`)).status).toBe(200);
    await complete(second);

    const after = await waitFor(
      async () => {
        const row = await figures(gates);
        return row?.times_opened === 3 ? row : undefined;
      },
      15_000,
      'second hunt counted',
    );
    expect(after).toMatchObject({
      times_opened: 3,
      total_bet: '30.00',
      total_won: '570.00',
      // Bet-weighted over games with a bet: (500 + 40) ÷ (10 + 20).
      average_multiplier: '18.00',
      best_multiplier: '50.00',
      biggest_win: '500.00',
      hunt_ids: [first, second],
    });
    for (const key of ['times_opened', 'total_bet', 'total_won', 'average_multiplier', 'best_multiplier', 'biggest_win'])
      expect([key, after![key]]).toEqual([key, after![`r_${key}`]]);
    expect(await figures(chaos)).toMatchObject({ times_opened: 1, total_won: '0.00', hunt_ids: [first] });

    const page = await stack.api.client().json<{ data: SlotPublicDetail }>('GET', `/api/r/slots/${gates}`);
    expect(page.body.data).toMatchObject({
      name: `Gates ${tag}`,
      figures: {
        times_opened: 3,
        total_bet: 30,
        total_won: 570,
        average_multiplier: 18,
        best_multiplier: 50,
        biggest_win: 500,
        biggest_win_hunt: { id: first, name: `Bonus Hunt #${first}` },
        last_played_at: expect.any(String),
      },
    });
    expect(page.body.data.hunts.map((h) => [h.hunt.id, h.bet, h.win])).toEqual([
      [second, 20, 40],
      [second, 0, 30],
      [first, 10, 500],
    ]);

    const sorted = await stack.api.client().json('GET', `/api/r/slots?search=${tag}&sort=best_average`);
    expect(sorted.body.data.map((s: { id: number }) => s.id)).toEqual([gates, chaos]);
    const none = await stack.api.client().json('GET', `/api/r/slots?search=${tag}&volatility=low`);
    expect(none.body.data).toEqual([]);
    const bad = await stack.api.client().json('GET', '/api/r/slots?sort=loudest');
    expect(bad.status).toBe(422);
  }, 90_000);

  it('counts each finished tournament match as an opening with its multiplier, follows a correction and a deletion', async () => {
    const stored = async (slotId: number) =>
      (
        await stack.em.fork().execute<
          {
            times_opened: number;
            best_multiplier: string | null;
            total_bet: string;
            average_multiplier: string | null;
            tournament_ids: number[];
          }[]
        >('select times_opened, best_multiplier::text, total_bet::text, average_multiplier::text, tournament_ids from slot_stats where slot_id = ?', [slotId])
      )[0];
    const ace = await slot('Ace');
    const bolt = await slot('Bolt');
    // One name, two providers: a tournament's text cannot tell which, so neither counts it.
    const twin = `Twin ${tag}`;
    const twins = [
      (await stack.admin.json('POST', '/api/admin/slots', { name: twin, provider_name: `Twin A ${tag}` })).body.data.id as number,
      (await stack.admin.json('POST', '/api/admin/slots', { name: twin, provider_name: `Twin B ${tag}` })).body.data.id as number,
    ];
    const created = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: `Slot Cup ${tag}`,
      size: 4,
      slots: [
        { name: `Ace ${tag}`, multiplier: '50.00' },
        { name: `Bolt ${tag}`, multiplier: '20.00' },
        { name: `Outside ${tag}`, multiplier: '10.00' },
        { name: twin, multiplier: '5.00' },
      ],
    });
    expect(created.status).toBe(201);
    const t = created.body.data as { id: number; matches: { id: number; round: number; match_number: number }[] };
    const match = (round: number, n: number) => t.matches.find((m) => m.round === round && m.match_number === n)!.id;
    const win = async (matchId: number, name: string) =>
      expect(
        (await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${matchId}/winner`, { winner_name: name })).status,
      ).toBe(201);
    const final = (ace: string) =>
      stack.admin.json('PUT', `/api/admin/tournaments/${t.id}/matches/${match(2, 1)}`, {
        slot1_multiplier: ace,
        slot2_multiplier: '12.00',
      });
    await win(match(1, 1), `Ace ${tag}`);
    await win(match(1, 2), `Outside ${tag}`);
    expect((await final('120.00')).status).toBe(200);
    // Not finished yet: a running tournament is in no slot's figures.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await stored(ace))?.times_opened ?? 0).toBe(0);
    await win(match(2, 1), `Ace ${tag}`);

    await waitFor(async () => (await stored(ace))?.times_opened === 2, 15_000, 'tournament counted');
    // Two openings (round 1 and the final), no bet: the bet-weighted average and the totals stay as they were.
    expect(await stored(ace)).toMatchObject({
      best_multiplier: '120.00',
      total_bet: '0.00',
      average_multiplier: null,
      tournament_ids: [t.id],
    });
    expect(await stored(bolt)).toMatchObject({ times_opened: 1, best_multiplier: '20.00', tournament_ids: [t.id] });
    for (const id of twins) expect((await stored(id))?.times_opened ?? 0).toBe(0);

    expect((await final('80.00')).status).toBe(200);
    await waitFor(async () => (await stored(ace))?.best_multiplier === '80.00', 15_000, 'corrected multiplier counted');

    expect((await stack.admin.json('DELETE', `/api/admin/tournaments/${t.id}`)).status).toBe(200);
    await waitFor(async () => (await stored(ace))?.times_opened === 0, 15_000, 'deleted tournament uncounted');
    expect(await stored(bolt)).toMatchObject({ times_opened: 0, best_multiplier: null, tournament_ids: [] });
  }, 90_000);
});
