import { EntityManager } from '@mikro-orm/postgresql';
import {
  FALLBACK_RANK,
  achievementUnlockedNotification,
  levelReachedNotification,
  type DomainEvent,
  type DomainEventMap,
  type DomainEventType,
  type RaffleEntryAdded,
} from '@kickback/contracts';
import type Redis from 'ioredis';
import { DomainEventDispatcher, REDIS } from '@kickback/platform';
import { integrationStack, createUser, waitFor, joinRoom } from '@kickback/testing';
import { runDemoSeed } from '../demo/demo-seed';
import { seedTickets } from '../tickets/tickets.seed';
import { ProgressionBackfillService } from './progression-backfill.service';
import { ProgressionRankService, RANK_KEY } from './progression-rank.service';
import { XP_AWARDS } from './xp-awards';

/** One free entry as raffle.entries-added carries it. */
const entry = (userId: number, entryId: number): RaffleEntryAdded => ({
  userId,
  entryId,
  entryType: 'passwordless',
  tickets: 1,
  pointsSpent: 0,
});

let sequence = 0;
function event<T extends DomainEventType>(type: T, payload: DomainEventMap[T], id = String(9_000_000_000 + ++sequence)): DomainEvent<T> {
  return { id, type, payload, createdAt: new Date().toISOString() };
}

