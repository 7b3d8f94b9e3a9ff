import { type Socket } from 'socket.io-client';
import { ENTRY_RULE_MESSAGES, type RaffleEnterAnswer } from '@kickback/contracts';
import { ENTER_LOGIN_MESSAGE } from '@kickback/domain';
import { integrationStack, FakeKickServer, kickUser, type TestClient, openRaffle } from '@kickback/testing';

const ALREADY_FREE = 'You have already entered this raffle for free.';
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Member {
  id: number;
  kickId: number;
  client: TestClient;
  socket: Socket;
}

/** Issue #37: each entry rule refuses with its message over HTTP and the socket alike, and holds under races. */
describe('raffle entry rules (real PostgreSQL + Redis, Kick webhooks from the fake Kick)', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let kickSeq = 770_000;

  const stack = integrationStack({ admin: true, kick, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);

  const createRaffle = (rules: Record<string, unknown> | null, overrides: Record<string, unknown> = {}) =>
    openRaffle(stack.admin, { title: 'Rules raffle', entry_rules: rules, ...overrides });

  const viaHttp = async (m: Member, raffleId: number, body: Record<string, unknown> = { entry_type: 'passwordless' }) => {
    const res = await m.client.json('POST', `/api/r/raffles/${raffleId}/enter`, body);
    return { status: res.status, message: res.body.message as string };
  };
  const viaSocket = async (m: Member, raffleId: number, body: Record<string, unknown> = { entry_type: 'passwordless' }) => {
    const answer: RaffleEnterAnswer = await m.socket.timeout(10_000).emitWithAck('raffle:enter', { raffle_id: raffleId, ...body });
    return { status: answer.status, message: answer.body.message };
  };
  /** Both ways refuse with the rule's message and write nothing. */
  async function refusedBoth(m: Member, raffleId: number, message: string): Promise<void> {
    expect(await viaHttp(m, raffleId)).toEqual({ status: 422, message });
    expect(await viaSocket(m, raffleId)).toEqual({ status: 422, message });
    expect(await entryCount(raffleId, m.id)).toBe(0);
  }
  const entryCount = async (raffleId: number, userId: number) =>
    Number(
      (await sql<{ n: string }>('select count(*) as n from raffle_entries where raffle_id = ? and user_id = ?', [raffleId, userId]))[0]!.n,
    );
  const balanceOf = async (userId: number) =>
    Number((await sql<{ balance: string }>('select balance from wallets where user_id = ?', [userId]))[0]!.balance);
  const deliver = async (type: string, payload: Record<string, unknown>) =>
    expect(await kick.events.deliver(type, { broadcaster: kickUser(1, 'streamer'), ...payload })).toBe(200);
  const ban = (m: Member, expiresAt: string | null = null) =>
    deliver('moderation.banned', {
      moderator: kickUser(2, 'mod'),
      banned_user: kickUser(m.kickId, `viewer_${m.kickId}`),
      metadata: { reason: 'Spam links', created_at: new Date().toISOString(), expires_at: expiresAt },
    });
  const chatWithBadges = (m: Member, badges: string[]) =>
    deliver('chat.message.sent', {
      message_id: `msg-${m.kickId}-${Math.random()}`,
      sender: {
        ...kickUser(m.kickId, `viewer_${m.kickId}`),
        identity: { username_color: '#fff', badges: badges.map((type) => ({ type, text: type })) },
      },
      content: 'hello chat',
      created_at: new Date().toISOString(),
    });

  it('shows the rules on the raffle and refuses each unmet rule with its message, over HTTP and the socket alike', async () => {
    const rules = { followers_only: true, min_level: 5, min_account_age_days: 7, exclude_winners_days: 30 };
    const id = await createRaffle(rules);
    const shown = (await stack.admin.json('GET', `/api/r/raffles/${id}`)).body.data;
    expect(shown.entry_rules).toMatchObject(rules);

    const ann = await stack.member({ kickId: ++kickSeq, socket: true });
    await refusedBoth(ann, id, ENTRY_RULE_MESSAGES.followersOnly);
    await deliver('channel.followed', { follower: kickUser(ann.kickId, `viewer_${ann.kickId}`) });
    await refusedBoth(ann, id, 'Reach level 5 to enter.');
    await sql('insert into member_xp (user_id, xp, level) values (?, 5000, 5)', [ann.id]);
    await refusedBoth(ann, id, 'Your account must be at least 7 days old to enter.');
    await sql(`update users set created_at = now() - interval '8 days' where id = ?`, [ann.id]);
    await sql(
      `insert into prize_winners (source, reference, user_id, winner_name, position, prize, subject_id, subject_title, subject_path, won_at)
       values ('hunt', ?, ?, 'ann', 1, '100 points', 1, 'Bonus Hunt #1', '/bonus-hunts', now() - interval '3 days')`,
      [`hunt:test:${ann.id}`, ann.id],
    );
    await refusedBoth(ann, id, 'Winners of the last 30 days cannot enter this raffle.');
    await sql(`update prize_winners set won_at = now() - interval '31 days' where user_id = ?`, [ann.id]);
    expect(await viaSocket(ann, id)).toEqual({ status: 200, message: 'Successfully entered the raffle!' });
    expect(await entryCount(id, ann.id)).toBe(1);
  });

  it('exclude_winners_days: a win from a real raffle draw refuses the winner, not the other entrants, for the period', async () => {
    const won = await createRaffle(null);
    const [kim, lou] = [await stack.member({ kickId: ++kickSeq, socket: true }), await stack.member({ kickId: ++kickSeq, socket: true })];
    for (const m of [kim, lou]) expect((await viaHttp(m, won)).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/raffles/${won}/draw`)).status).toBe(200);
    const [{ user_id: winnerId }] = await sql<{ user_id: number }>('select user_id from raffle_winners where raffle_id = ?', [won]);
    const [winner, loser] = winnerId === kim.id ? [kim, lou] : [lou, kim];
    // The draw wrote the win into the winners ledger, the rule's only source.
    expect(
      await sql('select source, subject_id::int as subject_id, position from prize_winners where user_id = any(?::int[])', [
        `{${kim.id},${lou.id}}`,
      ]),
    ).toEqual([{ source: 'raffle', subject_id: won, position: 1 }]);
    expect(await sql(`select user_id from prize_winners where source = 'raffle' and subject_id = ?`, [won])).toEqual([
      { user_id: winner.id },
    ]);

    const id = await createRaffle({ exclude_winners_days: 30 });
    await refusedBoth(winner, id, 'Winners of the last 30 days cannot enter this raffle.');
    // Entering the drawn raffle without winning it is no win.
    expect(await viaSocket(loser, id)).toEqual({ status: 200, message: 'Successfully entered the raffle!' });
    // A raffle win older than the period no longer counts.
    await sql(`update prize_winners set won_at = now() - interval '31 days' where user_id = ? and source = 'raffle'`, [winner.id]);
    expect(await viaHttp(winner, id)).toEqual({ status: 200, message: 'Successfully entered the raffle!' });
    expect(await entryCount(id, winner.id)).toBe(1);
  });

  it('subscribers only, with subscriber luck: the badge on the newest chat message decides, and the multiplier is fixed on the row', async () => {
    const id = await createRaffle({ subscribers_only: true, subscriber_multiplier: 3 }, { allow_points_entry: true, points_per_entry: 10 });
    const bea = await stack.member({ kickId: ++kickSeq, socket: true });
    await refusedBoth(bea, id, 'Subscribers only: subscribe to the channel on Kick to enter.');
    await chatWithBadges(bea, ['subscriber']);
    expect(await viaHttp(bea, id)).toEqual({
      status: 200,
      message: 'Successfully entered the raffle! As a subscriber, your tickets count ×3 in the draw.',
    });
    // A newer chat message without the badge: no longer a subscriber.
    await chatWithBadges(bea, []);
    await sql('insert into wallets (user_id, balance) values (?, 100) on conflict (user_id) do update set balance = 100', [bea.id]);
    expect(await viaSocket(bea, id, { entry_type: 'points', points_spent: 10 })).toEqual({
      status: 422,
      message: 'Subscribers only: subscribe to the channel on Kick to enter.',
    });
    // A subscription event newer than that message makes them one again, until its expiry.
    await deliver('channel.subscription.new', {
      subscriber: kickUser(bea.kickId, `viewer_${bea.kickId}`),
      duration: 1,
      created_at: new Date().toISOString(),
      expires_at: iso(30 * 86_400_000),
    });
    expect((await viaSocket(bea, id, { entry_type: 'points', points_spent: 10 })).status).toBe(200);
    expect(
      await sql('select entry_type, multiplier from raffle_entries where raffle_id = ? and user_id = ? order by id', [id, bea.id]),
    ).toEqual([
      { entry_type: 'passwordless', multiplier: 3 },
      { entry_type: 'points', multiplier: 3 },
    ]);
    // Not a subscriber, on a raffle with luck but no subscriber rule: enters at ×1.
    const open = await createRaffle({ subscriber_multiplier: 2 });
    const cal = await stack.member({ kickId: ++kickSeq, socket: true });
    expect(await viaHttp(cal, open)).toEqual({ status: 200, message: 'Successfully entered the raffle!' });
    expect(await sql('select multiplier from raffle_entries where raffle_id = ? and user_id = ?', [open, cal.id])).toEqual([
      { multiplier: 1 },
    ]);
  });

  it('watch minutes or chat messages during the current stream: either is enough', async () => {
    const at = Date.now();
    await deliver('livestream.status.updated', {
      is_live: true,
      title: 'Slots',
      started_at: new Date(at - 60_000).toISOString(),
      ended_at: null,
    });
    const id = await createRaffle({ min_watch_minutes: 20, min_chat_messages: 1 });
    const message = 'Watch at least 20 minutes or send at least 1 chat message during the current stream to enter.';
    const [dan, eve] = [await stack.member({ kickId: ++kickSeq, socket: true }), await stack.member({ kickId: ++kickSeq, socket: true })];
    await refusedBoth(dan, id, message);
    await refusedBoth(eve, id, message);
    await chatWithBadges(dan, []);
    expect((await viaHttp(dan, id)).status).toBe(200);
    // Two credited watch intervals of 10 minutes in the live stream.
    const [{ stream_id: streamId }] = await sql<{ stream_id: string }>('select stream_id from activity_live_state');
    for (const n of [1, 2])
      await sql(
        `insert into activity_awards (key, source, user_id, stream_id, points, xp, credited_at) values (?, 'watch', ?, ?, 10, 10, now())`,
        [`watch:test:${eve.id}:${n}`, eve.id, streamId],
      );
    expect((await viaSocket(eve, id)).status).toBe(200);
  });

  it('watch minutes or chat messages in the last N days: activity of any stream in the period counts, older activity does not', async () => {
    const rules = { min_watch_minutes: 20, min_chat_messages: 3, activity_days: 7 };
    const id = await createRaffle(rules);
    expect((await stack.admin.json('GET', `/api/r/raffles/${id}`)).body.data.entry_rules).toMatchObject(rules);
    const message = 'Watch at least 20 minutes or send at least 3 chat messages in the last 7 days to enter.';
    const [{ watch_interval_seconds: interval }] = await sql<{ watch_interval_seconds: number }>(
      'select watch_interval_seconds from activity_settings',
    );
    const intervalsFor20Minutes = Math.ceil((20 * 60) / interval);
    let seq = 0;
    /** `count` awards of the source, `daysAgo` days old, outside any stream; by the member's account or only their Kick id. */
    const award = async (m: Member, source: 'watch' | 'chat' | 'reward', daysAgo: number, count: number, byKickIdOnly = false) => {
      for (let n = 0; n < count; n++)
        await sql(
          `insert into activity_awards (key, source, user_id, kick_user_id, points, xp, created_at, credited_at)
           values (?, ?, ?, ?, 5, 5, now() - make_interval(days => ?), now())`,
          [`${source}:days:${m.id}:${++seq}`, source, byKickIdOnly ? null : m.id, m.kickId, daysAgo],
        );
    };
    const [wes, cat] = [await stack.member({ kickId: ++kickSeq, socket: true }), await stack.member({ kickId: ++kickSeq, socket: true })];

    // Watch time: enough of it 8 days ago, one interval short of it within the 7 days; other sources are not activity.
    await award(wes, 'watch', 8, intervalsFor20Minutes);
    await award(wes, 'watch', 6, intervalsFor20Minutes - 1);
    await award(wes, 'reward', 1, 5);
    await refusedBoth(wes, id, message);
    await award(wes, 'watch', 6, 1);
    expect(await viaHttp(wes, id)).toEqual({ status: 200, message: 'Successfully entered the raffle!' });
    // The same activity is not in the current stream: a raffle asking for it there still refuses.
    const currentStream = await createRaffle({ min_watch_minutes: 20 });
    await refusedBoth(wes, currentStream, 'Watch at least 20 minutes during the current stream to enter.');

    // Chat messages: plenty 10 days ago, two within the 7 days (one credited to the Kick account alone).
    await award(cat, 'chat', 10, 5);
    await award(cat, 'chat', 2, 1);
    await award(cat, 'chat', 1, 1, true);
    await refusedBoth(cat, id, message);
    await award(cat, 'chat', 0, 1, true);
    expect(await viaSocket(cat, id)).toEqual({ status: 200, message: 'Successfully entered the raffle!' });
    expect(await entryCount(id, cat.id)).toBe(1);
  });

  it('a Kick ban voids the member’s entries in open raffles (refunded, audited) and refuses later entries; a timeout only blocks', async () => {
    const plain = await createRaffle(null, { allow_points_entry: true, points_per_entry: 25 });
    const ruled = await createRaffle({ min_level: 2 });
    const [fay, gus] = [await stack.member({ kickId: ++kickSeq, socket: true }), await stack.member({ kickId: ++kickSeq, socket: true })];
    await sql('insert into member_xp (user_id, xp, level) values (?, 100, 2)', [fay.id]);
    await sql('insert into wallets (user_id, balance) values (?, 100)', [fay.id]);
    expect((await viaHttp(fay, plain)).status).toBe(200);
    expect((await viaHttp(fay, plain, { entry_type: 'points', points_spent: 50 })).status).toBe(200);
    expect((await viaHttp(fay, ruled)).status).toBe(200);
    expect((await viaHttp(gus, plain)).status).toBe(200);

    await ban(fay);
    expect(await entryCount(plain, fay.id)).toBe(0);
    expect(await entryCount(ruled, fay.id)).toBe(0);
    expect(await sql('select total_entries, participants_count from raffles where id = ?', [plain])).toEqual([
      { total_entries: 1, participants_count: 1 },
    ]);
    expect(Number((await sql<{ balance: string }>('select balance from wallets where user_id = ?', [fay.id]))[0]!.balance)).toBe(100);
    const audit = await sql<{ entity_id: string; after: { reason: string; ban_reason: string } }>(
      `select entity_id, after from audit_logs where action = 'raffle.entries-voided' and before->>'user_id' = ? order by id`,
      [String(fay.id)],
    );
    expect(audit.map((a) => Number(a.entity_id)).sort((a, b) => a - b)).toEqual([plain, ruled].sort((a, b) => a - b));
    expect(audit[0]!.after).toMatchObject({ reason: 'kick-ban', ban_reason: 'Spam links' });
    // The batched free entry and the rules path both refuse a banned member.
    await refusedBoth(fay, plain, ENTRY_RULE_MESSAGES.kickBanned);
    await refusedBoth(fay, ruled, ENTRY_RULE_MESSAGES.kickBanned);

    // A timeout blocks entering while it lasts but voids nothing.
    const hal = await stack.member({ kickId: ++kickSeq, socket: true });
    expect((await viaHttp(hal, plain)).status).toBe(200);
    await ban(hal, iso(600_000));
    expect(await entryCount(plain, hal.id)).toBe(1);
    const other = await createRaffle(null);
    await refusedBoth(hal, other, ENTRY_RULE_MESSAGES.kickBanned);
  });

  it('a site ban refuses entries with its message, over HTTP and the socket alike', async () => {
    const [free, ruled] = [await createRaffle(null), await createRaffle({ min_account_age_days: 1 })];
    const ivy = await stack.member({ kickId: ++kickSeq, socket: true });
    await sql(`update users set created_at = now() - interval '2 days' where id = ?`, [ivy.id]);
    // Set in the database: a ban through the admin also ends the sessions, so no request would reach the rule.
    await sql(`update users set banned_at = now(), ban_reason = 'Alt account' where id = ?`, [ivy.id]);
    // The batched free entry (no rules) and the rules path both refuse.
    await refusedBoth(ivy, free, ENTRY_RULE_MESSAGES.banned);
    await refusedBoth(ivy, ruled, ENTRY_RULE_MESSAGES.banned);
  });

  it('an admin’s site ban racing the member’s entries over HTTP and the socket: no entry of a banned member counts in the draw', async () => {
    const options = { allow_points_entry: true, points_per_entry: 5, number_of_winners: 20 };
    // One raffle on the batched free-entry path (no rules), one on the rules path.
    const raffles = [await createRaffle(null, options), await createRaffle({ min_account_age_days: 1 }, options)];
    const targets = await Promise.all(Array.from({ length: 4 }, () => stack.member({ kickId: ++kickSeq, socket: true })));
    const others = await Promise.all(Array.from({ length: 3 }, () => stack.member({ kickId: ++kickSeq, socket: true })));
    const everyone = `{${[...targets, ...others].map((m) => m.id).join(',')}}`;
    await sql(`update users set created_at = now() - interval '2 days' where id = any(?::int[])`, [everyone]);
    await sql(`insert into wallets (user_id, balance) select unnest(?::int[]), 100`, [everyone]);
    const points = { entry_type: 'points', points_spent: 5 };
    // Every target holds a ticket in both raffles before the race, so the draw has entries of theirs whatever the race did.
    for (const m of targets) for (const r of raffles) expect((await viaHttp(m, r, points)).status).toBe(200);
    for (const m of others) for (const r of raffles) expect((await viaHttp(m, r)).status).toBe(200);

    /** Over the socket, or null when no answer can come: the ban ended the connection before or while asking. */
    const viaSocketIfOpen = async (m: Member, raffleId: number, body: Record<string, unknown>) => {
      if (!m.socket.connected) return null;
      return viaSocket(m, raffleId, body).catch(() => null);
    };
    type Try = { raffle: number; kind: 'free' | 'points'; way: 'http' | 'socket' };
    const tries: Try[] = raffles.flatMap((raffle) =>
      (['free', 'points'] as const).flatMap((kind) =>
        (['http', 'socket', 'http', 'socket'] as const).map((way) => ({ raffle, kind, way })),
      ),
    );
    const raced = await Promise.all(
      targets.map(async (m) => {
        const attempt = async (t: Try) => {
          const body = t.kind === 'free' ? { entry_type: 'passwordless' } : points;
          return { ...t, answer: t.way === 'http' ? await viaHttp(m, t.raffle, body) : await viaSocketIfOpen(m, t.raffle, body) };
        };
        const half = tries.length / 2;
        const [before, ban, after] = await Promise.all([
          Promise.all(tries.slice(0, half).map(attempt)),
          stack.admin.json('POST', `/api/admin/users/${m.id}/ban`, { reason: 'Alt account' }),
          Promise.all(tries.slice(half).map(attempt)),
        ]);
        expect(ban.status).toBe(200);
        return { m, answers: [...before, ...after] };
      }),
    );

    // Each answer is an entry, the ban's refusal, a second free entry's refusal, or the refusal of a session the ban ended.
    const written = new Map<number, { raffle: number; entry_type: string; tickets: number }[]>();
    for (const { m, answers } of raced) {
      for (const { kind, way, answer } of answers) {
        if (!answer) continue;
        if (answer.status === 409) expect({ kind, message: answer.message }).toEqual({ kind: 'free', message: ALREADY_FREE });
        else if (answer.status === 422) expect(answer.message).toBe(ENTRY_RULE_MESSAGES.banned);
        // A session the ban ended: the socket answers the login refusal, HTTP its CSRF check (the token was the session's).
        else if (answer.status === 401) expect({ way, message: answer.message }).toEqual({ way: 'socket', message: ENTER_LOGIN_MESSAGE });
        else if (answer.status === 403)
          expect({ way, message: answer.message }).toEqual({
            way: 'http',
            message: 'CSRF token missing or invalid. Reload the page and try again.',
          });
        else expect(answer.status).toBe(200);
      }
      const rows = await sql<{ raffle: number; entry_type: string; tickets: number }>(
        'select raffle_id as raffle, entry_type, tickets from raffle_entries where user_id = ? order by id',
        [m.id],
      );
      written.set(m.id, rows);
      for (const raffle of raffles) {
        const mine = answers.filter((a) => a.raffle === raffle);
        for (const kind of ['free', 'points'] as const) {
          const ofKind = mine.filter((a) => a.kind === kind);
          const accepted = ofKind.filter((a) => a.answer?.status === 200).length;
          const unanswered = ofKind.some((a) => a.answer === null);
          const row = rows.find((r) => r.raffle === raffle && r.entry_type === (kind === 'free' ? 'passwordless' : 'points'));
          if (kind === 'free') {
            expect(accepted).toBeLessThanOrEqual(1);
            if (accepted || ofKind.some((a) => a.answer?.status === 409)) expect(row).toBeDefined();
            if (!unanswered) expect(Boolean(row)).toBe(accepted === 1);
          } else {
            // The ticket held before the race, plus one per accepted purchase (and perhaps purchases whose answer was lost).
            if (unanswered) expect(row!.tickets).toBeGreaterThanOrEqual(1 + accepted);
            else expect(row!.tickets).toBe(1 + accepted);
          }
        }
      }
      // Every ticket written was paid for, and nothing else was taken.
      const paid = rows.filter((r) => r.entry_type === 'points').reduce((sum, r) => sum + r.tickets * 5, 0);
      expect(await balanceOf(m.id)).toBe(100 - paid);
    }

    const targetIds = new Set(targets.map((m) => m.id));
    for (const raffle of raffles) {
      expect((await stack.admin.json('POST', `/api/admin/raffles/${raffle}/draw`)).status).toBe(200);
      const v = (await stack.admin.json('GET', `/api/r/raffles/${raffle}/verify`)).body.data as {
        algorithm: string;
        matches: boolean;
        entries: { user_id: number; tickets: number; excluded: boolean }[];
        winners: { user_id: number }[];
      };
      expect(v.algorithm).toBe('kickback-raffle-v2');
      expect(v.matches).toBe(true);
      // Every entry a banned member had written is published, excluded: nothing of theirs weighs in the draw.
      for (const m of targets) {
        const lines = v.entries.filter((e) => e.user_id === m.id);
        const rows = written.get(m.id)!.filter((r) => r.raffle === raffle);
        expect(lines.map((e) => ({ tickets: e.tickets, excluded: e.excluded }))).toEqual(
          rows.map((r) => ({ tickets: r.tickets, excluded: true })),
        );
      }
      for (const e of v.entries) if (!targetIds.has(e.user_id)) expect(e.excluded).toBe(false);
      // Twenty places for three members still counted: every one of them wins, and no banned member does.
      expect(v.winners.map((w) => w.user_id).sort((a, b) => a - b)).toEqual(others.map((m) => m.id).sort((a, b) => a - b));
      expect(await sql('select total_entries, participants_count from raffles where id = ?', [raffle])).toEqual([
        { total_entries: 3, participants_count: 3 },
      ]);
    }
    // The excluded points entries were refunded at the draw.
    for (const m of targets) {
      expect(await sql('select 1 from raffle_entries where user_id = ?', [m.id])).toEqual([]);
      expect(await balanceOf(m.id)).toBe(100);
    }
  });

  it('bans racing entries: no banned member keeps an entry, whichever way each race went', async () => {
    const free = await createRaffle(null);
    const ruled = await createRaffle({ min_account_age_days: 1 }, { allow_points_entry: true, points_per_entry: 5 });
    const members = await Promise.all(Array.from({ length: 12 }, () => stack.member({ kickId: ++kickSeq, socket: true })));
    await sql(`update users set created_at = now() - interval '2 days' where id = any(?::int[])`, [
      `{${members.map((m) => m.id).join(',')}}`,
    ]);
    await sql(`insert into wallets (user_id, balance) select unnest(?::int[]), 50`, [`{${members.map((m) => m.id).join(',')}}`]);
    const results = await Promise.all(
      members.map(async (m, i) => {
        const [, a, b, c] = await Promise.all([
          ban(m),
          (i % 2 ? viaSocket : viaHttp)(m, free),
          (i % 2 ? viaHttp : viaSocket)(m, ruled),
          viaHttp(m, ruled, { entry_type: 'points', points_spent: 10 }),
        ]);
        return [a, b, c];
      }),
    );
    for (const answer of results.flat()) {
      expect([200, 422]).toContain(answer.status);
      if (answer.status === 422) expect(answer.message).toBe(ENTRY_RULE_MESSAGES.kickBanned);
    }
    for (const m of members) {
      expect(await entryCount(free, m.id)).toBe(0);
      expect(await entryCount(ruled, m.id)).toBe(0);
      // Points paid for an entry the ban voided came back.
      expect(Number((await sql<{ balance: string }>('select balance from wallets where user_id = ?', [m.id]))[0]!.balance)).toBe(50);
    }
    for (const raffle of [free, ruled])
      expect(await sql('select total_entries, participants_count from raffles where id = ?', [raffle])).toEqual([
        { total_entries: 0, participants_count: 0 },
      ]);
  });

  it('becoming a subscriber while entering: each answer matches what was written', async () => {
    const id = await createRaffle({ subscribers_only: true, subscriber_multiplier: 2 });
    const members = await Promise.all(Array.from({ length: 10 }, () => stack.member({ kickId: ++kickSeq, socket: true })));
    const answers = await Promise.all(
      members.map(async (m, i) => {
        const [, answer] = await Promise.all([chatWithBadges(m, ['subscriber']), (i % 2 ? viaSocket : viaHttp)(m, id)]);
        return { m, answer };
      }),
    );
    for (const { m, answer } of answers) {
      const rows = await sql<{ multiplier: number }>('select multiplier from raffle_entries where raffle_id = ? and user_id = ?', [
        id,
        m.id,
      ]);
      if (answer.status === 200) expect(rows).toEqual([{ multiplier: 2 }]);
      else {
        expect(answer).toEqual({ status: 422, message: ENTRY_RULE_MESSAGES.subscribersOnly });
        expect(rows).toEqual([]);
        // Once the subscription is recorded, the same member enters.
        expect((await viaHttp(m, id)).status).toBe(200);
      }
    }
  });

  it('the admin entry list marks entrants that look like alts; the public list never carries the marks', async () => {
    const id = await createRaffle(null);
    const [fresh, regular] = [
      await stack.member({ kickId: ++kickSeq, socket: true }),
      await stack.member({ kickId: ++kickSeq, socket: true }),
    ];
    await sql(`update users set created_at = now() - interval '90 days' where id = ?`, [regular.id]);
    await sql(`insert into activity_awards (key, source, user_id, points, xp, credited_at) values (?, 'watch', ?, 10, 10, now())`, [
      `watch:farm:${regular.id}`,
      regular.id,
    ]);
    await sql(
      `insert into activity_awards (key, source, user_id, kick_user_id, points, xp, credited_at) values (?, 'chat', ?, ?, 5, 5, now())`,
      [`chat:farm:${regular.id}`, regular.id, regular.kickId],
    );
    for (const m of [fresh, regular]) expect((await viaHttp(m, id)).status).toBe(200);
    const rows = (await stack.admin.json('GET', `/api/admin/raffles/${id}/entries?page=1`)).body.data as {
      user: { id: number };
      signals: string[];
      account_age_days: number;
      multiplier: number;
    }[];
    const of = (userId: number) => rows.find((r) => r.user.id === userId)!;
    expect(of(fresh.id)).toMatchObject({ signals: ['new-account', 'no-watch-time', 'no-chat'], account_age_days: 0, multiplier: 1 });
    expect(of(regular.id)).toMatchObject({ signals: [], account_age_days: 90 });
    const publicList = JSON.stringify((await fresh.client.json('GET', `/api/r/raffles/${id}/entries`)).body);
    expect(publicList).not.toContain('signals');
    expect(publicList).not.toContain('account_age_days');
    // Members cannot read the admin list.
    expect((await fresh.client.json('GET', `/api/admin/raffles/${id}/entries?page=1`)).status).toBe(403);
  });
});
