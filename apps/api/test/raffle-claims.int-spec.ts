import { type Socket } from 'socket.io-client';
import type { Raffle, RaffleVerification } from '@kickback/contracts';
import { CLAIM_MESSAGES, RaffleDrawService, RaffleScheduler } from '@kickback/domain';
import { integrationStack, waitFor, type TestClient, openRaffle } from '@kickback/testing';

interface Member {
  id: number;
  client: TestClient;
  socket: Socket;
  notices: string[];
}

/** Issue #37: claim windows, and unclaimed prizes passed on automatically in the verifiable order. */
describe('raffle claim windows (real PostgreSQL + Redis, api and worker)', () => {
  const stack = integrationStack({ worker: true, admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);

  /** A member with the site open, keeping what their notifications said. */
  async function member(): Promise<Member> {
    const signedIn = await stack.member({ socket: true });
    const notices: string[] = [];
    signedIn.socket.on('user:notification', (p: { message: string }) => notices.push(p.message));
    return { ...signedIn, notices };
  }

  /** A drawn raffle with a claim window and `entrants` members entered; answers it with its standing winners. */
  async function drawnRaffle(entrants: number, winners: number) {
    const id = await openRaffle(stack.admin, {
      title: `Claim raffle ${Date.now()}`,
      prize_description: 'A gaming chair',
      number_of_winners: winners,
      claim_window_minutes: 10,
    });
    const members = await Promise.all(Array.from({ length: entrants }, () => member()));
    for (const m of members)
      expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).status).toBe(200);
    const raffle = (await stack.admin.json<{ data: Raffle }>('GET', `/api/r/raffles/${id}`)).body.data;
    const byId = new Map(members.map((m) => [m.id, m]));
    return { id, raffle, members, winners: raffle.winner_claims.map((c) => byId.get(c.user_id)!) };
  }

  const claim = async (m: Member, id: number) => {
    const res = await m.client.json('POST', `/api/r/raffles/${id}/claim`);
    return { status: res.status, message: res.body.message as string };
  };

  it('winners are told and get a window; a winner claims once; others cannot claim', async () => {
    const { id, raffle, members, winners } = await drawnRaffle(5, 2);
    expect(raffle.claim_window_minutes).toBe(10);
    expect(raffle.winner_claims).toHaveLength(2);
    for (const c of raffle.winner_claims) {
      expect(c.claimed_at).toBeNull();
      const left = Date.parse(c.claim_deadline!) - Date.now();
      expect(left).toBeGreaterThan(9 * 60_000);
      expect(left).toBeLessThanOrEqual(10 * 60_000);
    }
    for (const w of winners)
      await waitFor(
        () => w.notices.includes(`You won A gaming chair in ${raffle.title}! Claim it on the raffle page within 10 minutes.`),
        10_000,
        'winner notice',
      );

    expect(await claim(winners[0]!, id)).toEqual({ status: 200, message: CLAIM_MESSAGES.claimed });
    expect(await claim(winners[0]!, id)).toEqual({ status: 409, message: CLAIM_MESSAGES.already });
    const loser = members.find((m) => !winners.includes(m))!;
    expect(await claim(loser, id)).toEqual({ status: 422, message: CLAIM_MESSAGES.notAWinner });
    const after = (await stack.admin.json<{ data: Raffle }>('GET', `/api/r/raffles/${id}`)).body.data;
    expect(after.winner_claims.find((c) => c.user_id === winners[0]!.id)!.claimed_at).not.toBeNull();
  });

  it('two winners who do not claim: each prize passes on at its deadline, live, in the order verify replays', async () => {
    const { id, winners, members } = await drawnRaffle(6, 2);
    const watcher = await stack.socket();
    const drawnPushes: { winners: { id: number }[] }[] = [];
    watcher.on('raffle:drawn', (p: { winners: { id: number }[] }) => drawnPushes.push(p));
    watcher.emit('room:join', `raffle:${id}`);
    await new Promise((r) => watcher.once('room:joined', r));

    // Position 2's window closes first, then position 1's; the delayed job fires at each deadline.
    await sql(
      `update raffle_winners set claim_deadline = clock_timestamp() + interval '300 milliseconds' where raffle_id = ? and position = 2`,
      [id],
    );
    await sql(
      `update raffle_winners set claim_deadline = clock_timestamp() + interval '900 milliseconds' where raffle_id = ? and position = 1`,
      [id],
    );
    await stack.worker.get(RaffleScheduler).scheduleClaims(id);
    await waitFor(
      async () => (await sql('select 1 from raffle_winners where raffle_id = ? and position = 2 and unclaimed', [id])).length === 1,
      10_000,
      'pass 2',
    );
    await stack.worker.get(RaffleScheduler).scheduleClaims(id);
    await waitFor(
      async () => (await sql('select 1 from raffle_winners where raffle_id = ? and position = 1 and unclaimed', [id])).length === 1,
      10_000,
      'pass 1',
    );
    await waitFor(() => drawnPushes.length >= 2, 10_000, 'two raffle:drawn pushes');

    const v = (await stack.admin.json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(v.rerolled_positions).toEqual([2, 1]);
    expect(v.matches).toBe(true);
    const standing = v.winners.map((w) => w.user_id);
    expect(standing).not.toContain(winners[0]!.id);
    expect(standing).not.toContain(winners[1]!.id);
    expect(drawnPushes.at(-1)!.winners.map((w) => w.id)).toEqual(standing);
    // The new winners get their own window and are told.
    const fresh = (await stack.admin.json<{ data: Raffle }>('GET', `/api/r/raffles/${id}`)).body.data.winner_claims;
    for (const c of fresh) expect(Date.parse(c.claim_deadline!)).toBeGreaterThan(Date.now() + 9 * 60_000);
    for (const userId of standing)
      await waitFor(() => members.find((m) => m.id === userId)!.notices.length > 0, 10_000, 'new winner notice');
    // The late winner finds the prize gone; passes are audited without an actor.
    expect(await claim(winners[0]!, id)).toEqual({ status: 422, message: CLAIM_MESSAGES.notAWinner });
    expect(
      await sql(`select actor_id from audit_logs where action = 'raffle.pass-unclaimed' and entity_id = ? order by id`, [String(id)]),
    ).toEqual([{ actor_id: null }, { actor_id: null }]);
  });

  it('a claim racing the pass at the deadline: the prize is either claimed or passed on, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const { id, winners } = await drawnRaffle(3, 1);
      await sql(`update raffle_winners set claim_deadline = clock_timestamp() + interval '40 milliseconds' where raffle_id = ?`, [id]);
      await new Promise((r) => setTimeout(r, 35));
      const [answer] = await Promise.all([claim(winners[0]!, id), stack.worker.get(RaffleDrawService).passUnclaimed(id)]);
      // Raw rows: the driver gives timestamps as text.
      const rows = await sql<{ user_id: number; claimed_at: string | null; unclaimed: boolean }>(
        'select user_id, claimed_at, unclaimed from raffle_winners where raffle_id = ? order by id',
        [id],
      );
      if (answer.status === 200) expect(rows).toEqual([{ user_id: winners[0]!.id, claimed_at: expect.any(String), unclaimed: false }]);
      else {
        expect([CLAIM_MESSAGES.closed, CLAIM_MESSAGES.notAWinner]).toContain(answer.message);
        expect(rows[0]).toMatchObject({ user_id: winners[0]!.id, claimed_at: null });
      }
    }
  });
});
