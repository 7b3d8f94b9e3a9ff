import { createHash } from 'node:crypto';
import { CLAIM_MESSAGES, RaffleScheduler } from '@kickback/domain';
import { integrationStack, FakeKickServer, kickUser, waitFor, type TestClient, openRaffle } from '@kickback/testing';

/**
 * kickback-raffle-v2 implemented from docs/raffle-draws.md §1–§4 and §7 alone: Node's SHA-256, none of our code.
 * Entries as the verify answer publishes them; answers the entries hash and the standing winners.
 */
interface PublishedEntry {
  entry_id: number;
  user_id: number;
  tickets: number;
  multiplier: number;
  excluded: boolean;
}
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
function recomputeV2(seed: string, entries: PublishedEntry[], numberOfWinners: number, passedPositions: number[]) {
  const lines = [...entries].sort((a, b) => a.entry_id - b.entry_id);
  const entriesHash = sha(lines.map((e) => `${e.entry_id}:${e.user_id}:${e.tickets}:${e.multiplier}:${e.excluded ? 1 : 0}\n`).join(''));
  // Users in the order of their first line (excluded lines count for the order); weight = tickets × multiplier of kept lines.
  const weights = new Map<number, bigint>();
  for (const e of lines) {
    const before = weights.get(e.user_id) ?? 0n;
    weights.set(e.user_id, e.excluded ? before : before + BigInt(e.tickets * e.multiplier));
  }
  const pool = [...weights].filter(([, w]) => w > 0n).map(([user, weight]) => ({ user, weight }));
  const order: number[] = [];
  for (let k = 0; pool.length > 0; k++) {
    const total = pool.reduce((sum, c) => sum + c.weight, 0n);
    let r = BigInt(`0x${sha(`${seed}:${entriesHash}:${k}`)}`) % total;
    let i = 0;
    while (r >= pool[i]!.weight) r -= pool[i++]!.weight;
    order.push(pool.splice(i, 1)[0]!.user);
  }
  const winners = order.slice(0, numberOfWinners).map((user_id, i) => ({ position: i + 1, user_id, draw_index: i }));
  let next = winners.length;
  for (const position of passedPositions) {
    const slot = winners.findIndex((w) => w.position === position);
    if (slot < 0 || next >= order.length) continue;
    winners[slot] = { position, user_id: order[next]!, draw_index: next };
    next++;
  }
  return { entriesHash, winners };
}

