import {
  REROLL_MESSAGES,
  type AdminRaffle,
  type RaffleParticipant,
  type RaffleTemplate,
  type RaffleTemplateSettings,
  type RaffleWeights,
} from '@kickback/contracts';
import { LOSER_MESSAGES, RaffleDrawService } from '@kickback/domain';
import { integrationStack, openRaffle, waitFor, type TestClient } from '@kickback/testing';

interface Member {
  id: number;
  username: string;
  client: TestClient;
  notices: string[];
}

/** Issue #50: a prize is never taken silently, templates keep every field, a deleted member leaves open raffles. */
describe('raffle prizes are never taken silently (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);

  /** A member with the site open, keeping what their notifications said. */
  async function member(points = 0): Promise<Member> {
    const { socket, ...signedIn } = await stack.member({ points, socket: true });
    const notices: string[] = [];
    socket.on('user:notification', (p: { message: string }) => notices.push(p.message));
    return { ...signedIn, notices };
  }

  const enter = async (m: Member, id: number) =>
    expect((await m.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })).status).toBe(200);

  /** A drawn raffle with a 10-minute claim window; answers its id, its members and the standing winner. */
  async function drawnWithWindow(title: string) {
    const id = await openRaffle(stack.admin, { title, prize_description: 'A headset', claim_window_minutes: 10 });
    const members = [await member(), await member(), await member()];
    for (const m of members) await enter(m, id);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/draw`)).status).toBe(200);
    const raffle = (await stack.admin.json<{ data: AdminRaffle }>('GET', `/api/admin/raffles/${id}`)).body.data;
    const winner = members.find((m) => m.id === raffle.winner_claims[0]!.user_id)!;
    return { id, members, winner };
  }

  it('a claimed prize is never rerolled (409), and Reroll stays refused however often it is asked', async () => {
    const { id, winner } = await drawnWithWindow('Claimed giveaway');
    expect((await winner.client.json('POST', `/api/r/raffles/${id}/claim`)).status).toBe(200);
    for (const body of [{ position: 1 }, { position: 1, reason: 'Streamer changed their mind' }]) {
      const refused = await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false, message: REROLL_MESSAGES.claimed(1) });
    }
    const standing = await sql('select user_id from raffle_winners where raffle_id = ? and rerolled_at is null', [id]);
    expect(standing).toEqual([{ user_id: winner.id }]);
  });

  it('inside the claim window a reroll needs a typed reason naming nothing less; the winner who lost it is told why', async () => {
    const { id, winner, members } = await drawnWithWindow('Window giveaway');
    for (const body of [{ position: 1 }, { position: 1, reason: '   ' }]) {
      const refused = await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, body);
      expect(refused.status).toBe(422);
      // Ten minutes were given a moment ago: 9 or 10 minutes are left, said in words.
      expect(refused.body.message).toMatch(/^Winner #1 still has (9|10) minutes to claim the prize\. Type a reason to reroll now\.$/);
      expect(refused.body.errors.reason).toEqual([refused.body.message]);
    }
    expect(await sql('select 1 from raffle_winners where raffle_id = ? and rerolled_at is not null', [id])).toEqual([]);

    const rerolled = await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position: 1, reason: 'Not in chat any more' });
    expect(rerolled.status).toBe(200);
    await waitFor(
      () => winner.notices.includes(LOSER_MESSAGES.rerolled('A headset', 'Window giveaway', 'Not in chat any more')),
      10_000,
      'notice to the member who lost the prize',
    );
    const [audit] = await sql<{ after: { reason: string } }>(
      `select after from audit_logs where action = 'raffle.reroll' and entity_id = ? order by id desc limit 1`,
      [String(id)],
    );
    expect(audit!.after.reason).toBe('Not in chat any more');
    // The others were not told they lost anything.
    for (const m of members.filter((x) => x !== winner)) expect(m.notices.filter((n) => n.startsWith('Your win of'))).toEqual([]);
  });

  it('after the window closed a reroll needs no reason, and the loser is told the window closed when the prize passes on', async () => {
    const { id, winner } = await drawnWithWindow('Closed window giveaway');
    await sql('update raffle_winners set claim_deadline = clock_timestamp() where raffle_id = ?', [id]);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${id}/reroll`, { position: 1 })).status).toBe(200);
    await waitFor(
      () => winner.notices.includes(LOSER_MESSAGES.rerolled('A headset', 'Closed window giveaway', null)),
      10_000,
      'notice without a reason',
    );

    const passed = await drawnWithWindow('Passed-on giveaway');
    await sql('update raffle_winners set claim_deadline = clock_timestamp() where raffle_id = ?', [passed.id]);
    expect(await stack.api.app.get(RaffleDrawService).passUnclaimed(passed.id)).toBe(1);
    await waitFor(
      () => passed.winner.notices.includes(LOSER_MESSAGES.passedOn('A headset', 'Passed-on giveaway')),
      10_000,
      'notice of the closed window',
    );
  });

  it('account deletion voids entries of raffles not yet drawn, points refunded, and keeps those of drawn raffles', async () => {
    const leaving = await member(500);
    const stays = await member();
    const open = await openRaffle(stack.admin, { title: 'Open when deleted', allow_points_entry: true, points_per_entry: 50 });
    const drawn = await openRaffle(stack.admin, { title: 'Drawn before deletion' });
    await enter(leaving, open);
    expect((await leaving.client.json('POST', `/api/r/raffles/${open}/enter`, { entry_type: 'points', points_spent: 100 })).status).toBe(
      200,
    );
    await enter(stays, open);
    await enter(leaving, drawn);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${drawn}/draw`)).status).toBe(200);
    const [before] = await sql<{ balance: number }>('select balance from wallets where user_id = ?', [leaving.id]);
    expect(Number(before!.balance)).toBe(400);
    const drawnEntriesBefore = await sql('select id, tickets from raffle_entries where raffle_id = ? order by id', [drawn]);

    expect((await leaving.client.json('POST', '/api/r/account/delete', { confirm_username: leaving.username })).status).toBe(200);

    expect(await sql('select 1 from raffle_entries where raffle_id = ? and user_id = ?', [open, leaving.id])).toEqual([]);
    const voided = await sql<{ reason: string; tickets: number }>(
      'select reason, tickets from raffle_entry_voids where raffle_id = ? and user_id = ? order by entry_id',
      [open, leaving.id],
    );
    expect(voided).toEqual([
      { reason: 'account-deleted', tickets: 1 },
      { reason: 'account-deleted', tickets: 2 },
    ]);
    const [after] = await sql<{ balance: number }>('select balance from wallets where user_id = ?', [leaving.id]);
    expect(Number(after!.balance)).toBe(500);
    const raffle = (await stack.admin.json<{ data: AdminRaffle }>('GET', `/api/admin/raffles/${open}`)).body.data;
    expect(raffle).toMatchObject({ total_entries: 1, participants_count: 1 });
    // The drawn raffle keeps the entry: its published list and winners still verify.
    expect(await sql('select id, tickets from raffle_entries where raffle_id = ? order by id', [drawn])).toEqual(drawnEntriesBefore);
    expect((await stack.api.client().json('GET', `/api/r/raffles/${drawn}/verify`)).body.data.matches).toBe(true);
    // Drawing the open raffle now can only pick the member who stayed.
    expect((await stack.admin.json('POST', `/api/admin/raffles/${open}/draw`)).body.data.winners.map((w: { id: number }) => w.id)).toEqual([
      stays.id,
    ]);
  });

  it('a template keeps every field of the raffle, prize value included, and the raffle started from it has them all', async () => {
    const settings: RaffleTemplateSettings = {
      description: 'Every Friday on stream',
      image: 'https://cdn.example.com/gift-card.png',
      prize_description: 'A $50 gift card',
      prize_value_usd: 50,
      number_of_winners: 2,
      duration_minutes: 45,
      allow_passwordless_entry: true,
      allow_points_entry: true,
      points_per_entry: 25,
      max_tickets_per_user: 8,
      entry_rules: {
        followers_only: true,
        subscribers_only: false,
        min_level: 3,
        min_account_age_days: 7,
        min_watch_minutes: 30,
        min_chat_messages: 10,
        activity_days: 7,
        exclude_winners_days: 14,
        subscriber_multiplier: 3,
      },
      claim_window_minutes: 120,
      casino_credit_prize: true,
    };
    const saved = await stack.admin.json<{ data: RaffleTemplate }>('POST', '/api/admin/raffle-templates', {
      name: 'Friday card',
      settings,
    });
    expect(saved.status).toBe(201);
    const listed = (await stack.admin.json<{ data: RaffleTemplate[] }>('GET', '/api/admin/raffle-templates')).body.data;
    expect(listed.find((t) => t.id === saved.body.data.id)!.settings).toEqual(settings);

    const started = await stack.admin.json<{ data: AdminRaffle }>('POST', `/api/admin/raffle-templates/${saved.body.data.id}/start`, {
      title: 'Friday card #12',
    });
    expect(started.status).toBe(201);
    const raffle = (await stack.admin.json<{ data: AdminRaffle }>('GET', `/api/admin/raffles/${started.body.data.id}`)).body.data;
    const { duration_minutes, ...fields } = settings;
    expect(raffle).toMatchObject({ ...fields, allow_passwordless_entry: true, title: 'Friday card #12' });
    expect(Date.parse(raffle.end_datetime) - Date.parse(raffle.start_datetime)).toBe(duration_minutes * 60_000);

    // Its draw opens the winner's payout at the prize value (counted by Total Given Away once paid).
    const entrant = await member();
    await sql('update raffles set entry_rules = null where id = ?', [raffle.id]);
    await enter(entrant, raffle.id);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${raffle.id}/draw`)).status).toBe(200);
    expect(
      await sql(`select value_usd::text as value_usd, status from payouts where source = 'raffle' and source_id = ?`, [raffle.id]),
    ).toEqual([{ value_usd: '50.00', status: 'waiting_approval' }]);
  });

  it('a template saved before the prize value joined it starts a raffle worth $0, not an error', async () => {
    const [row] = await sql<{ id: number }>(`insert into raffle_templates (name, settings) values ('Old one', ?::jsonb) returning id`, [
      JSON.stringify({ prize_description: 'Old prize', number_of_winners: 1, duration_minutes: 10 }),
    ]);
    const started = await stack.admin.json<{ data: AdminRaffle }>('POST', `/api/admin/raffle-templates/${row!.id}/start`, {
      title: 'From old',
    });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ prize_description: 'Old prize', prize_value_usd: 0, description: '', image: null });
  });

  it("the entry list's first page gives each person's luck and the raffle's total weight, as the v2 draw counts them", async () => {
    const id = await openRaffle(stack.admin, { title: 'Lucky subs' });
    const sub = await member();
    const others = [await member(), await member()];
    for (const m of [sub, ...others]) await enter(m, id);
    // The subscriber's row as a ×3 entry rule writes it.
    await sql('update raffle_entries set multiplier = 3 where raffle_id = ? and user_id = ?', [id, sub.id]);
    const page = await stack.api
      .client()
      .json<{ data: RaffleParticipant[]; weights: RaffleWeights }>('GET', `/api/r/raffles/${id}/entries`);
    expect(page.body.weights).toEqual({ total_tickets: 3, total_weight: 5 });
    const byId = new Map(page.body.data.map((p) => [p.user.id, p.multiplier]));
    expect(byId.get(sub.id)).toBe(3);
    for (const m of others) expect(byId.get(m.id)).toBe(1);
  });
});
