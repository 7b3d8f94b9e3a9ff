import type { TournamentMatch, TournamentMatchPush, TournamentUpdatedPush } from '@kickback/contracts';
import { integrationStack, waitFor, type TestClient, joinRoom } from '@kickback/testing';
import { TournamentPrizesService } from './tournament-prizes.service';

describe('tournaments (real PostgreSQL, Redis, api and worker)', () => {
  const stack = integrationStack({ worker: true, admin: true });

  const rows = <T>(sql: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(sql, params);
  let counter = 0;

  async function createTournament(size: number, opts: { predictions_active?: boolean; prize_points?: number[] } = {}) {
    counter += 1;
    const slots = Array.from({ length: size }, (_, i) => ({ name: `Slot ${counter}-${i + 1}`, multiplier: i === 0 ? '12.5' : undefined }));
    const res = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: `Cup ${counter}`,
      size,
      slots,
      predictions_active: true,
      ...opts,
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; matches: TournamentMatch[] };
  }
  const match = (t: { matches: TournamentMatch[] }, round: number, n: number) =>
    t.matches.find((m) => m.round === round && m.match_number === n)!;
  const win = (id: number, matchId: number, winner_name: string) =>
    stack.admin.json('POST', `/api/admin/tournaments/${id}/matches/${matchId}/winner`, { winner_name });

  it('creating a size-8 tournament builds the empty bracket: 7 matches in 3 rounds; admins only; bad input is a 422', async () => {
    const t = await createTournament(8);
    expect(t.matches).toHaveLength(7);
    expect([1, 2, 3].map((r) => t.matches.filter((m) => m.round === r).length)).toEqual([4, 2, 1]);
    expect(match(t, 1, 1)).toMatchObject({
      slot1_name: `Slot ${counter}-1`,
      slot2_name: `Slot ${counter}-2`,
      slot1_multiplier: 12.5,
      slot2_multiplier: null,
    });
    expect(match(t, 2, 1)).toMatchObject({ slot1_name: null, slot2_name: null, winner_name: null });

    const m = await stack.member();
    expect((await m.client.json('POST', '/api/admin/tournaments', { name: 'x', size: 4, slots: [] })).status).toBe(403);
    const bad = await stack.admin.json('POST', '/api/admin/tournaments', { name: 'Bad', size: 6, slots: [] });
    expect(bad.status).toBe(422);
    const dup = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: 'Dup',
      size: 4,
      slots: [{ name: 'A' }, { name: 'a' }, { name: 'B' }, { name: 'C' }],
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors['slots.1.name']).toEqual(['Each slot may appear only once.']);

    const list = await stack.api.client().json('GET', '/api/r/tournaments');
    const item = list.body.data.find((x: { id: number }) => x.id === t.id);
    expect(item).toMatchObject({
      size: 8,
      matches_count: 7,
      predictions_count: 0,
      progress: 0,
      winner: null,
      is_active: true,
      predictions_active: true,
    });
    const [audit] = await rows<{ n: number }>(
      `select count(*)::int as n from audit_logs where action = 'tournament.create' and entity_id = ?`,
      [String(t.id)],
    );
    expect(audit!.n).toBe(1);
  });

  it('a winner fills its slot of the next-round match (odd matches slot 1, even slot 2) and pushes tournament:match', async () => {
    const t = await createTournament(8);
    const socket = await stack.socket();
    const pushes: TournamentMatchPush[] = [];
    socket.on('tournament:match', (p) => pushes.push(p));
    await joinRoom(socket, `tournament:${t.id}`);

    const m2 = match(t, 1, 2);
    const wrong = await win(t.id, m2.id, 'Nobody');
    expect(wrong.status).toBe(422);
    const tbd = await win(t.id, match(t, 2, 1).id, 'Anything');
    expect(tbd.status).toBe(409);

    expect((await win(t.id, m2.id, m2.slot2_name!)).status).toBe(201);
    const after = (await stack.admin.json('GET', `/api/admin/tournaments/${t.id}`)).body.data;
    expect(match(after, 2, 1)).toMatchObject({ slot1_name: null, slot2_name: m2.slot2_name });
    const m1 = match(t, 1, 1);
    await win(t.id, m1.id, m1.slot1_name!);
    const again = (await stack.admin.json('GET', `/api/admin/tournaments/${t.id}`)).body.data;
    expect(match(again, 2, 1)).toMatchObject({ slot1_name: m1.slot1_name, slot2_name: m2.slot2_name });
    expect(again.progress).toBe(29);

    // A correction is allowed while the next match is undecided and moves the new winner up.
    expect((await win(t.id, m1.id, m1.slot2_name!)).status).toBe(201);
    const corrected = (await stack.admin.json('GET', `/api/admin/tournaments/${t.id}`)).body.data;
    expect(match(corrected, 2, 1).slot1_name).toBe(m1.slot2_name);
    await win(t.id, match(t, 2, 1).id, m2.slot2_name!);
    expect((await win(t.id, m1.id, m1.slot1_name!)).status).toBe(409);

    await waitFor(() => pushes.some((p) => p.matches.some((m) => m.id === match(t, 2, 1).id && m.winner_name === m2.slot2_name)));
  });

  it('undoing a winner empties its next-round slot (with its multiplier) until that match or the final is decided', async () => {
    const t = await createTournament(4);
    const [m1, m2] = [match(t, 1, 1), match(t, 1, 2)];
    const final = match(t, 2, 1);
    const undo = (matchId: number) => stack.admin.json('DELETE', `/api/admin/tournaments/${t.id}/matches/${matchId}/winner`);
    const m = await stack.member();
    expect((await m.client.json('DELETE', `/api/admin/tournaments/${t.id}/matches/${m1.id}/winner`)).status).toBe(403);
    expect((await undo(m1.id)).status).toBe(409);

    await win(t.id, m1.id, m1.slot1_name!);
    await win(t.id, m2.id, m2.slot2_name!);
    await stack.admin.json('PUT', `/api/admin/tournaments/${t.id}/matches/${final.id}`, { slot1_multiplier: '3.5' });
    const undone = await undo(m1.id);
    expect(undone.status).toBe(200);
    expect(match(undone.body.data, 1, 1)).toMatchObject({ winner_name: null });
    expect(match(undone.body.data, 2, 1)).toMatchObject({
      slot1_name: null,
      slot1_multiplier: null,
      slot2_name: m2.slot2_name,
      winner_name: null,
    });
    const [audit] = await rows<{ before: { winner_name: string } }>(
      `select before from audit_logs where action = 'tournament.match.winner.undo' and entity_id = ? order by id desc limit 1`,
      [String(t.id)],
    );
    expect(audit!.before.winner_name).toBe(m1.slot1_name);

    // Decided again, then the final: neither round 1 nor the paid final can be undone any more.
    await win(t.id, m1.id, m1.slot2_name!);
    expect((await win(t.id, final.id, m1.slot2_name!)).status).toBe(201);
    expect((await undo(m1.id)).body.message).toBe('The next-round match is already decided; undo that winner first.');
    const paid = await undo(final.id);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('The final is decided and its prizes are paid; it cannot be undone.');
  });

  it('validates each pick and refuses anonymous, closed and empty submissions with the SPEC messages', async () => {
    const t = await createTournament(4);
    const other = await createTournament(4);
    const m = await stack.member();
    const r1 = match(t, 1, 1);
    const r2 = match(t, 1, 2);
    await win(t.id, r2.id, r2.slot1_name!);

    const visitor = stack.api.client();
    await visitor.refreshCsrf();
    const anon = await visitor.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [{ match_id: r1.id, winner_name: r1.slot1_name }],
    });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe('You must be logged in to make predictions');
    expect((await visitor.json('POST', `/api/r/tournaments/${t.id}/predict`, {})).status).toBe(401);

    const empty = await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, { predictions: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Please make at least one prediction');

    const bad = await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [
        { match_id: r1.id, winner_name: r1.slot1_name },
        { match_id: match(t, 2, 1).id, winner_name: r2.slot1_name },
        { match_id: r2.id, winner_name: r2.slot1_name },
        { match_id: r1.id, winner_name: 'Somebody else' },
        { match_id: match(other, 1, 1).id, winner_name: match(other, 1, 1).slot1_name },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'predictions.1': ['Both slots of this match are not known yet.'],
      'predictions.2': ['This match is already decided.'],
      'predictions.3': ['Pick each match only once.'],
      'predictions.4': ['This match is not part of this tournament.'],
    });
    // A match id beyond PostgreSQL's integer is refused by the schema, before any query.
    const huge = await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, { predictions: [{ match_id: 1e20, winner_name: 'X' }] });
    expect(huge).toMatchObject({
      status: 422,
      body: { errors: { 'predictions.0.match_id': ['This match is not part of this tournament.'] } },
    });
    expect((await m.client.json('POST', '/api/r/tournaments/2147483648/predict', { predictions: [] })).status).toBe(404);
    const wrongName = await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [{ match_id: r1.id, winner_name: 'Nope' }],
    });
    expect(wrongName.body.errors).toEqual({ 'predictions.0': ['Pick one of the two slots of this match.'] });
    // Nothing of a refused call was written.
    expect(await rows('select id from tournament_predictions where user_id = ?', [m.id])).toHaveLength(0);

    const good = await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [{ match_id: r1.id, winner_name: r1.slot2_name }],
    });
    expect(good.status).toBe(200);
    // SPEC §7's success and message, and what the page shows after the save, so it reads nothing again.
    expect(good.body).toEqual({
      success: true,
      message: 'Predictions saved successfully!',
      data: {
        user_prediction: { matches: [{ tournament_match_id: r1.id, predicted_winner_name: r1.slot2_name }] },
        predictions_count: 1,
        standing: {
          user: { id: m.id, username: m.username, kick_username: m.username.toLowerCase(), avatar_url: null },
          accuracy: 0,
          correct: 0,
          total: 0,
          picks: 1,
        },
      },
    });
    const page = await m.client.json('GET', `/api/r/tournaments/${t.id}`);
    expect(page.body.data.user_prediction).toEqual({ matches: [{ tournament_match_id: r1.id, predicted_winner_name: r1.slot2_name }] });

    expect((await stack.admin.json('PUT', `/api/admin/tournaments/${t.id}`, { predictions_active: false })).status).toBe(200);
    const closed = await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
      predictions: [{ match_id: r1.id, winner_name: r1.slot1_name }],
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('Predictions are no longer active for this tournament');
    expect(
      await rows<{ predicted_winner_name: string }>('select predicted_winner_name from tournament_predictions where user_id = ?', [m.id]),
    ).toEqual([{ predicted_winner_name: r1.slot2_name }]);
    // A tournament with predictions cannot be deleted; one without can.
    expect((await stack.admin.json('DELETE', `/api/admin/tournaments/${t.id}`)).status).toBe(409);
    expect((await stack.admin.json('DELETE', `/api/admin/tournaments/${other.id}`)).status).toBe(200);
  });

  async function watch(tournamentId: number) {
    const socket = await stack.socket();
    const updates: TournamentUpdatedPush[] = [];
    socket.on('tournament:updated', (p) => updates.push(p));
    await joinRoom(socket, `tournament:${tournamentId}`);
    return updates;
  }

  it('parallel predict calls by one member leave exactly one pick per match; the standings are pushed live', async () => {
    const t = await createTournament(8);
    const m = await stack.member();
    const updates = await watch(t.id);
    const round1 = t.matches.filter((x) => x.round === 1);
    const calls = Array.from({ length: 12 }, (_, i) =>
      m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
        predictions: (i % 2 ? [...round1].reverse() : round1).map((x) => ({
          match_id: x.id,
          winner_name: i % 3 ? x.slot1_name : x.slot2_name,
        })),
      }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const picks = await rows<{ match_id: number; n: number }>(
      'select match_id, count(*)::int as n from tournament_predictions where user_id = ? group by match_id order by match_id',
      [m.id],
    );
    expect(picks).toEqual(round1.map((x) => ({ match_id: x.id, n: 1 })));
    await waitFor(() =>
      updates.some((u) => u.change === 'prediction' && u.tournament.predictions_count === 1 && u.top_predictions[0]?.picks === 4),
    );
  });

  it('viewers share one page answer: an admin change shows on the next read, picks once pushed, a member still sees their own', async () => {
    const t = await createTournament(4);
    const anonymous = stack.api.client();
    const read = async (client: TestClient) => (await client.json('GET', `/api/r/tournaments/${t.id}`)).body.data;
    expect((await read(anonymous)).tournament.predictions_active).toBe(true);

    const m = await stack.member();
    const first = match(t, 1, 1);
    expect(
      (
        await m.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
          predictions: [{ match_id: first.id, winner_name: first.slot1_name }],
        })
      ).status,
    ).toBe(200);
    expect((await read(m.client)).user_prediction).toEqual({
      matches: [{ tournament_match_id: first.id, predicted_winner_name: first.slot1_name }],
    });
    const shared = await waitFor(
      async () => {
        const data = await read(anonymous);
        return data.tournament.predictions_count === 1 && data;
      },
      10_000,
      'the picks in the shared answer',
    );
    expect(shared.user_prediction).toBeNull();
    expect(shared.top_predictions.map((p: { user: { id: number } }) => p.user.id)).toEqual([m.id]);

    // Read right after the admin's answer, before the worker has seen the event.
    expect((await win(t.id, first.id, first.slot1_name!)).status).toBe(201);
    expect((await read(anonymous)).tournament.matches.find((x: TournamentMatch) => x.id === first.id).winner_name).toBe(first.slot1_name);
    expect((await stack.admin.json('PUT', `/api/admin/tournaments/${t.id}`, { predictions_active: false })).status).toBe(200);
    expect((await read(anonymous)).tournament.predictions_active).toBe(false);

    const spare = await createTournament(4);
    expect((await read(anonymous)).tournament.id).toBe(t.id);
    await anonymous.json('GET', `/api/r/tournaments/${spare.id}`);
    expect((await stack.admin.json('DELETE', `/api/admin/tournaments/${spare.id}`)).status).toBe(200);
    expect((await anonymous.json('GET', `/api/r/tournaments/${spare.id}`)).status).toBe(404);
  });

  it('computes accuracy and standings; completing pays prizes through the ledger exactly once', async () => {
    const t = await createTournament(4, { prize_points: [300, 100] });
    const [a, b, c] = [await stack.member(), await stack.member(), await stack.member()];
    const [m1, m2] = [match(t, 1, 1), match(t, 1, 2)];
    const pick = (u: { client: TestClient }, picks: [number, string][]) =>
      u.client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
        predictions: picks.map(([match_id, winner_name]) => ({ match_id, winner_name })),
      });
    await pick(a, [
      [m1.id, m1.slot1_name!],
      [m2.id, m2.slot1_name!],
    ]);
    await pick(b, [
      [m1.id, m1.slot1_name!],
      [m2.id, m2.slot2_name!],
    ]);
    await pick(c, [[m1.id, m1.slot2_name!]]);

    await win(t.id, m1.id, m1.slot1_name!);
    await win(t.id, m2.id, m2.slot1_name!);
    const final = match(t, 2, 1);
    const saved = await pick(b, [[final.id, m1.slot1_name!]]);
    // The answer's standing is the member's row of the standings below, and the count all three predictors.
    expect(saved.body.data).toMatchObject({
      predictions_count: 3,
      standing: { user: { id: b.id }, accuracy: 50, correct: 1, total: 2, picks: 3 },
    });
    expect(saved.body.data.user_prediction.matches).toHaveLength(3);

    const page = (await stack.api.client().json('GET', `/api/r/tournaments/${t.id}`)).body.data;
    expect(page.user_prediction).toBeNull();
    expect(page.tournament.predictions_count).toBe(3);
    expect(
      page.top_predictions.map((p: { user: { id: number }; accuracy: number; correct: number; total: number }) => [
        p.user.id,
        p.accuracy,
        p.correct,
        p.total,
      ]),
    ).toEqual([
      [a.id, 100, 2, 2],
      [b.id, 50, 1, 2],
      [c.id, 0, 0, 1],
    ]);

    expect((await win(t.id, final.id, m1.slot1_name!)).status).toBe(201);
    const done = (await stack.api.client().json('GET', `/api/r/tournaments/${t.id}`)).body.data;
    // Both have 2 right; a's 2 of 2 beats b's 2 of 3.
    expect(done.tournament).toMatchObject({ winner: m1.slot1_name, progress: 100, is_active: false, predictions_active: false });
    expect(done.top_predictions.map((p: { user: { id: number }; correct: number }) => [p.user.id, p.correct])).toEqual([
      [a.id, 2],
      [b.id, 2],
      [c.id, 0],
    ]);
    const breakdown = (await stack.api.client().json('GET', `/api/r/tournaments/${t.id}/predictions/${b.id}`)).body.data;
    expect(breakdown.map((x: { round: number; correct: boolean }) => [x.round, x.correct])).toEqual([
      [1, true],
      [1, false],
      [2, true],
    ]);

    // Deciding the final again is refused, and a second prize run pays nothing new.
    expect((await win(t.id, final.id, m2.slot1_name!)).status).toBe(409);
    const prizes = stack.api.app.get(TournamentPrizesService);
    const rerun = await stack.em.fork().transactional((tx) => prizes.award(tx, t.id));
    expect(rerun).toMatchObject({ awarded: true, newlyPaid: 0 });
    const ledger = await rows<{ user_id: number; delta: string }>(
      `select user_id, delta::text as delta from points_ledger where reference = ? order by delta desc`,
      [`tournament:${t.id}`],
    );
    expect(ledger).toEqual([
      { user_id: a.id, delta: '300' },
      { user_id: b.id, delta: '100' },
    ]);
  });
});
