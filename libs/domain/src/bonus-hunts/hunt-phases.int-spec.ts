import { integrationStack } from '@kickback/testing';

describe('hunt phases: collecting → opening → finished (real PostgreSQL and api)', () => {
  const stack = integrationStack({ admin: true });

  const prediction = (endBalance: number) => ({ end_balance: endBalance, highest_multiplier: 50, highest_multiplier_game: 'Slot A' });

  /** A collecting hunt with open predictions and `slots` slots. */
  async function collectingHunt(slots: number, name?: string) {
    const created = await stack.admin.json('POST', '/api/admin/bonus-hunts', {
      starting_balance: 500,
      ...(name === undefined ? {} : { name }),
    });
    expect(created.status).toBe(201);
    const huntId: number = created.body.data.id;
    const gameIds: number[] = [];
    for (let i = 0; i < slots; i++) {
      const slot = await stack.admin.json('POST', '/api/admin/hunt-catalogue/slots', {
        name: `Phase ${huntId}-${i}`,
        provider_name: 'Pragmatic Play',
      });
      const added = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games`, { slot_id: slot.body.data.id, bet: 2 });
      gameIds.push(added.body.data.games.at(-1).id);
    }
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true })).status).toBe(201);
    return { huntId, gameIds, created: created.body.data as { name: string } };
  }

  async function finish(huntId: number, gameIds: number[]) {
    for (const id of gameIds) await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${id}`, { win: 1 });
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' })).status).toBe(201);
  }

  it('the first saved result closes predictions for good; a prediction after it gets a 422; hunts carry a name', async () => {
    const { huntId, gameIds, created } = await collectingHunt(2, 'Friday Night Hunt');
    expect(created.name).toBe('Friday Night Hunt');
    const m = await stack.member();
    expect((await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, prediction(400))).status).toBe(200);
    const collecting = await stack.api.client().json('GET', '/api/r/bonus-hunts/current');
    expect(collecting.body.data.hunt).toMatchObject({
      id: huntId,
      name: 'Friday Night Hunt',
      status: 'preparing',
      predictions_active: true,
    });

    const first = await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: 120 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'opening', predictions_active: false });

    const late = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, prediction(9000));
    expect(late.status).toBe(422);
    expect(late.body).toEqual({ success: false, message: 'Predictions are closed for this hunt: its bonuses are being opened.' });
    const kept = await stack.em
      .fork()
      .execute<{ end_balance: string }[]>(
        'select end_balance::text as end_balance from hunt_predictions where hunt_id = ? and user_id = ?',
        [huntId, m.id],
      );
    expect(kept).toEqual([{ end_balance: '400.00' }]);

    const reopen = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('Predictions cannot reopen once the bonuses are being opened.');
    const opening = await stack.api.client().json('GET', '/api/r/bonus-hunts/current');
    expect(opening.body.data.hunt).toMatchObject({ status: 'opening', predictions_active: false });

    // An empty name gives the hunt its default name back; the audit keeps the change.
    const renamed = await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}`, { name: '  ' });
    expect(renamed.body.data.name).toBe(`Bonus Hunt #${huntId}`);
    const tooLong = await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}`, { name: 'x'.repeat(81) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.name).toEqual(['The name may have at most 80 characters.']);

    await finish(huntId, gameIds.slice(1));
    const finished = await m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, prediction(1));
    expect(finished.status).toBe(422);
    const history = await stack.api.client().json('GET', '/api/r/bonus-hunts/history?page=1');
    expect(history.body.data[0]).toMatchObject({ id: huntId, name: `Bonus Hunt #${huntId}`, status: 'completed' });
  });

  it('a prediction racing the first result is either accepted before the result commits or refused, never after', async () => {
    const { huntId, gameIds } = await collectingHunt(2);
    // Watches every prediction at its commit: it fails the prediction if a result of its hunt was committed before.
    await stack.em.fork().execute(`
      create function test_prediction_before_result() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from hunt_games where hunt_id = new.hunt_id and win is not null) then
          raise exception 'prediction % committed after a result of hunt %', new.id, new.hunt_id;
        end if;
        return null;
      end $$;`);
    await stack.em.fork().execute(`
      create constraint trigger test_prediction_before_result after insert or update on hunt_predictions
      deferrable initially deferred for each row execute function test_prediction_before_result();`);
    try {
      const members = await Promise.all(Array.from({ length: 24 }, () => stack.member()));
      const half = members.length / 2;
      const send = (m: (typeof members)[number], i: number) =>
        m.client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, prediction(100 + i));
      const [early, win, late] = await Promise.all([
        Promise.all(members.slice(0, half).map(send)),
        stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameIds[0]}`, { win: 75 }),
        Promise.all(members.slice(half).map((m, i) => send(m, half + i))),
      ]);
      expect(win.status).toBe(200);
      const answers = [...early, ...late];
      // Each submit was accepted or refused with the SPEC envelope; none failed at commit (the trigger above).
      expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 422)).toEqual([]);
      for (const refused of answers.filter((a) => a.status === 422)) {
        expect(refused.body.message).toBe('Predictions are closed for this hunt: its bonuses are being opened.');
      }
      const rows = await stack.em.fork().execute<{ user_id: number }[]>('select user_id from hunt_predictions where hunt_id = ?', [huntId]);
      const accepted = members.filter((_, i) => answers[i]!.status === 200).map((m) => m.id);
      expect(rows.map((r) => r.user_id).sort()).toEqual(accepted.sort());

      // Once the result's answer is in, every submit is refused.
      const after = await Promise.all(members.slice(0, 6).map((m, i) => send(m, 900 + i)));
      expect(after.map((a) => a.status)).toEqual(Array(6).fill(422));
    } finally {
      await stack.em.fork().execute('drop trigger test_prediction_before_result on hunt_predictions');
      await stack.em.fork().execute('drop function test_prediction_before_result()');
    }
    await finish(huntId, gameIds.slice(1));
  });
});