describe('progression in the worker', () => {
  const dispatch = (e: DomainEvent) => stack.worker.get(DomainEventDispatcher).dispatch(e);
  const xpOf = async (userId: number) => {
    const [row] = await stack.em.fork().execute<{ xp: string }[]>('select xp from member_xp where user_id = ?', [userId]);
    return row ? Number(row.xp) : 0;
  };
  const rankOf = async (username: string) => (await stack.api.client().json('GET', `/api/r/user/${username}`)).body.data.rank as number;

  const stack = integrationStack({ worker: true, admin: true });

  it('awards XP once for the same event delivered twice, or the same action sent as two events', async () => {
    const { id: userId } = await createUser(stack.em, {});
    const added = entry(userId, 900_001);
    const first = event('raffle.entries-added', { raffleId: 1, entries: [added] });
    await dispatch(first);
    await dispatch(first);
    await dispatch(event('raffle.entries-added', { raffleId: 1, entries: [added] }));
    // An event stored before entries were batched, naming the same entry: the same award key, nothing more.
    await dispatch(event('raffle.entered', { raffleId: 1, ...added }));
    expect(await xpOf(userId)).toBe(XP_AWARDS.raffle_entry);
    const rows = await stack.em.fork().execute('select source, xp, award_key from xp_ledger where user_id = ?', [userId]);
    expect(rows).toEqual([{ source: 'raffle_entry', xp: XP_AWARDS.raffle_entry, award_key: 'raffle-entry:900001' }]);

    // Logins: once per day, however many times the member logs in.
    const at = '2026-11-20T10:00:00.000Z';
    await dispatch(event('user.logged-in', { userId, at }));
    await dispatch(event('user.logged-in', { userId, at: '2026-11-20T22:00:00.000Z' }));
    await dispatch(event('user.logged-in', { userId, at: '2026-11-21T08:00:00.000Z' }));
    expect(await xpOf(userId)).toBe(XP_AWARDS.raffle_entry + 2 * XP_AWARDS.login);
  });

  it('awards hunt scoring (winners more), friends (both members, once per pair) and stream activity (its own xp)', async () => {
    const [a, b] = [await createUser(stack.em, {}), await createUser(stack.em, {})];
    await dispatch(event('hunt.scored', { huntId: 77, userIds: [a.id, b.id], winnerUserIds: [a.id], at: new Date().toISOString() }));
    expect([await xpOf(a.id), await xpOf(b.id)]).toEqual([XP_AWARDS.hunt_won, XP_AWARDS.hunt_scored]);
    const accepted = { friendshipId: 5, change: 'accepted' as const, actorId: b.id, otherId: a.id, at: new Date().toISOString() };
    await dispatch(event('friendship.changed', accepted));
    await dispatch(event('friendship.changed', { ...accepted, friendshipId: 6, actorId: a.id, otherId: b.id }));
    expect([await xpOf(a.id), await xpOf(b.id)]).toEqual([XP_AWARDS.hunt_won + XP_AWARDS.friend, XP_AWARDS.hunt_scored + XP_AWARDS.friend]);
    await dispatch(
      event('activity.awarded', { userId: b.id, source: 'chat', points: 5, xp: 7, key: 'msg-1', at: new Date().toISOString() }),
    );
    await dispatch(
      event('activity.awarded', { userId: b.id, source: 'chat', points: 5, xp: 7, key: 'msg-1', at: new Date().toISOString() }),
    );
    expect(await xpOf(b.id)).toBe(XP_AWARDS.hunt_scored + XP_AWARDS.friend + 7);
  });

  it('unlocks an achievement and grants a rule badge exactly once and tells the member and the alerts room; a level-up says Level N!', async () => {
    const created = await stack.admin.json('POST', '/api/admin/achievements', {
      name: 'Two Tickets',
      icon: '🎟️',
      description: 'Enter two raffles.',
      category: 'raffles',
      rule: { counter: 'raffle_entries', threshold: 2 },
    });
    expect(created.status).toBe(201);
    const ruleBadge = await stack.admin.json('POST', '/api/admin/badges', {
      name: 'Regular',
      icon: '🎫',
      description: 'Entered two raffles.',
      rule: { counter: 'raffle_entries', threshold: 2 },
    });
    expect(ruleBadge.status).toBe(201);
    const user = await createUser(stack.em, {});
    const client = stack.api.client();
    await client.loginAs(user.id);
    const own = await stack.socket(client);
    const notices: string[] = [];
    own.on('user:notification', (p: { message: string }) => notices.push(p.message));
    const alerts = await stack.socket();
    const items: { kind: string; username: string; text: string }[] = [];
    alerts.on('alerts:item', (p) => items.push(p));
    await joinRoom(alerts, 'alerts');

    // One batch of entries unlocks it for the member with two of them (once), not for the one beside them with one.
    const bystander = await createUser(stack.em, {});
    await dispatch(
      event('raffle.entries-added', {
        raffleId: 2,
        entries: [entry(user.id, 910_001), entry(bystander.id, 910_002), entry(user.id, 910_003)],
      }),
    );
    await dispatch(event('raffle.entries-added', { raffleId: 3, entries: [entry(user.id, 910_004)] }));
    // (The member's login XP arrives through the relay on its own time, so only entry awards are counted here.)
    const entryAwards = await stack.em
      .fork()
      .execute<{ user_id: number; n: number }[]>(
        `select user_id, count(*)::int as n from xp_ledger where source = 'raffle_entry' and user_id in (?, ?) group by user_id order by n desc`,
        [user.id, bystander.id],
      );
    expect(entryAwards).toEqual([
      { user_id: user.id, n: 3 },
      { user_id: bystander.id, n: 1 },
    ]);
    const bystanderUnlocks = await stack.em
      .fork()
      .execute('select 1 from member_achievements where user_id = ? and achievement_id = ?', [bystander.id, created.body.data.id]);
    expect(bystanderUnlocks).toHaveLength(0);
    const ruleBadgeHolders = () =>
      stack.em
        .fork()
        .execute<{ user_id: number; granted_by: string }[]>('select user_id, granted_by from member_badges where badge_id = ?', [
          ruleBadge.body.data.id,
        ]);
    expect(await ruleBadgeHolders()).toEqual([{ user_id: user.id, granted_by: 'rule' }]);
    await waitFor(() => notices.includes(achievementUnlockedNotification('Two Tickets')), 10_000, 'achievement toast');
    // The alert names the member by their Kick name (the factory's is the username in lower case).
    await waitFor(
      () => items.some((i) => i.kind === 'achievement' && i.username === user.username.toLowerCase()),
      10_000,
      'achievement alert',
    );
    const unlocks = await stack.em
      .fork()
      .execute('select 1 from member_achievements where user_id = ? and achievement_id = ?', [user.id, created.body.data.id]);
    expect(unlocks).toHaveLength(1);

    await dispatch(event('activity.awarded', { userId: user.id, source: 'watch', points: 0, xp: 1000, key: `lvl-${user.id}`, at: '' }));
    await waitFor(() => notices.includes(levelReachedNotification(2)), 10_000, 'level toast');
    await waitFor(() => items.some((i) => i.kind === 'level-up' && i.username === user.username), 10_000, 'level alert');
    expect(notices.filter((n) => n === achievementUnlockedNotification('Two Tickets'))).toHaveLength(1);
    expect(await ruleBadgeHolders()).toEqual([{ user_id: user.id, granted_by: 'rule' }]);

    const profile = (await stack.api.client().json('GET', `/api/r/user/${user.username}`)).body.data;
    expect(profile).toMatchObject({ level: 2, xp_next_level: 2000, achievements_count: 1, stats: { achievement_count: 1 } });
    expect(profile.achievements[0]).toMatchObject({ name: 'Two Tickets', title: 'Two Tickets', unlocked: true });
  });

  it('awards XP for real actions through the outbox relay: the daily login, a ticket opened and then resolved by staff', async () => {
    await stack.em.fork().transactional((tx) => seedTickets(tx));
    const [{ id: categoryId }] = await stack.em.fork().execute<{ id: number }[]>('select id from ticket_categories order by id limit 1');
    const user = await createUser(stack.em, {});
    const client = stack.api.client();
    await client.loginAs(user.id);
    await waitFor(async () => (await xpOf(user.id)) === XP_AWARDS.login, 10_000, 'login XP');

    const body = new FormData();
    for (const [k, v] of Object.entries({ title: 'Where is my prize', description: 'Still waiting.', category_id: String(categoryId) })) {
      body.append(k, v);
    }
    const created = await client.request('POST', '/api/r/tickets', { body });
    const ticketId = ((await created.json()) as { data: { id: number } }).data.id;
    await waitFor(async () => (await xpOf(user.id)) === XP_AWARDS.login + XP_AWARDS.ticket, 10_000, 'ticket XP');

    const staff = await stack.api.signedIn({ role: 'staff' });
    expect((await staff.json('PATCH', `/api/admin/tickets/${ticketId}`, { status: 'resolved' })).status).toBe(200);
    expect((await staff.json('PATCH', `/api/admin/tickets/${ticketId}`, { priority: 'low' })).status).toBe(200);
    const total = XP_AWARDS.login + XP_AWARDS.ticket + XP_AWARDS.ticket_resolved;
    await waitFor(async () => (await xpOf(user.id)) === total, 10_000, 'resolved XP');
    const sources = await stack.em
      .fork()
      .execute<{ source: string }[]>('select source from xp_ledger where user_id = ? order by id', [user.id]);
    expect(sources.map((r) => r.source)).toEqual(['login', 'ticket', 'ticket_resolved']);
  });

  it('awards predictions and their scoring when a real hunt completes (the prize winner earns more)', async () => {
    const created = await stack.admin.json('POST', '/api/admin/bonus-hunts', { starting_balance: 100, prize_points: [1000] });
    const huntId: number = created.body.data.id;
    const slot = await stack.admin.json('POST', '/api/admin/hunt-catalogue/slots', {
      name: `XP Slot ${huntId}`,
      provider_name: 'Pragmatic Play',
    });
    const added = await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/games`, { slot_id: slot.body.data.id, bet: 2 });
    const gameId: number = added.body.data.games.at(-1).id;
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: true });
    const members: { id: number }[] = [];
    for (const end_balance of [250, 900]) {
      const user = await createUser(stack.em, {});
      const client = stack.api.client();
      await client.loginAs(user.id);
      const res = await client.json('POST', `/api/r/bonus-hunts/${huntId}/predict`, {
        end_balance,
        highest_multiplier: 100,
        highest_multiplier_game: `XP Slot ${huntId}`,
      });
      expect(res.status).toBe(200);
      members.push(user);
    }
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/predictions`, { active: false });
    await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'opening' });
    await stack.admin.json('PUT', `/api/admin/bonus-hunts/${huntId}/games/${gameId}`, { win: 200 });
    expect((await stack.admin.json('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: 'completed' })).status).toBe(201);

    const [close, far] = [members[0]!, members[1]!];
    const base = XP_AWARDS.login + XP_AWARDS.hunt_prediction;
    await waitFor(async () => (await xpOf(close.id)) === base + XP_AWARDS.hunt_won, 10_000, 'winner XP');
    await waitFor(async () => (await xpOf(far.id)) === base + XP_AWARDS.hunt_scored, 10_000, 'participant XP');
  });

  it('awards a tournament bracket once, and every member with picks when the final is decided', async () => {
    const created = await stack.admin.json('POST', '/api/admin/tournaments', {
      name: 'XP Cup',
      size: 4,
      slots: ['A', 'B', 'C', 'D'].map((name) => ({ name: `XP ${name}` })),
      predictions_active: true,
    });
    expect(created.status).toBe(201);
    const t = created.body.data as { id: number; matches: { id: number; round: number; match_number: number; slot1_name: string }[] };
    const first = t.matches.filter((m) => m.round === 1);
    const user = await createUser(stack.em, {});
    const client = stack.api.client();
    await client.loginAs(user.id);
    for (const m of first) {
      // Two saves of the same bracket: one award.
      const res = await client.json('POST', `/api/r/tournaments/${t.id}/predict`, {
        predictions: [{ match_id: m.id, winner_name: m.slot1_name }],
      });
      expect(res.status).toBe(200);
    }
    await stack.admin.json('PUT', `/api/admin/tournaments/${t.id}`, { predictions_active: false });
    for (const m of first)
      await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${m.id}/winner`, { winner_name: m.slot1_name });
    const final = t.matches.find((m) => m.round === 2)!;
    const decided = await stack.admin.json('POST', `/api/admin/tournaments/${t.id}/matches/${final.id}/winner`, {
      winner_name: first[0]!.slot1_name,
    });
    expect(decided.status).toBe(201);
    const total = XP_AWARDS.login + XP_AWARDS.tournament_prediction + XP_AWARDS.tournament_scored;
    await waitFor(async () => (await xpOf(user.id)) === total, 10_000, 'tournament XP');
  });

  it('parallel awards for one member add up and unlock an achievement once, with one announcement', async () => {
    const created = await stack.admin.json('POST', '/api/admin/achievements', {
      name: 'Five Redemptions',
      category: 'store',
      rule: { counter: 'redemptions', threshold: 5 },
    });
    const user = await createUser(stack.em, {});
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        dispatch(event('redemption.created', { redemptionId: 800_000 + i, userId: user.id, itemId: 1 })),
      ),
    );
    expect(await xpOf(user.id)).toBe(20 * XP_AWARDS.redemption);
    expect(
      await stack.em.fork().execute('select source, awards::int from member_xp_sources where user_id = ? order by source', [user.id]),
    ).toEqual([{ source: 'redemption', awards: 20 }]);
    const unlocks = await stack.em
      .fork()
      .execute('select 1 from member_achievements where user_id = ? and achievement_id = ?', [user.id, created.body.data.id]);
    expect(unlocks).toHaveLength(1);
    const announced = await stack.em
      .fork()
      .execute(
        `select 1 from outbox_events where type = 'progression.achievement-unlocked' and (payload ->> 'userId')::int = ? and (payload ->> 'achievementId')::int = ?`,
        [user.id, created.body.data.id],
      );
    expect(announced).toHaveLength(1);
    const levels = await stack.em
      .fork()
      .execute<{ level: string }[]>(
        `select payload ->> 'level' as level from outbox_events where type = 'progression.level-reached' and (payload ->> 'userId')::int = ?`,
        [user.id],
      );
    expect(levels.map((l) => l.level)).toEqual(['2']);
  });

  it('ranks by XP in Redis with the earlier reach first on ties, and 999 without XP', async () => {
    const [x, y, none] = [await createUser(stack.em, {}), await createUser(stack.em, {}), await createUser(stack.em, {})];
    const award = (userId: number, xp: number, key: string) =>
      dispatch(event('activity.awarded', { userId, source: 'watch', points: 0, xp, key, at: new Date().toISOString() }));
    await award(x.id, 5000, `rank-x-${x.id}`);
    await award(y.id, 5000, `rank-y-${y.id}`);
    const [rx, ry] = [await rankOf(x.username), await rankOf(y.username)];
    expect(ry).toBe(rx + 1);
    await award(y.id, 1, `rank-y2-${y.id}`);
    expect(await rankOf(y.username)).toBe(rx);
    expect(await rankOf(x.username)).toBe(rx + 1);
    expect(await rankOf(none.username)).toBe(FALLBACK_RANK);
  });

  it('ranks follow the totals the awards returned: several events in one transaction, a stale total never wins, a redelivery reads back', async () => {
    const redis = stack.worker.get<Redis>(REDIS);
    const scoreOf = async (userId: number) => Number(await redis.zscore(RANK_KEY, String(userId)));
    const totalsOf = async (userId: number) =>
      (
        await stack.em
          .fork()
          .execute<{ xp: string; reached_ledger_id: string }[]>('select xp, reached_ledger_id from member_xp where user_id = ?', [userId])
      )[0]!;
    const [a, b] = [await createUser(stack.em, {}), await createUser(stack.em, {})];
    // Three events of one raffle, as the relay hands a busy stream's claim to one job: one transaction for all.
    const events = [
      event('raffle.entries-added', { raffleId: 2, entries: [entry(a.id, 920_001), entry(b.id, 920_002)] }),
      event('raffle.entries-added', { raffleId: 2, entries: [entry(a.id, 920_003)] }),
      event('raffle.entries-added', { raffleId: 3, entries: [entry(b.id, 920_004)] }),
    ];
    const dispatcher = stack.worker.get(DomainEventDispatcher);
    expect(await dispatcher.dispatchMany(events)).toBe(3);
    expect([await xpOf(a.id), await xpOf(b.id)]).toEqual([2 * XP_AWARDS.raffle_entry, 2 * XP_AWARDS.raffle_entry]);
    const score = (t: { xp: string; reached_ledger_id: string }) =>
      ProgressionRankService.score({ xp: Number(t.xp), reached_ledger_id: Number(t.reached_ledger_id) });
    const aTotals = await totalsOf(a.id);
    expect(await scoreOf(a.id)).toBe(score(aTotals));

    // Two jobs awarding one member commit in one order and reach Redis in the other: the newer place stays.
    const rank = stack.worker.get(ProgressionRankService);
    await rank.set([
      {
        user_id: a.id,
        xp: Number(aTotals.xp) - XP_AWARDS.raffle_entry,
        level: 1,
        reached_ledger_id: Number(aTotals.reached_ledger_id) - 1,
      },
    ]);
    expect(await scoreOf(a.id)).toBe(score(aTotals));

    // The same events again after the rank set lost them (a job retried after its commit): nothing applies twice,
    // and the ranks are read back from the database.
    await redis.zrem(RANK_KEY, String(a.id), String(b.id));
    expect(await dispatcher.dispatchMany(events)).toBe(0);
    expect(await scoreOf(a.id)).toBe(score(aTotals));
    expect(await scoreOf(b.id)).toBe(score(await totalsOf(b.id)));
    expect([await xpOf(a.id), await xpOf(b.id)]).toEqual([2 * XP_AWARDS.raffle_entry, 2 * XP_AWARDS.raffle_entry]);

    // Part of a batch applied before: only the rest is applied, each once.
    const more = event('raffle.entries-added', { raffleId: 3, entries: [entry(b.id, 920_005)] });
    expect(await dispatcher.dispatchMany([events[2]!, more])).toBe(1);
    expect(await xpOf(b.id)).toBe(3 * XP_AWARDS.raffle_entry);
    expect(await scoreOf(b.id)).toBe(score(await totalsOf(b.id)));
  });

  it('admin: achievements and badges CRUD, grant and revoke a badge, the XP ledger page; audited and admin-only', async () => {
    const member = await createUser(stack.em, {});
    const badge = await stack.admin.json('POST', '/api/admin/badges', { name: 'Tester', icon: '🧪', description: 'Helped test.' });
    expect(badge).toMatchObject({ status: 201, body: { success: true, data: { name: 'Tester', rule: null, holders_count: 0 } } });
    const badgeId = badge.body.data.id;
    expect((await stack.admin.json('POST', '/api/admin/badges', { name: 'tester', icon: null })).status).toBe(409);
    expect(
      (await stack.admin.json('PUT', `/api/admin/badges/${badgeId}`, { name: 'Tester', icon: '🧪', description: 'Helped test a lot.' }))
        .body.data,
    ).toMatchObject({ description: 'Helped test a lot.' });
    expect((await stack.admin.json('POST', `/api/admin/users/${member.id}/badges/${badgeId}`)).body.data).toEqual({
      user_id: member.id,
      badge_id: badgeId,
      granted: true,
    });
    const shown = (await stack.api.client().json('GET', `/api/r/user/${member.username}`)).body.data;
    expect(shown.badges).toEqual([{ id: badgeId, name: 'Tester', icon: '🧪', description: 'Helped test a lot.' }]);

    await dispatch(event('ticket.created', { ticketId: 4242, userId: member.id }));
    const ledger = await stack.admin.json('GET', `/api/admin/users/${member.id}/xp`);
    expect(ledger.body.data).toMatchObject({
      user: { id: member.id, username: member.username },
      xp: XP_AWARDS.ticket,
      level: 1,
      badges: [{ id: badgeId, granted_by: 'admin' }],
      data: [{ source: 'ticket', xp: XP_AWARDS.ticket, key: 'ticket:4242' }],
      pagination: { current_page: 1, last_page: 1, total: 1 },
    });

    expect((await stack.admin.json('DELETE', `/api/admin/users/${member.id}/badges/${badgeId}`)).body.data.granted).toBe(false);
    expect((await stack.api.client().json('GET', `/api/r/user/${member.username}`)).body.data.badges).toEqual([]);
    expect((await stack.admin.json('POST', `/api/admin/users/2000000000/badges/${badgeId}`)).status).toBe(404);

    const bad = await stack.admin.json('POST', '/api/admin/achievements', {
      name: 'X',
      category: 'raffles',
      rule: { counter: 'nope', threshold: 0 },
    });
    expect([bad.status, bad.body.success, Object.keys(bad.body.errors ?? {}).length > 0]).toEqual([422, false, true]);
    const achievement = await stack.admin.json('POST', '/api/admin/achievements', {
      name: 'Chatter',
      category: 'stream',
      rule: { counter: 'stream_activity', threshold: 100 },
    });
    const aid = achievement.body.data.id;
    expect(
      (
        await stack.admin.json('PUT', `/api/admin/achievements/${aid}`, {
          name: 'Chatter',
          category: 'stream',
          rule: { counter: 'stream_activity', threshold: 50 },
          active: false,
        })
      ).body.data,
    ).toMatchObject({ rule: { threshold: 50 }, active: false });
    expect((await stack.admin.json('DELETE', `/api/admin/achievements/${aid}`)).status).toBe(200);
    expect((await stack.admin.json('DELETE', `/api/admin/achievements/${aid}`)).status).toBe(404);
    expect((await stack.admin.json('DELETE', `/api/admin/badges/${badgeId}`)).status).toBe(200);

    const actions = await stack.em
      .fork()
      .execute<{ action: string }[]>(`select action from audit_logs where action like 'progression.%' order by id`);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'progression.badge.create',
        'progression.badge.update',
        'progression.badge.grant',
        'progression.badge.revoke',
        'progression.achievement.create',
        'progression.achievement.update',
        'progression.achievement.delete',
        'progression.badge.delete',
      ]),
    );

    const plain = stack.api.client();
    await plain.loginAs(member.id);
    expect((await plain.json('GET', `/api/admin/users/${member.id}/xp`)).status).toBe(403);
    expect((await plain.json('POST', '/api/admin/badges', { name: 'Mine' })).status).toBe(403);
  });
});

describe('progression backfill', () => {
  let backfill: ProgressionBackfillService;
  let redis: Redis;

  const stack = integrationStack();

  beforeAll(async () => {
    backfill = stack.api.app.get(ProgressionBackfillService);
    redis = stack.api.app.get<Redis>(REDIS);
    await runDemoSeed(stack.em.fork());
    // As if progression had just landed: the demo's tables are full, the ledger empty.
    // member_xp_sources is left as the seed wrote it: counts the emptied ledger no longer holds, for the backfill to
    // replace.
    await stack.em.fork().execute('truncate xp_ledger, member_xp, member_achievements, member_badges');
  });

  const snapshot = async () => ({
    totals: await stack.em.fork().execute('select user_id, xp, level from member_xp order by user_id'),
    unlocks: await stack.em.fork().execute('select user_id, achievement_id from member_achievements order by 1, 2'),
    ledger: await stack.em.fork().execute('select count(*)::int as n, sum(xp)::int as xp from xp_ledger'),
  });

  it('computes XP and achievements from the existing tables, and a second run changes nothing', async () => {
    const first = await backfill.run();
    expect(first.newAwards).toBeGreaterThan(0);
    expect(first.unlocked).toBeGreaterThan(0);
    const after = await snapshot();

    const [counts] = await stack.em.fork().execute<{ entries: number; awarded: number; predictions: number; hunt: number }[]>(
      `select (select count(*)::int from raffle_entries) as entries,
              (select count(*)::int from xp_ledger where source = 'raffle_entry') as awarded,
              (select count(*)::int from hunt_predictions) as predictions,
              (select count(*)::int from xp_ledger where source = 'hunt_prediction') as hunt`,
    );
    expect(counts!.awarded).toBe(counts!.entries);
    expect(counts!.hunt).toBe(counts!.predictions);
    const [sums] = await stack.em.fork().execute<{ bad: number }[]>(
      `select count(*)::int as bad from member_xp m where m.xp <> (select sum(xp) from xp_ledger l where l.user_id = m.user_id)
           or m.level <> floor(m.xp / 1000) + 1`,
    );
    expect(sums!.bad).toBe(0);
    expect(await sourceCountsOffLedger(stack.em)).toBe(0);

    expect(await redis.zcard(RANK_KEY)).toBe(first.members);
    const [top] = await stack.em
      .fork()
      .execute<{ user_id: number }[]>('select user_id from member_xp order by xp desc, reached_ledger_id limit 1');
    expect(await redis.zrevrange(RANK_KEY, 0, 0)).toEqual([String(top!.user_id)]);

    const second = await backfill.run();
    expect([second.newAwards, second.unlocked]).toEqual([0, 0]);
    expect(await snapshot()).toEqual(after);
  });
});

/** Members' awards per source (member_xp_sources) that differ from a count of their ledger rows, either way. */
async function sourceCountsOffLedger(em: EntityManager): Promise<number> {
  const [row] = await em.fork().execute<{ off: number }[]>(
    `select count(*)::int as off
     from (select user_id, source, count(*) as awards from xp_ledger group by user_id, source) l
     full join member_xp_sources m using (user_id, source)
     where l.awards is distinct from m.awards`,
  );
  return row!.off;
}
