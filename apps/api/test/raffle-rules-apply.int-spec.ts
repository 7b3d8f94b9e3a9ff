import { ENTRY_RULE_MESSAGES, computeWinners, type RaffleVerification } from '@kickback/contracts';
import { EconomyService } from '@kickback/domain';
import { integrationStack, openRaffle } from '@kickback/testing';

/**
 * Issue #37 item 4: the anti-farm marks show the streamer who looks like an alt; applying the raffle's rules (added
 * after entries came in) to its entrants takes out who fails them before the draw, points refunded, and the draw
 * publishes those entries as excluded.
 */
describe("applying entry rules to a raffle's entrants (real PostgreSQL + Redis)", () => {
  const stack = integrationStack({ admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);

  /** A member whose account is `accountAgeDays` old. */
  async function member(accountAgeDays: number, points = 0) {
    const signedIn = await stack.member({ points });
    await sql(`update users set created_at = now() - make_interval(days => ?) where id = ?`, [accountAgeDays, signedIn.id]);
    return signedIn;
  }

  const raffle = (overrides: Record<string, unknown> = {}) =>
    openRaffle(stack.admin, {
      title: 'Community raffle',
      number_of_winners: 2,
      allow_points_entry: true,
      points_per_entry: 10,
      ...overrides,
    });

  const apply = (id: number, client = stack.admin) => client.json('POST', `/api/admin/raffles/${id}/apply-rules`);

  it('takes out entrants who fail a rule added later, refunds their points, and the draw lists them as excluded', async () => {
    const id = await raffle();
    const veterans = [await member(90), await member(30), await member(400)];
    const alts = [await member(1, 50), await member(0)];
    for (const m of [...veterans, ...alts])
      expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    // An alt bought tickets too: 3 × 10 points, refunded when it is taken out.
    expect((await alts[0]!.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'points', points_spent: 30 })).status).toBe(200);

    // The marks tell the streamer; the rule is added after the entries.
    const entries = (await stack.admin.json('GET', `/api/admin/raffles/${id}/entries`)).body.data as {
      user: { id: number };
      signals: string[];
    }[];
    for (const alt of alts) expect(entries.find((e) => e.user.id === alt.id)!.signals).toContain('new-account');
    const rules = { min_account_age_days: 7 };
    expect((await stack.admin.json('PUT', `/api/admin/raffles/${id}`, { entry_rules: rules })).status).toBe(200);

    const member1 = await member(90);
    expect((await apply(id, member1.client)).status).toBe(403);
    const applied = await apply(id);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      success: true,
      message: '2 entrants taken out of the draw for not meeting the rules; points spent were refunded.',
      data: { taken_out: 2, by_rule: [{ rule: ENTRY_RULE_MESSAGES.accountAge(7), count: 2 }] },
    });
    expect(await sql('select user_id from raffle_entries where raffle_id = ? order by user_id', [id])).toEqual(
      veterans.map((v) => ({ user_id: v.id })).sort((a, b) => a.user_id - b.user_id),
    );
    expect(await sql(`select count(*)::int as n from raffle_entry_voids where raffle_id = ? and reason = 'rules'`, [id])).toEqual([
      { n: 3 },
    ]);
    expect(await sql('select total_entries, participants_count from raffles where id = ?', [id])).toEqual([
      { total_entries: 3, participants_count: 3 },
    ]);
    expect(await stack.api.app.get(EconomyService).balanceOf(alts[0]!.id)).toBe(50);
    expect(
      await sql(
        `select after->>'reason' as reason, after->>'rule' as rule from audit_logs where action = 'raffle.entries-voided' and entity_id = ?`,
        [String(id)],
      ),
    ).toEqual(Array(2).fill({ reason: 'rules', rule: ENTRY_RULE_MESSAGES.accountAge(7) }));
    expect(
      await sql(`select after->>'taken_out' as n from audit_logs where action = 'raffle.rules-applied' and entity_id = ?`, [String(id)]),
    ).toEqual([{ n: '2' }]);

    // Applying again finds nobody; the draw publishes the taken-out entries as excluded and never draws them.
    expect((await apply(id)).body).toMatchObject({
      message: 'Every entrant meets the rules; nobody was taken out.',
      data: { taken_out: 0 },
    });
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).status).toBe(200);
    const v = (await stack.api.client().json<{ data: RaffleVerification }>('GET', `/api/r/raffles/${id}/verify`)).body.data;
    const excluded = [...new Set(v.entries.filter((e) => e.excluded).map((e) => e.user_id))].sort((a, b) => a - b);
    expect(excluded).toEqual(alts.map((a) => a.id).sort((a, b) => a - b));
    expect(v.winners.every((w) => !excluded.includes(w.user_id))).toBe(true);
    expect(computeWinners(v.seed as string, v.entries, v.number_of_winners, v.rerolled_positions, v.algorithm)).toEqual(v.winners);

    const late = await apply(id);
    expect([late.status, late.body.message]).toEqual([409, 'The winners are drawn: the rules can no longer change who is in the draw.']);
  });

  it('refuses a raffle without rules, and one drawn with the first algorithm, which publishes no exclusions', async () => {
    const plain = await raffle();
    const none = await apply(plain);
    expect([none.status, none.body.message]).toEqual([422, 'This raffle has no entry rules to apply. Add rules in the raffle form first.']);
    const old = await raffle({ entry_rules: { min_level: 2 } });
    await sql(`update raffles set draw_algorithm = 'kickback-raffle-v1' where id = ?`, [old]);
    expect((await apply(old)).status).toBe(409);
    expect((await apply(999_999)).status).toBe(404);
  });
});