describe('raffle draw v2 recomputed from the docs alone (real PostgreSQL + Redis)', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');

  // The worker runs the claim-deadline jobs that pass unclaimed prizes on.
  const stack = integrationStack({ worker: true, admin: true, kick, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  type Member = { id: number; kickId: number; client: TestClient };
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);
  const deliver = (type: string, payload: Record<string, unknown>) =>
    kick.events.deliver(type, { broadcaster: kickUser(1, 'streamer'), ...payload });

  /** Signed-in members with Kick accounts `firstKickId`, `firstKickId + 1`, … and 100 points each. */
  async function members(count: number, firstKickId: number): Promise<Member[]> {
    const list: Member[] = [];
    for (let i = 0; i < count; i++) list.push(await stack.member({ kickId: firstKickId + i, points: 100 }));
    return list;
  }

  /** A chat message with the subscriber badge: how the site learns a viewer subscribes. */
  const chatAsSubscriber = (m: Member) =>
    deliver('chat.message.sent', {
      message_id: `v2-${m.kickId}`,
      sender: {
        ...kickUser(m.kickId, `sub_${m.kickId}`),
        identity: { username_color: '#fff', badges: [{ type: 'subscriber', text: 'Subscriber' }] },
      },
      content: 'gl',
      created_at: new Date().toISOString(),
    });

  /** Each member enters once free; those `buys` picks by their index also spend `pointsSpent` on points entries. */
  async function enterAll(id: number, crowd: Member[], pointsSpent: number, buys: (index: number) => boolean) {
    for (const [i, m] of crowd.entries()) {
      expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
      if (buys(i))
        expect(
          (await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'points', points_spent: pointsSpent })).status,
        ).toBe(200);
    }
  }

  /** A permanent ban in the Kick chat. */
  const kickBan = (m: Member) =>
    deliver('moderation.banned', {
      moderator: kickUser(2, 'mod'),
      banned_user: kickUser(m.kickId, 'banned'),
      metadata: { reason: 'Alt account', created_at: new Date().toISOString(), expires_at: null },
    });

  it('a raffle with subscriber multipliers, two excluded members and two passed-on positions recomputes exactly', async () => {
    const id = await openRaffle(stack.admin, {
      title: 'Sub luck giveaway',
      number_of_winners: 2,
      allow_points_entry: true,
      points_per_entry: 10,
      entry_rules: { subscriber_multiplier: 4 },
    });

    const crowd = await members(9, 880_000);
    // Three subscribers, known from the badge on their chat messages.
    for (const m of crowd.slice(0, 3)) expect(await chatAsSubscriber(m)).toBe(200);
    await enterAll(id, crowd, 20, (i) => i % 2 === 0);
    // Excluded: one by a Kick ban before the draw, one banned on the site and found at the draw.
    expect(await kickBan(crowd[1]!)).toBe(200);
    await sql(`update users set banned_at = now(), ban_reason = 'Bot' where id = ?`, [crowd[4]!.id]);

    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).status).toBe(200);
    // Two winners who did not take their prize: both positions passed on, in this order.
    for (const position of [2, 1])
      expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position })).status).toBe(200);

    const v = (await stack.admin.json('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(v.algorithm).toBe('kickback-raffle-v2');
    expect(v.rerolled_positions).toEqual([2, 1]);
    const excludedUsers = [...new Set((v.entries as PublishedEntry[]).filter((e) => e.excluded).map((e) => e.user_id))].sort();
    expect(excludedUsers).toEqual([crowd[1]!.id, crowd[4]!.id].sort());
    const multiplierOf = (userId: number) =>
      new Set((v.entries as PublishedEntry[]).filter((e) => e.user_id === userId).map((e) => e.multiplier));
    expect(multiplierOf(crowd[0]!.id)).toEqual(new Set([4]));
    expect(multiplierOf(crowd[2]!.id)).toEqual(new Set([4]));
    expect(multiplierOf(crowd[5]!.id)).toEqual(new Set([1]));

    expect(sha(v.seed)).toBe(v.seed_hash);
    const mine = recomputeV2(v.seed, v.entries, v.number_of_winners, v.rerolled_positions);
    expect(mine.entriesHash).toBe(v.entries_hash);
    expect(mine.winners).toEqual(v.winners);
    expect(v.matches).toBe(true);
    for (const w of mine.winners) expect(excludedUsers).not.toContain(w.user_id);
  });

  it('a claim window where two winners never claim: the automatic passes, multipliers and exclusions recompute exactly', async () => {
    const id = await openRaffle(stack.admin, {
      title: 'Claim or lose it',
      number_of_winners: 3,
      claim_window_minutes: 10,
      allow_points_entry: true,
      points_per_entry: 10,
      entry_rules: { subscriber_multiplier: 3 },
    });

    const crowd = await members(10, 881_000);
    // Four subscribers, known from the badge on their chat messages.
    for (const m of crowd.slice(0, 4)) expect(await chatAsSubscriber(m)).toBe(200);
    await enterAll(id, crowd, 30, (i) => i % 3 !== 1);
    // Excluded: a subscriber banned on the site by an admin (taken out at the draw), and a member banned in the Kick chat.
    expect((await stack.admin.json('POST', `/api/admin/users/${crowd[2]!.id}/ban`, { reason: 'Ban evasion' })).status).toBe(200);
    expect(await kickBan(crowd[6]!)).toBe(200);

    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).status).toBe(200);
    const standing = () =>
      sql<{ position: number; user_id: number; draw_index: number }>(
        'select position, user_id, draw_index from raffle_winners where raffle_id = ? and rerolled_at is null order by position',
        [id],
      );
    const drawn = await standing();
    expect(drawn.map((w) => [w.position, w.draw_index])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    const winner = (position: number) => crowd.find((m) => m.id === drawn[position - 1]!.user_id)!;
    // Position 1 claims; positions 3 and 2 let their windows close, one after the other.
    expect((await winner(1).client.json('POST', `/api/r/raffles/${id}/claim`)).body.message).toBe(CLAIM_MESSAGES.claimed);
    for (const position of [3, 2]) {
      await sql(
        `update raffle_winners set claim_deadline = clock_timestamp() + interval '200 milliseconds'
         where raffle_id = ? and position = ? and rerolled_at is null`,
        [id, position],
      );
      await stack.worker.get(RaffleScheduler).scheduleClaims(id);
      await waitFor(
        async () =>
          (await sql('select 1 from raffle_winners where raffle_id = ? and position = ? and unclaimed', [id, position])).length === 1,
        10_000,
        `position ${position} passed on`,
      );
    }

    const v = (await stack.admin.json('GET', `/api/r/raffles/${id}/verify`)).body.data;
    expect(v.algorithm).toBe('kickback-raffle-v2');
    // Both passes were automatic (no actor), nothing was rerolled by hand, and verify lists them in the order they happened.
    expect(
      await sql(
        `select action, actor_id from audit_logs where action in ('raffle.pass-unclaimed', 'raffle.reroll') and entity_id = ? order by id`,
        [String(id)],
      ),
    ).toEqual([
      { action: 'raffle.pass-unclaimed', actor_id: null },
      { action: 'raffle.pass-unclaimed', actor_id: null },
    ]);
    expect(v.rerolled_positions).toEqual([3, 2]);
    const entries = v.entries as PublishedEntry[];
    const excludedUsers = [...new Set(entries.filter((e) => e.excluded).map((e) => e.user_id))].sort((a, b) => a - b);
    expect(excludedUsers).toEqual([crowd[2]!.id, crowd[6]!.id].sort((a, b) => a - b));
    const multipliersOf = (userId: number) => new Set(entries.filter((e) => e.user_id === userId).map((e) => e.multiplier));
    for (const m of crowd.slice(0, 4)) expect(multipliersOf(m.id)).toEqual(new Set([3]));
    for (const m of crowd.slice(4)) expect(multipliersOf(m.id)).toEqual(new Set([1]));

    expect(sha(v.seed)).toBe(v.seed_hash);
    const mine = recomputeV2(v.seed, entries, v.number_of_winners, [3, 2]);
    expect(mine.entriesHash).toBe(v.entries_hash);
    expect(mine.winners).toEqual(v.winners);
    // The recomputation is what stands in the database: the claimer kept the prize, the next two of the order took the others.
    expect(mine.winners).toEqual(await standing());
    expect(mine.winners.map((w) => [w.position, w.draw_index])).toEqual([
      [1, 0],
      [2, 4],
      [3, 3],
    ]);
    expect(mine.winners[0]!.user_id).toBe(winner(1).id);
    for (const w of mine.winners) {
      expect(excludedUsers).not.toContain(w.user_id);
      expect([winner(2).id, winner(3).id]).not.toContain(w.user_id);
    }
    expect(v.matches).toBe(true);
  });
});
