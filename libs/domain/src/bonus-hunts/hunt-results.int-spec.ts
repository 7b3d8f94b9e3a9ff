import type { CurrentHuntData, HuntPrediction } from '@kickback/contracts';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';

describe('honest hunts: predictions open from the start, live standings, completion rules, results (real PostgreSQL, Redis, api and worker)', () => {
  const stack = integrationStack({ worker: true, admin: true });

  const predict = (client: TestClient, huntId: number, endBalance: number) =>
    client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
      end_balance: endBalance,
      highest_multiplier: 10,
      highest_multiplier_game: 'Anything',
    });
  const current = async (): Promise<CurrentHuntData> => (await stack.api.client().json('GET', '/api/r/bonus-hunts/current')).body.data;
  const balances = (list: HuntPrediction[]) => list.map((p) => [p.rank, p.end_balance]);

  async function addSlot(huntId: number, name: string, bet: number): Promise<number> {
    const slot = await stack.admin.json('POST', '/api/admin/hunt-catalogue/slots', { name, provider_name: 'Pragmatic Play' });
    expect(slot.status).toBe(201);
    const added = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games`, { slot_id: slot.body.data.id, bet });
    expect(added.status).toBe(201);
    return added.body.data.games.at(-1).id as number;
  }

  it('a hunt started with open_predictions takes predictions at once; a wrong flag is a 422 and writes nothing', async () => {
    const bad = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100, open_predictions: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.open_predictions).toEqual(['open_predictions must be true or false.']);
    const none = await stack.em.fork().execute<{ n: string }[]>(`select count(*)::text as n from hunts`);
    expect(none[0]!.n).toBe('0');

    const created = await stack.admin.json('POST', '/api/admin/bonus-hunts', {
      name: 'Open Night',
      starting_balance: 1000,
      open_predictions: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Open Night', status: 'preparing', predictions_active: true });
    const huntId: number = created.body.data.id;

    // No slot yet: the projection is the start, so the guess nearest $1,000 leads (not the one nearest $0).
    const [low, near, high] = [await stack.member(), await stack.member(), await stack.member()];
    expect((await predict(low.client, huntId, 100)).status).toBe(200);
    expect((await predict(near.client, huntId, 1100)).status).toBe(200);
    expect((await predict(high.client, huntId, 5000)).status).toBe(200);
    const collecting = await current();
    expect(collecting.hunt).toMatchObject({ id: huntId, predictions_active: true });
    expect(collecting.statistics!.projected_end_balance).toBe(1000);
    expect(balances(collecting.top_predictions)).toEqual([
      [1, 1100],
      [2, 100],
      [3, 5000],
    ]);

    // Two $10 slots; the first pays $500 (50x): the hunt now heads for 500 + 10 × 50 = $1,000 … and then the
    // second is still unopened, so completing is refused and nothing changes.
    const first = await addSlot(huntId, 'Results A', 10);
    const second = await addSlot(huntId, 'Results B', 10);
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${first}`, { win: 500 });
    const opening = await current();
    expect(opening.statistics!.projected_end_balance).toBe(1000);
    expect(balances(opening.top_predictions)).toEqual([
      [1, 1100],
      [2, 100],
      [3, 5000],
    ]);
    const refused = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'Enter the win of every slot before completing the hunt (1 unopened).',
    });
    const still = await stack.em
      .fork()
      .execute<{ status: string; final_balance: string | null }[]>(
        'select status, final_balance::text as final_balance from hunts where id = ?',
        [huntId],
      );
    expect(still).toEqual([{ status: 'opening', final_balance: null }]);

    // A big second win moves the projection to $5,500 while running: the highest guess leads because it is nearest.
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${second}`, { win: 5000 });
    expect(balances((await current()).top_predictions)).toEqual([
      [1, 5000],
      [2, 1100],
      [3, 100],
    ]);
  });

  it('a completed hunt leaves its results (final balance, profit, best slot, top three with points) until the next hunt starts', async () => {
    const running = (await current()).hunt!;
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${running.id}/status`, { status: 'completed' });
    await waitFor(async () => (await current()).results?.scored === true, 10_000, 'the hunt scored');
    const done = await current();
    expect(done.hunt).toBeNull();
    expect(done.results).toMatchObject({
      hunt_id: running.id,
      name: 'Open Night',
      scored: true,
      starting_balance: 1000,
      final_balance: 5500,
      profit: 4500,
      best_slot: { slot_name: 'Results B', win: 5000, multiplier: 500 },
      predictions_count: 3,
    });
    expect(done.results!.top_predictions.map((p) => [p.rank, p.end_balance, p.points_awarded])).toEqual([
      [1, 5000, 1000],
      [2, 1100, 500],
      [3, 100, 250],
    ]);

    // Prize texts name the hunt, not "Bonus Hunt #id".
    const economy = stack.worker.get(EconomyService);
    expect(await economy.balanceOf(done.results!.top_predictions[0]!.user.id)).toBe(1000);
    const notes = await stack.em
      .fork()
      .execute<{ note: string }[]>(`select note from points_ledger where idempotency_key like ? order by note`, [
        `hunt-prize:${running.id}:%`,
      ]);
    expect(notes.map((n) => n.note)).toEqual(['Open Night: rank 1', 'Open Night: rank 2', 'Open Night: rank 3']);

    // The next hunt replaces the results.
    const next = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 200, open_predictions: false });
    expect(next.status).toBe(201);
    const after = await current();
    expect(after.results).toBeNull();
    expect(after.hunt).toMatchObject({ id: next.body.data.id, predictions_active: false });
  });
});
