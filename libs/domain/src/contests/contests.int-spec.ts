import { EntityManager } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { CONTEST_TEXTS, QUEUES, type ContestSettings } from '@kickback/contracts';
import { createUser, integrationStack, waitFor } from '@kickback/testing';
import { EconomyService } from '../economy';
import { ContestsService, type StakeRequest } from './contests.service';

/**
 * Contests against real PostgreSQL: stakes, closes and settlements fired together never create or lose a point. Every
 * check recomputes from the ledger and the wallets, not from what the service answered.
 */
describe('contests (real PostgreSQL)', () => {
  const stack = integrationStack({ worker: true });
  let em: EntityManager;
  let contests: ContestsService;
  let economy: EconomyService;
  let admin: number;

  beforeAll(async () => {
    em = stack.em;
    contests = stack.api.app.get(ContestsService);
    economy = stack.api.app.get(EconomyService);
    admin = (await createUser(em, { role: 'Admin' })).id;
  });

  const settings = (over: Partial<ContestSettings> = {}): ContestSettings => ({
    question: 'Does the bonus pay over 100x?',
    options: ['Yes', 'No', 'Push'],
    min_stake: 10,
    max_stake: 1_000,
    window_seconds: null,
    ...over,
  });

  /** Members with their own grant, in one statement each for users, ledger and wallets. */
  async function members(grants: number[]): Promise<number[]> {
    const ids = await em.fork().execute<{ id: number }[]>(
      `insert into users (username, name, role, kick_username, is_demo)
       select 'c' || g || '_' || md5(random()::text), 'c' || g, 'member', null, true from generate_series(1, ?) g returning id`,
      [grants.length],
    );
    const userIds = ids.map((r) => r.id);
    await em.fork().transactional((tx) =>
      economy.creditMany(
        tx,
        userIds.map((userId, i) => ({ userId, amount: grants[i]!, reason: 'test.grant', idempotencyKey: `grant-${userId}` })),
      ),
    );
    return userIds;
  }

  const ledger = async (contestId: number) => {
    const rows = await em
      .fork()
      .execute<{ user_id: number; reason: string; delta: string }[]>(
        `select user_id, reason, sum(delta)::text as delta from points_ledger where reference = ? group by user_id, reason`,
        [`contest:${contestId}`],
      );
    const sum = (reason: string) => rows.filter((r) => r.reason === reason).reduce((s, r) => s + Number(r.delta), 0);
    const of = (reason: string) => new Map(rows.filter((r) => r.reason === reason).map((r) => [r.user_id, Number(r.delta)]));
    return { staked: -sum('contest.stake'), paid: sum('contest.payout'), refunded: sum('contest.refund'), of };
  };

  /** Every wallet equals its ledger and none is negative. */
  const walletsMatchLedger = async () => {
    const [row] = await em.fork().execute<{ off: string; negative: string }[]>(
      `select count(*) filter (where w.balance <> coalesce(l.total, 0))::text as off, count(*) filter (where w.balance < 0)::text as negative
       from wallets w left join (select user_id, sum(delta) as total from points_ledger group by user_id) l using (user_id)`,
    );
    expect(row).toEqual({ off: '0', negative: '0' });
  };

  const settle = (p: Promise<unknown>) =>
    p.then(
      () => 'ok' as const,
      (e: Error) => e.message,
    );

  it('1,000 members staking in parallel from the site and chat, then a resolve: paid equals staked exactly', async () => {
    const grants = Array.from({ length: 1000 }, (_, i) => 50 + ((i * 37) % 900));
    const ids = await members(grants);
    const contest = await contests.open(admin, settings({ max_stake: 600 }));
    // Each member stakes twice on their option (site, then a chat message), some asking more than they have.
    const wants = ids.map((userId, i) => ({ userId, option: i % 3, points: 10 + ((i * 53) % 500) }));
    const request = (w: (typeof wants)[number], i: number, viaChat: boolean): StakeRequest => ({
      contestId: contest.id,
      userId: w.userId,
      option: w.option,
      points: w.points,
      ...(viaChat ? { sentAt: new Date(), key: `kick-msg-${contest.id}-${i}` } : {}),
    });
    const outcomes = await Promise.all(
      wants.flatMap((w, i) => [settle(contests.stake(request(w, i, false))), settle(contests.stake(request(w, i, true)))]),
    );
    expect(new Set(outcomes)).toEqual(new Set(['ok', 'Not enough points.', CONTEST_TEXTS.overMax]));
    // A member trying a second option is refused and keeps their stake where it was.
    expect(await settle(contests.stake({ contestId: contest.id, userId: ids[0]!, option: 1, points: 10 }))).toBe(CONTEST_TEXTS.otherOption);

    const before = await ledger(contest.id);
    const view = await contests.view(contest.id);
    expect(view.pool).toBe(before.staked);
    const resolved = await contests.resolve(admin, contest.id, 1);
    expect(resolved.status).toBe('resolved');

    const after = await ledger(contest.id);
    expect(after.paid).toBe(before.staked);
    expect(after.refunded).toBe(0);
    // Recomputed here: each winner gets their rounded-down share of the pool, or one point more.
    const staked = after.of('contest.stake');
    const winners = ids.filter((id, i) => wants[i]!.option === 1 && staked.has(id));
    const winningPool = winners.reduce((s, id) => s - staked.get(id)!, 0);
    const paid = after.of('contest.payout');
    expect([...paid.keys()].sort()).toEqual([...winners].sort());
    for (const id of winners) {
      const floor = Math.floor((before.staked * -staked.get(id)!) / winningPool);
      expect(paid.get(id)! - floor).toBeGreaterThanOrEqual(0);
      expect(paid.get(id)! - floor).toBeLessThanOrEqual(1);
    }
    await walletsMatchLedger();
  }, 120_000);

  it('a resolve racing late stakes: each stake is either refused or counted in the payout', async () => {
    const ids = await members(Array.from({ length: 60 }, () => 500));
    const contest = await contests.open(admin, settings({ options: ['A', 'B'] }));
    await contests.stake({ contestId: contest.id, userId: ids[0]!, option: 0, points: 100 });
    const outcomes = await Promise.all([
      ...ids.slice(1).map((userId, i) => settle(contests.stake({ contestId: contest.id, userId, option: i % 2, points: 50 }))),
      settle(contests.resolve(admin, contest.id, 0)),
    ]);
    expect(outcomes.at(-1)).toBe('ok');
    expect(new Set(outcomes.slice(0, -1))).toEqual(
      new Set(outcomes.slice(0, -1).includes(CONTEST_TEXTS.notOpen) ? ['ok', CONTEST_TEXTS.notOpen] : ['ok']),
    );
    const result = await ledger(contest.id);
    expect(result.staked).toBe(100 + 50 * outcomes.slice(0, -1).filter((o) => o === 'ok').length);
    expect(result.paid + result.refunded).toBe(result.staked);
    await walletsMatchLedger();
  });

  it('two admins resolving at once, and a cancel racing a resolve: exactly one settles, every point moves once', async () => {
    const other = (await createUser(em, { role: 'Admin' })).id;
    const ids = await members([300, 300, 300]);
    for (const [first, second] of [
      [(id: number) => contests.resolve(admin, id, 0), (id: number) => contests.resolve(other, id, 1)],
      [(id: number) => contests.cancel(other, id), (id: number) => contests.resolve(admin, id, 1)],
    ]) {
      const contest = await contests.open(admin, settings({ options: ['A', 'B'] }));
      await Promise.all(ids.map((userId, i) => contests.stake({ contestId: contest.id, userId, option: i % 2, points: 100 + i })));
      const outcomes = await Promise.all([settle(first(contest.id)), settle(second(contest.id))]);
      expect(outcomes.sort()).toEqual([CONTEST_TEXTS.alreadySettled, 'ok'].sort());
      const result = await ledger(contest.id);
      expect(result.staked).toBe(303);
      expect(result.paid + result.refunded).toBe(303);
      expect(result.paid === 0 || result.refunded === 0).toBe(true);
    }
    await walletsMatchLedger();
  });

  it('an admin who staked cannot resolve; another admin can', async () => {
    const other = (await createUser(em, { role: 'Admin' })).id;
    const [member] = await members([100]);
    await em
      .fork()
      .transactional((tx) =>
        economy.credit(tx, { userId: admin, amount: 100, reason: 'test.grant', idempotencyKey: `grant-admin-${Date.now()}` }),
      );
    const contest = await contests.open(admin, settings({ options: ['A', 'B'] }));
    await contests.stake({ contestId: contest.id, userId: admin, option: 0, points: 50 });
    await contests.stake({ contestId: contest.id, userId: member!, option: 1, points: 50 });
    expect(await settle(contests.resolve(admin, contest.id, 0))).toBe(CONTEST_TEXTS.stakedAdmin);
    expect((await contests.view(contest.id)).status).toBe('open');
    expect((await contests.resolve(other, contest.id, 0)).status).toBe('resolved');
    expect((await ledger(contest.id)).of('contest.payout').get(admin)).toBe(100);
  });

  it('cancel and the 24 h auto-refund return every stake once', async () => {
    const ids = await members([200, 200]);
    const stakeBoth = async (contestId: number) =>
      Promise.all(ids.map((userId, i) => contests.stake({ contestId, userId, option: i, points: 20 + i })));
    const cancelled = await contests.open(admin, settings());
    await stakeBoth(cancelled.id);
    await contests.cancel(admin, cancelled.id);
    expect(await settle(contests.cancel(admin, cancelled.id))).toBe(CONTEST_TEXTS.alreadySettled);
    expect(await ledger(cancelled.id)).toMatchObject({ staked: 41, refunded: 41, paid: 0 });

    const overdue = await contests.open(admin, settings());
    await stakeBoth(overdue.id);
    await contests.close(admin, overdue.id);
    expect(await contests.refundIfOverdue(overdue.id)).toBe(false);
    await em.fork().execute(`update contests set closed_at = now() - interval '25 hours' where id = ?`, [overdue.id]);
    expect(await Promise.all([contests.refundIfOverdue(overdue.id), contests.refundIfOverdue(overdue.id)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect((await contests.view(overdue.id)).status).toBe('refunded');
    expect(await ledger(overdue.id)).toMatchObject({ staked: 41, refunded: 41, paid: 0 });
    expect(await Promise.all(ids.map((id) => economy.balanceOf(id)))).toEqual([200, 200]);
    await walletsMatchLedger();
  });

  it('nobody on the winning option refunds everyone', async () => {
    const ids = await members([100, 100]);
    const contest = await contests.open(admin, settings());
    await Promise.all(ids.map((userId) => contests.stake({ contestId: contest.id, userId, option: 0, points: 40 })));
    await contests.resolve(admin, contest.id, 2);
    expect(await ledger(contest.id)).toMatchObject({ staked: 80, refunded: 80, paid: 0 });
  });

  it('refuses stakes out of bounds, a repeated chat message, and chat messages sent outside the window', async () => {
    const [member] = await members([5_000]);
    // Two opened at once: one runs, the other is refused until it is settled.
    const opened = await Promise.all([
      settle(contests.open(admin, settings({ window_seconds: 60 }))),
      settle(contests.open(admin, settings({ window_seconds: 60 }))),
    ]);
    expect(opened.sort()).toEqual([CONTEST_TEXTS.anotherRunning, 'ok'].sort());
    const contest = (await contests.current(null))!;
    expect(contest.closes_at).not.toBeNull();
    const base = { contestId: contest.id, userId: member!, option: 0 };
    expect(await settle(contests.stake({ ...base, points: 5 }))).toBe(CONTEST_TEXTS.underMin);
    expect(await settle(contests.stake({ ...base, points: 1_001 }))).toBe(CONTEST_TEXTS.overMax);
    expect(await settle(contests.stake({ ...base, option: 3, points: 10 }))).toBe(CONTEST_TEXTS.unknownOption);
    const before = new Date(new Date(contest.opened_at).getTime() - 1_000);
    expect(await settle(contests.stake({ ...base, points: 10, sentAt: before, key: 'old-msg' }))).toBe(CONTEST_TEXTS.notOpen);
    // Once staked at the minimum, a smaller addition is fine; the same chat message twice stakes once.
    await contests.stake({ ...base, points: 10 });
    const chat = { ...base, points: 5, sentAt: new Date(), key: `msg-${contest.id}` };
    expect(await contests.stake(chat)).toMatchObject({ applied: true, points: 15 });
    expect(await contests.stake(chat)).toMatchObject({ applied: false, points: 15 });
    const after = new Date(new Date(contest.closes_at!).getTime() + 1_000);
    expect(await settle(contests.stake({ ...base, points: 10, sentAt: after, key: 'late-msg' }))).toBe(CONTEST_TEXTS.notOpen);
    await em.fork().execute(`update contests set closes_at = now() - interval '1 second' where id = ?`, [contest.id]);
    expect(await settle(contests.stake({ ...base, points: 10 }))).toBe(CONTEST_TEXTS.notOpen);
    expect((await contests.view(contest.id)).status).toBe('closed');
    expect(await economy.balanceOf(member!)).toBe(4_985);
    await contests.cancel(admin, contest.id);
    expect(await economy.balanceOf(member!)).toBe(5_000);
  });

  it('the worker schedules the refund 24 h after a timed close, and the job refunds an unresolved contest', async () => {
    const queue = stack.worker.get<Queue>(getQueueToken(QUEUES.contestRefunds));
    const [member] = await members([100]);
    const contest = await contests.open(admin, settings({ window_seconds: 60 }));
    await contests.stake({ contestId: contest.id, userId: member!, option: 0, points: 30 });
    const due = Date.parse(contest.closes_at!) + 24 * 3_600_000;
    const job = await waitFor(() => queue.getJob(`contest-refund-${contest.id}-${due}`), 15_000);
    expect(await job!.isDelayed()).toBe(true);
    expect(job!.opts.delay).toBeGreaterThan(24 * 3_600_000);
    // A day passes: the timer ran out 25 hours ago and nobody resolved it.
    await em.fork().execute(`update contests set closes_at = now() - interval '25 hours' where id = ?`, [contest.id]);
    await job!.promote();
    await waitFor(async () => ((await contests.view(contest.id)).status === 'refunded' ? true : null), 15_000);
    expect(await economy.balanceOf(member!)).toBe(100);
    expect(await ledger(contest.id)).toMatchObject({ staked: 30, refunded: 30 });
  });
});
