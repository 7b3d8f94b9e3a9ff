import { EntityManager } from '@mikro-orm/postgresql';
import type { HuntGamePush, HuntUpdatedPush } from '@kickback/contracts';
import { integrationStack, waitFor, joinRoom } from '@kickback/testing';
import type { TestClient } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { HuntScoringService } from './hunt-scoring.service';

describe('bonus hunts (real PostgreSQL, Redis, api and worker)', () => {
  const stack = integrationStack({ worker: true, admin: true });

  const one = async <T>(sql: string, params: unknown[] = []) => (await stack.em.fork().execute<T[]>(sql, params))[0]!;

  /** Creates a hunt with the given slots (bets) through the admin API; returns ids. */
  async function buildHunt(start: number, bets: number[], prizePoints = [1000, 500, 250]) {
    const created = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: start, prize_points: prizePoints });
    expect(created.status).toBe(201);
    const huntId: number = created.body.data.id;
    const gameIds: number[] = [];
    for (const [i, bet] of bets.entries()) {
      const slot = await stack.admin.json('POST', '/api/admin/hunt-catalogue/slots', {
        name: `Slot ${huntId}-${i}`,
        provider_name: i % 2 ? 'Hacksaw Gaming' : 'Pragmatic Play',
      });
      expect(slot.status).toBe(201);
      const added = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games`, { slot_id: slot.body.data.id, bet });
      expect(added.status).toBe(201);
      gameIds.push(added.body.data.games.at(-1).id);
    }
    return { huntId, gameIds };
  }

  async function completeHunt(huntId: number) {
    const res = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' });
    expect(res.status).toBe(201);
  }

  it('only admins manage hunts; bad input is a 422 with field errors; one running hunt at a time', async () => {
    const m = await stack.member();
    expect((await m.client.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100 })).status).toBe(403);
    expect((await stack.api.client().json('GET', '/api/admin/bonus-hunts')).status).toBe(401);

    const bad = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: '12.345', prize_points: [10.5] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.starting_balance).toEqual(['The starting balance may have at most 2 decimals.']);
    expect(bad.body.errors['prize_points.0']).toBeDefined();

    const { huntId, gameIds } = await buildHunt(500, [1, 2, 3]);
    const second = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100 });
    expect(second.status).toBe(409);

    // Reorder: the last slot first; anything but a full permutation is refused.
    const reordered = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games/reorder`, {
      ids: [gameIds[2], gameIds[0], gameIds[1]],
    });
    expect(reordered.body.data.games.map((g: { id: number }) => g.id)).toEqual([gameIds[2], gameIds[0], gameIds[1]]);
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games/reorder`, { ids: [gameIds[0]] })).status).toBe(422);

    // The first win saved while collecting starts opening the hunt; removing renumbers the rest.
    const early = await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: 10 });
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ status: 'opening', predictions_active: false });
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' })).status).toBe(409);
    const removed = await stack.admin.json('DELETE', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`);
    expect(removed.body.data.games.map((g: { position: number }) => g.position)).toEqual([0, 1]);

    // Undoing the removal puts that removed row back at its place with its bet and win, once: six parallel undos of one
    // removal give one row and five 409s. The undo names the removed game; it cannot bring in a slot with a result.
    const slotId = (reordered.body.data.games as { id: number; slot_id: number }[]).find((g) => g.id === gameIds[0])!.slot_id;
    const restore = (body: Record<string, unknown>) => stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games/restore`, body);
    const forged = await restore({ slot_id: slotId, bet: '1.00', win: '10.00', position: 1 });
    expect(forged.status).toBe(422);
    expect(forged.body.errors.game_id).toBeDefined();
    expect((await restore({ game_id: gameIds[1] })).status).toBe(409);
    const undos = await Promise.all([0, 1, 2, 3, 4, 5].map(() => restore({ game_id: gameIds[0] })));
    expect(undos.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const restored = undos.find((r) => r.status === 201)!;
    const games = restored.body.data.games as {
      id: number;
      slot_id: number;
      position: number;
      slot_bet: number;
      slot_win: number | null;
    }[];
    expect(games.map((g) => [g.position, g.id])).toEqual([
      [0, gameIds[2]],
      [1, gameIds[0]],
      [2, gameIds[1]],
    ]);
    expect(games[1]).toMatchObject({ slot_id: slotId, slot_bet: 1, slot_win: 10 });
    expect(restored.body.data.statistics.winnings).toBe(10);
    expect((await restore({ game_id: gameIds[0] })).status).toBe(409);
    expect((await one<{ n: number }>('select count(*)::int as n from hunt_games where hunt_id = ?', [huntId])).n).toBe(3);

    // Completing needs every win entered.
    const incomplete = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' });
    expect(incomplete.status).toBe(422);
    for (const id of [gameIds[1], gameIds[2]]) await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${id}`, { win: 5 });
    await completeHunt(huntId);
    const late = await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[1]}`, { win: 50 });
    expect(late.status).toBe(409);
    const audits = await one<{ n: string }>(
      `select count(*)::text as n from audit_logs where entity in ('hunt', 'hunt_game') and (entity_id = ? or action like 'hunt.game.%')`,
      [String(huntId)],
    );
    expect(Number(audits.n)).toBeGreaterThanOrEqual(8);
  });

  it('predictions: login and open window required, parallel submits by one member give one row, updates while open', async () => {
    const { huntId } = await buildHunt(1000, [10, 20]);
    const m = await stack.member();
    const body = { end_balance: 850.5, highest_multiplier: 120.25, highest_multiplier_game: 'Slot A' };

    const anonymous = await stack.api.client().json('POST', `/api/r/bonus-hunts/${huntId}/predict`, body, { csrf: false });
    expect([401, 403]).toContain(anonymous.status);
    const anonWithCsrf = stack.api.client();
    await anonWithCsrf.refreshCsrf();
    const anon = await anonWithCsrf.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, body);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ success: false, message: 'Please log in to make predictions' });

    const closed = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, body);
    expect(closed.status).toBe(422);
    expect(closed.body).toEqual({ success: false, message: 'Predictions are not active for this hunt' });

    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });

    const invalid = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: '1.001',
      highest_multiplier: -2,
      highest_multiplier_game: ' ',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['end_balance', 'highest_multiplier', 'highest_multiplier_game']);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, { ...body, end_balance: 100 + i }),
      ),
    );
    expect(results.every((r) => r.status === 200 && r.body.success === true)).toBe(true);
    const rows = await stack.em
      .fork()
      .execute<{ end_balance: string }[]>(
        'select end_balance::text as end_balance from hunt_predictions where hunt_id = ? and user_id = ?',
        [huntId, m.id],
      );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.end_balance)).toBeGreaterThanOrEqual(100);
    expect(Number(rows[0]!.end_balance)).toBeLessThan(120);
    expect(results.filter((r) => r.body.message === 'Prediction submitted successfully!')).toHaveLength(1);

    const updated = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, { ...body, end_balance: '999.99' });
    expect(updated.body.message).toBe('Prediction updated successfully!');
    const current = await m.client.json('GET', '/api/r/bonus-hunts/current');
    expect(current.body.data.user_prediction).toMatchObject({
      end_balance: 999.99,
      highest_multiplier: 120.25,
      highest_multiplier_game: 'Slot A',
      user: { username: m.username },
    });

    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: false });
    const refused = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, { ...body, end_balance: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Predictions are not active for this hunt');
    const kept = await one<{ end_balance: string }>(
      'select end_balance::text as end_balance from hunt_predictions where hunt_id = ? and user_id = ?',
      [huntId, m.id],
    );
    expect(kept.end_balance).toBe('999.99');

    // Leave no running hunt behind for the next test.
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    const games = (await stack.admin.json('GET', `/api/admin/bonus-hunts/${huntId}`)).body.data.games as { id: number }[];
    for (const g of games) await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${g.id}`, { win: 0 });
    await completeHunt(huntId);
  });

  it('live: a win pushes hunt:game with the new multiplier, statistics and standings; opening/closing pushes hunt:updated', async () => {
    const { huntId, gameIds } = await buildHunt(100, [2, 4]);
    const socket = await stack.socket();
    const games: HuntGamePush[] = [];
    const updates: HuntUpdatedPush[] = [];
    socket.on('hunt:game', (p: HuntGamePush) => games.push(p));
    socket.on('hunt:updated', (p: HuntUpdatedPush) => updates.push(p));
    await joinRoom(socket, `hunt:${huntId}`);

    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    await waitFor(() => updates.find((u) => u.change === 'predictions' && u.predictions_active), 10_000, 'predictions opened push');
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    await waitFor(
      () => updates.find((u) => u.change === 'status' && u.status === 'opening' && !u.predictions_active),
      10_000,
      'opening push',
    );

    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: '50.50' });
    const push = await waitFor(() => games.find((g) => g.game.id === gameIds[0]), 10_000, 'hunt:game push');
    expect(push.game).toMatchObject({ slot_bet: 2, slot_win: 50.5, multiplier: 25.25, opened: true });
    expect(push.statistics).toMatchObject({
      starting_balance: 100,
      winnings: 50.5,
      average_multiplier: 25.25,
      break_even_multiplier: 12.38,
      biggest_win: 50.5,
    });
    expect(push.statistics.highest_multiplier_game).toEqual({ slot_name: push.game.slot_name, win: 50.5, multiplier: 25.25 });

    // The same numbers on a reload.
    const current = await stack.api.client().json('GET', '/api/r/bonus-hunts/current');
    expect(current.body.data.statistics).toEqual(push.statistics);
    expect(current.body.data.hunt).toMatchObject({
      id: huntId,
      predictions_active: false,
      predictions_count: 0,
      created_at_human: 'just now',
    });
    expect(current.body.data.games[0]).toEqual({
      id: gameIds[0],
      slot_name: push.game.slot_name,
      slot_image: null,
      provider: { name: 'Pragmatic Play' },
      slot_bet: 2,
      slot_win: 50.5,
      multiplier: 25.25,
      opened: true,
      position: 0,
    });
    expect(current.body.data.games[1]).toMatchObject({ slot_win: null, multiplier: null, opened: false });

    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[1]}`, { win: 0 });
    await completeHunt(huntId);
    await waitFor(() => updates.find((u) => u.change === 'scored' && u.status === 'completed'), 10_000, 'scored push');
  });

  it('viewers share one current answer: an admin change shows on the next read, a prediction once pushed, a member still sees their own', async () => {
    const { huntId, gameIds } = await buildHunt(100, [2]);
    const anonymous = stack.api.client();
    const read = async (client: TestClient) => (await client.json('GET', '/api/r/bonus-hunts/current')).body.data;
    expect((await read(anonymous)).hunt).toMatchObject({ id: huntId, predictions_active: false });

    // Read right after the admin's answer, before the worker has seen the event.
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    expect((await read(anonymous)).hunt.predictions_active).toBe(true);

    const m = await stack.member();
    const predicted = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: 150,
      highest_multiplier: 10,
      highest_multiplier_game: 'Slot A',
    });
    expect(predicted.status).toBe(200);
    const own = await read(m.client);
    expect(own.user_prediction).toMatchObject({ id: predicted.body.data.id, rank: 1, user: { username: m.username } });

    // Everyone else sees the prediction once it is pushed (coalesced, like the push itself).
    const shared = await waitFor(
      async () => {
        const data = await read(anonymous);
        return data.hunt.predictions_count === 1 && data;
      },
      10_000,
      'the prediction in the shared answer',
    );
    expect(shared.user_prediction).toBeNull();
    expect(shared.top_predictions.map((p: { id: number }) => p.id)).toEqual([predicted.body.data.id]);
    expect((await read(m.client)).top_predictions).toEqual(shared.top_predictions);

    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: 30 });
    expect((await read(anonymous)).games[0]).toMatchObject({ slot_win: 30, multiplier: 15, opened: true });
    await completeHunt(huntId);
    expect((await read(anonymous)).hunt).toBeNull();
  });

  it('a burst of predictions is pushed coalesced, and the last push carries the full count', async () => {
    const { huntId, gameIds } = await buildHunt(100, [1]);
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    const socket = await stack.socket();
    const pushes: HuntUpdatedPush[] = [];
    socket.on('hunt:updated', (p: HuntUpdatedPush) => p.change === 'prediction' && pushes.push(p));
    await joinRoom(socket, `hunt:${huntId}`);
    const members = await Promise.all(Array.from({ length: 30 }, () => stack.member()));
    const results = await Promise.all(
      members.map((m, i) =>
        m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
          end_balance: 50 + i,
          highest_multiplier: 2,
          highest_multiplier_game: 'Any',
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    await waitFor(() => pushes.at(-1)?.predictions_count === 30, 10_000, 'final prediction count push');
    expect(pushes.length).toBeLessThan(30);
    // Nothing opened yet: standings measure against the starting balance ($100), so the guesses closest below it lead.
    expect(pushes.at(-1)!.top_predictions!.map((p) => p.end_balance)).toEqual([79, 78, 77, 76, 75, 74, 73, 72, 71, 70]);

    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: 3 });
    await completeHunt(huntId);
  });

  it('scoring ranks by end balance, then game hit, then multiplier, then earlier submission, and pays each prize once even when run again', async () => {
    const { huntId, gameIds } = await buildHunt(1000, [10, 20], [700, 300]);
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    const slotName = (await stack.admin.json('GET', `/api/admin/bonus-hunts/${huntId}`)).body.data.games[0].slot_name as string;
    const [a, b, c, d] = [await stack.member(), await stack.member(), await stack.member(), await stack.member()];
    // Final balance will be 600 (500 + 100); slot 0 will be the highest multiplier (50x).
    await a.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: 650,
      highest_multiplier: 10,
      highest_multiplier_game: 'Nope',
    });
    await b.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: 550,
      highest_multiplier: 10,
      highest_multiplier_game: slotName.toUpperCase(),
    });
    await c.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: 550,
      highest_multiplier: 10,
      highest_multiplier_game: slotName,
    });
    await d.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: 2000,
      highest_multiplier: 50,
      highest_multiplier_game: slotName,
    });
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: 500 });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[1]}`, { win: 100 });
    await completeHunt(huntId);

    const economy = stack.worker.get(EconomyService);
    await waitFor(async () => (await economy.balanceOf(b.id)) === 700, 10_000, 'prize for rank 1');
    expect(await economy.balanceOf(c.id)).toBe(300);
    expect(await economy.balanceOf(a.id)).toBe(0);
    expect(await economy.balanceOf(d.id)).toBe(0);

    // Run scoring again, twice in parallel: nothing more is paid.
    const scoring = stack.worker.get(HuntScoringService);
    const workerEm = stack.worker.get(EntityManager);
    const again = await Promise.all([0, 1].map(() => workerEm.fork().transactional((tx) => scoring.score(tx, huntId))));
    expect(again.every((r) => r.scored && r.newlyPaid === 0)).toBe(true);
    expect(await economy.balanceOf(b.id)).toBe(700);
    expect(await economy.balanceOf(c.id)).toBe(300);
    const ledger = await one<{ n: string }>(`select count(*)::text as n from points_ledger where idempotency_key like ?`, [
      `hunt-prize:${huntId}:%`,
    ]);
    expect(Number(ledger.n)).toBe(2);

    const page = await stack.api.client().json('GET', `/api/r/bonus-hunts/${huntId}/predictions?page=1`);
    expect(page.body.pagination).toMatchObject({ current_page: 1, last_page: 1 });
    expect(page.body.data.map((p: { user: { id: number } }) => p.user.id)).toEqual([b.id, c.id, a.id, d.id]);
    expect(page.body.data[0]).toMatchObject({ rank: 1, points_awarded: 700, accuracy: { end_balance_difference: -50, game_hit: true } });
    expect(page.body.data[2].accuracy).toMatchObject({ end_balance_difference: 50, game_hit: false });
    const stored = await stack.em
      .fork()
      .execute<{ user_id: number; rank: number }[]>('select user_id, rank from hunt_predictions where hunt_id = ? order by rank', [huntId]);
    expect(stored.map((r) => r.user_id)).toEqual([b.id, c.id, a.id, d.id]);

    const search = await stack.api
      .client()
      .json('GET', `/api/r/bonus-hunts/${huntId}/predictions/search?username=${encodeURIComponent(c.username.toUpperCase())}`);
    expect(search.body).toMatchObject({ success: true, data: { rank: 2, user: { username: c.username } } });
    const missing = await stack.api.client().json('GET', `/api/r/bonus-hunts/${huntId}/predictions/search?username=nobody-here`);
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toBe('No prediction found for nobody-here');
    const blank = await stack.api.client().json('GET', `/api/r/bonus-hunts/${huntId}/predictions/search?username=%20`);
    expect(blank.status).toBe(422);
    expect(blank.body.errors.username).toEqual(['Please enter a username to search']);
  });

  it("stats and history summarise completed hunts; no running hunt gives no hunt and the last one's results", async () => {
    const current = await stack.api.client().json('GET', '/api/r/bonus-hunts/current');
    const newest = await one<{ id: number }>(`select max(id) as id from hunts where status = 'completed'`);
    expect(current.body).toMatchObject({
      success: true,
      data: { hunt: null, statistics: null, games: [], user_prediction: null, top_predictions: [], results: { hunt_id: newest.id } },
    });
    const stats = await stack.api.client().json('GET', '/api/r/bonus-hunts/stats');
    const counts = await one<{ hunts: string; predictions: string }>(
      'select (select count(*) from hunts)::text as hunts, (select count(*) from hunt_predictions)::text as predictions',
    );
    expect(stats.body.data).toEqual({
      total_hunts: Number(counts.hunts),
      completed_hunts: Number(counts.hunts),
      active_hunts: 0,
      total_predictions: Number(counts.predictions),
      average_predictions_per_hunt: Math.round((Number(counts.predictions) * 100) / Number(counts.hunts)) / 100,
    });
    const history = await stack.api.client().json('GET', '/api/r/bonus-hunts/history?page=1');
    expect(history.body.pagination).toMatchObject({ current_page: 1, last_page: 1 });
    expect(history.body.data.length).toBe(Number(counts.hunts));
    expect(history.body.data[0]).toMatchObject({
      status: 'completed',
      statistics: { starting_balance: 1000, winnings: 600, biggest_win: 500 },
    });
    expect(history.body.data[0].id).toBeGreaterThan(history.body.data[1].id);
    expect((await stack.api.client().json('GET', '/api/r/bonus-hunts/history?page=0')).status).toBe(422);
    expect((await stack.api.client().json('GET', '/api/r/bonus-hunts/999999/predictions')).status).toBe(404);
  });
});
