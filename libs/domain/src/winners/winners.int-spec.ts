import { EntityManager } from '@mikro-orm/postgresql';
import type { RecentWinner, TournamentMatch, WinnerSource, WinnersNewPush } from '@kickback/contracts';
import { integrationStack, waitFor, openRaffle, joinRoom } from '@kickback/testing';
import { HuntScoringService } from '../bonus-hunts/hunt-scoring.service';
import { LeaderboardRefreshService } from '../leaderboard/leaderboard-refresh.service';
import { RaffleDrawService } from '../raffles/raffle-draw.service';
import { TournamentPrizesService } from '../tournaments/tournament-prizes.service';

/**
 * Recent Winners for every prize: raffles, hunt and tournament predictions and leaderboard periods each
 * enter their winners in the ledger when they decide them, once, and open one payout each; the total given away counts
 * paid payouts only (libs/domain/src/payouts/payouts.int-spec.ts).
 */
describe('winners ledger and total given away (real PostgreSQL + Redis)', () => {
  const pushes: WinnersNewPush[] = [];
  const pushed = (id: number) => pushes.flatMap((p) => p.winners).find((w) => w.id === id);
  const ids = { raffle: 0, hunt: 0, tournament: 0, period: 0 };
  const users: Record<'raffle' | 'hunt' | 'tournament' | 'leaderboard', number> = { raffle: 0, hunt: 0, tournament: 0, leaderboard: 0 };
  const stack = integrationStack({ worker: true, admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    const socket = await stack.socket();
    await joinRoom(socket, 'winners');
    socket.on('winners:new', (p: WinnersNewPush) => pushes.push(p));
  });

  /** A member, with the crypto (casino) name they linked when given. */
  const member = async (extra: { crypto?: string } = {}) => {
    const signedIn = await stack.member();
    if (extra.crypto) await stack.em.fork().execute('update users set crypto = ? where id = ?', [extra.crypto, signedIn.id]);
    return signedIn;
  };
  const winners = (query = '') =>
    stack.api.client().json<{ data: RecentWinner[]; pagination: { total: number } }>('GET', `/api/r/winners${query}`);
  const totalGiven = async () => (await stack.api.client().json<{ total: number }>('GET', '/api/r/stats/total-given-away')).body.total;
  const payoutRows = async () =>
    (
      await stack.em
        .fork()
        .execute<{ waiting: number; usd: string }[]>(
          `select count(*)::int as waiting, sum(value_usd)::text as usd from payouts where status = 'waiting_approval'`,
        )
    )[0]!;
  const ledgerRows = async () =>
    Number((await stack.em.fork().execute<{ n: string }[]>('select count(*)::text as n from prize_winners'))[0]!.n);

  it('a raffle draw, a scored hunt, a completed tournament and an archived leaderboard period each list their winners', async () => {
    // Raffle: one entrant, $120 prize.
    ids.raffle = await openRaffle(stack.admin, {
      title: 'Headset raffle',
      description: 'Win a headset',
      prize_description: 'Headset',
      prize_value_usd: 120,
    });
    const r = await member();
    users.raffle = r.id;
    expect((await r.client.json('POST', `/api/r/raffles/${ids.raffle}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${ids.raffle}/draw`)).status).toBe(200);

    // Hunt: one prediction, first prize 400 points.
    const hunt = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100, prize_points: [400] });
    expect(hunt.status).toBe(201);
    ids.hunt = hunt.body.data.id;
    const slot = await stack.admin.json('POST', '/api/admin/hunt-catalogue/slots', {
      name: 'Ledger Slot',
      provider_name: 'Pragmatic Play',
    });
    const game = await stack.admin.json('POST', `/api/admin/bonus-hunts/${ids.hunt}/games`, { slot_id: slot.body.data.id, bet: 1 });
    const gameId: number = game.body.data.games.at(-1).id;
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${ids.hunt}/predictions`, { active: true });
    const h = await member();
    users.hunt = h.id;
    const predicted = await h.client.json('POST', `/api/r/bonus-hunts/${ids.hunt}/predict`, {
      end_balance: 50,
      highest_multiplier: 50,
      highest_multiplier_game: 'Ledger Slot',
    });
    expect(predicted.status).toBeLessThan(300);
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${ids.hunt}/status`, { status: 'opening' });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${ids.hunt}/games/${gameId}`, { win: 50 });
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${ids.hunt}/status`, { status: 'completed' })).status).toBe(201);

    // Tournament: one predictor picks both semi-finals and the final right; first prize 300 points.
    const created = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: 'Ledger Cup',
      size: 4,
      slots: [1, 2, 3, 4].map((i) => ({ name: `Ledger ${i}` })),
      predictions_active: true,
      prize_points: [300],
    });
    expect(created.status).toBe(201);
    const t = created.body.data as { id: number; matches: TournamentMatch[] };
    ids.tournament = t.id;
    const match = (round: number, n: number) => t.matches.find((m) => m.round === round && m.match_number === n)!;
    const p = await member();
    users.tournament = p.id;
    await p.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [
        { match_id: match(1, 1).id, winner_name: 'Ledger 1' },
        { match_id: match(1, 2).id, winner_name: 'Ledger 3' },
      ],
    });
    await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${match(1, 1).id}/winner`, { winner_name: 'Ledger 1' });
    await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${match(1, 2).id}/winner`, { winner_name: 'Ledger 3' });
    const decided = await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${match(2, 1).id}/winner`, {
      winner_name: 'Ledger 1',
    });
    expect(decided.status).toBeLessThan(300);

    // Leaderboard: a member linked the casino name of rank 1; rank 2 is nobody's; prizes 75 and 25.
    const l = await member({ crypto: 'LedgerWhale' });
    users.leaderboard = l.id;
    const platform = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Ledger Casino',
      slug: 'ledger-casino',
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
      prizes: [75, 25],
    });
    expect(platform.status).toBe(201);
    await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.body.data.id}/import`, {
      csv: 'ledgerwhale,900\nminnow,100\nshrimp,5\n',
    });
    const periods = (await stack.api.client().json('GET', '/api/r/leaderboard/ledger-casino/periods')).body.data.periods;
    ids.period = periods[0].id;
    // The worker's own scheduled refresh of the new platform may hold the lock for a moment.
    const refresh = await waitFor(async () => {
      const outcome = await stack.worker
        .get(LeaderboardRefreshService)
        .refresh(platform.body.data.id, 'schedule', new Date(periods[0].endTimestamp + 60_000));
      return outcome.status === 'busy' ? null : outcome;
    });
    expect(refresh.archived).toEqual([ids.period]);

    // Hunt scoring runs in the worker (hunt.completed); wait for its winner.
    await waitFor(async () => (await winners('?source=hunt')).body.data.length === 1, 20_000);
    const all = (await winners()).body.data;
    const bySource = (source: WinnerSource) => all.filter((w) => w.source === source);
    expect(bySource('raffle')).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: users.raffle }),
        position: 1,
        prize: 'Headset',
        prize_value_usd: 120,
        prize_points: null,
        subject: { id: ids.raffle, title: 'Headset raffle', path: `/raffles/${ids.raffle}` },
      }),
    ]);
    expect(bySource('hunt')).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: users.hunt }),
        position: 1,
        prize: '400 points',
        prize_points: 400,
        prize_value_usd: null,
        subject: { id: ids.hunt, title: `Bonus Hunt #${ids.hunt}`, path: '/bonus-hunts' },
      }),
    ]);
    expect(bySource('tournament')).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: users.tournament }),
        prize: '300 points',
        subject: { id: ids.tournament, title: 'Ledger Cup', path: `/tournaments/${ids.tournament}` },
      }),
    ]);
    const board = bySource('leaderboard').sort((a, b) => a.position - b.position);
    expect(board.map((w) => [w.position, w.user?.id ?? null, w.name, w.prize, w.prize_value_usd])).toEqual([
      [1, users.leaderboard, expect.any(String), '$75.00', 75],
      [2, null, 'mi****', '$25.00', 25],
    ]);
    expect(board[0]!.subject).toMatchObject({ id: ids.period, path: '/leaderboard' });
    // Newest first.
    const times = all.map((w) => Date.parse(w.won_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The 'winners' room was pushed every row, exactly as the list shows it, so the page adds it without a read.
    await waitFor(async () => all.every((w) => pushed(w.id)), 10_000);
    for (const w of all) expect(pushed(w.id)).toEqual(w);
    expect(new Set(pushes.flatMap((p) => p.winners.map((w) => w.source))).size).toBe(4);
  });

  it('filters by source, pages, and refuses an unknown source with a 422', async () => {
    for (const source of ['raffle', 'hunt', 'tournament', 'leaderboard'] as const) {
      const res = await winners(`?source=${source}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.every((w) => w.source === source)).toBe(true);
    }
    expect((await winners('?source=leaderboard')).body.pagination.total).toBe(2);
    expect((await winners('?page=2')).body.data).toEqual([]);
    const bad = await winners('?source=store');
    expect(bad.status).toBe(422);
    expect((bad.body as unknown as { errors: Record<string, string[]> }).errors.source).toBeDefined();
    expect((await winners('?source=raffle&extra=1')).status).toBe(422);
  });

  it('counts each prize once: paying again (retried jobs, a repeated rollover, parallel runs) adds no winner and no payout', async () => {
    // The $120 raffle and $75 + $25 leaderboard prizes wait for the streamer to pay them; points prizes are not money.
    expect(await totalGiven()).toBe(0);
    expect(await payoutRows()).toEqual({ waiting: 3, usd: '220.00' });
    const rows = await ledgerRows();
    const retries = stack.worker.get(EntityManager);
    await Promise.all([
      ...[1, 2, 3].map(() => retries.fork().transactional((tx) => stack.worker.get(HuntScoringService).score(tx, ids.hunt))),
      ...[1, 2, 3].map(() => retries.fork().transactional((tx) => stack.worker.get(TournamentPrizesService).award(tx, ids.tournament))),
      stack.worker.get(RaffleDrawService).drawIfDue(ids.raffle),
    ]);
    const platformId = (
      await stack.em.fork().execute<{ id: number }[]>(`select id from leaderboard_platforms where slug = 'ledger-casino'`)
    )[0]!.id;
    await stack.worker.get(LeaderboardRefreshService).refresh(platformId, 'schedule', new Date(Date.now() + 70 * 86_400_000));
    expect(await ledgerRows()).toBe(rows);
    expect(await payoutRows()).toEqual({ waiting: 3, usd: '220.00' });
    expect(await totalGiven()).toBe(0);
    const points = await stack.em
      .fork()
      .execute<{ n: string }[]>(`select count(*)::text as n from points_ledger where reason in ('hunt.prize', 'tournament.prize')`);
    expect(Number(points[0]!.n)).toBe(2);
  });

  it('a rerolled raffle winner leaves the list and the new one takes the place', async () => {
    const second = await member();
    const id = await openRaffle(stack.admin, { title: 'Reroll raffle', description: 'Two entrants', prize_value_usd: 0 });
    const first = await member();
    for (const m of [first, second]) await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`);
    const before = (await winners('?source=raffle')).body.data.filter((w) => w.subject.id === id);
    expect(before).toHaveLength(1);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position: 1 })).status).toBe(200);
    const after = (await winners('?source=raffle')).body.data.filter((w) => w.subject.id === id);
    expect(after).toHaveLength(1);
    expect(after[0]!.user!.id).not.toBe(before[0]!.user!.id);
    expect(after[0]!.prize).toBe('Reroll raffle');
    expect(after[0]!.prize_value_usd).toBe(0);
    // One push swaps the rows on open pages: the rerolled winner's id removed, the new row carried as listed.
    const swap = await waitFor(async () => pushes.find((p) => p.removed.some((r) => r.id === before[0]!.id)) ?? null, 10_000);
    expect(swap.removed).toEqual([{ id: before[0]!.id, source: 'raffle' }]);
    expect(swap.winners).toEqual([after[0]]);
  });
});
