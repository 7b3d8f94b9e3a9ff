import { EntityManager } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES, SAFETY_MESSAGES } from '@kickback/contracts';
import {
  createTestStack,
  createUser,
  fakeDateOnly,
  openRaffle,
  socketConnected,
  testSocket,
  waitFor,
  type RunningApi,
  type TestClient,
  type TestStack,
} from '@kickback/testing';
import { BreakReleaseScheduler } from './break-release.scheduler';

const DAY = 24 * 3600_000;

/**
 * A member's break from gambling content (docs/responsible-gambling.md): while it runs they are refused casino-credit
 * raffles and casino bonuses, shown no offers, boards, hunts or tournaments, and left unranked where their casino
 * name is linked; it ends by itself when its delayed job runs at its time, and they are told.
 */
describe('a break from gambling content', () => {
  let stack: TestStack;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let em: EntityManager;
  let admin: TestClient;
  let member: TestClient;
  let memberId: number;
  let memberName: string;
  let raceId: number;

  const board = async () => {
    const data = (await api.client().json('GET', '/api/r/leaderboard')).body.data;
    return (data.all_leaderboards.wagers?.top_three ?? []).map((p: { username: string }) => p.username) as string[];
  };

  beforeAll(async () => {
    stack = await createTestStack();
    api = await stack.api();
    worker = await stack.worker();
    em = api.app.get(EntityManager);
    admin = await api.signedIn({ role: 'Admin' });
    const made = await createUser(em);
    memberId = made.id;
    memberName = made.username;
    await em.fork().execute(`update users set crypto = 'LuckyLuke' where id = ?`, [memberId]);
    member = api.client();
    await member.loginAs(memberId);

    const platform = await admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Wagers',
      slug: 'wagers',
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
      mask_usernames: false,
    });
    expect(platform.status).toBe(201);
    const race = await admin.json('POST', '/api/admin/races', {
      platform_id: platform.body.data.id,
      title: 'Weekly race',
      starts_at: new Date(Date.now() + 3600_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
      prizes: [{ amount: 100, currency: '$' }],
    });
    expect(race.status).toBe(201);
    raceId = race.body.data.id;
    const csv = 'username,wagered\nluckyluke,900\nanna,500\nben,300\ncleo,100\n';
    expect((await admin.json('POST', `/api/admin/leaderboard/platforms/${platform.body.data.id}/import`, { csv })).status).toBe(201);
    // The worker's first refresh may hold the platform's lock; the import then ranks once more a moment later.
    await waitFor(async () => (await board()).length === 3, 10_000, 'the imported board');
  });
  afterAll(async () => {
    jest.useRealTimers();
    await stack.close();
  });

  it('is refused without its confirmation or with an unknown length, and needs a login', async () => {
    expect((await member.json('POST', '/api/r/safety/break', { period: '24h' })).status).toBe(422);
    expect((await member.json('POST', '/api/r/safety/break', { period: 'forever', confirm: true })).status).toBe(422);
    const visitor = api.client();
    await visitor.refreshCsrf();
    expect((await visitor.json('POST', '/api/r/safety/break', { period: '24h', confirm: true })).status).toBe(401);
    expect(await board()).toEqual(['luckyluke', 'anna', 'ben']);
  });

  it('hides, refuses and unranks while it runs, then ends on time by its delayed job and tells the member', async () => {
    const casinoRaffle = await openRaffle(admin, { casino_credit_prize: true, title: 'Casino credit' });
    const plainRaffle = await openRaffle(admin, { title: 'Gift card' });
    const bonus = await admin.json('POST', '/api/admin/store-items', {
      name: 'Casino bonus',
      cost: 1,
      category: 'bonus',
      is_casino_bonus: true,
    });
    expect(bonus.status).toBe(201);

    const started = await member.json('POST', '/api/r/safety/break', { period: '24h', confirm: true });
    expect(started).toMatchObject({ status: 201, body: { message: SAFETY_MESSAGES.breakStarted, data: { period: '24h' } } });
    expect(Date.parse(started.body.data.ends_at) - Date.parse(started.body.data.started_at)).toBe(DAY);
    expect((await member.json('POST', '/api/r/safety/break', { period: '7d', confirm: true })).body).toMatchObject({
      success: false,
      message: SAFETY_MESSAGES.breakRunning,
    });

    // Hidden: no offers in any answer, hunts and tournaments refused.
    expect((await member.json('GET', '/api/r/safety')).body.data).toMatchObject({
      gate: 'confirmed',
      offers: false,
      break: { period: '24h' },
    });
    expect((await member.json('GET', '/api/r/affiliates')).body.data).toEqual([]);
    expect((await member.json('GET', '/api/r/leaderboard')).body.data.platforms).toEqual([]);
    expect(await member.json('GET', '/api/r/bonus-hunts/current')).toMatchObject({
      status: 403,
      body: { message: SAFETY_MESSAGES.onBreak },
    });
    expect((await member.json('GET', '/api/r/tournaments')).status).toBe(403);
    expect((await member.json('GET', '/api/r/races')).body.data).toEqual({ upcoming: [], live: [], finished: [] });
    expect((await member.json('GET', `/api/r/races/${raceId}`)).status).toBe(404);

    // Refused: the casino-credit raffle and the casino bonus, with their reasons; a plain raffle is still open to them.
    expect(await member.json('POST', `/api/r/raffles/${casinoRaffle}/enter`, { entry_type: 'passwordless' })).toMatchObject({
      status: 403,
      body: { success: false, message: SAFETY_MESSAGES.raffleRefused },
    });
    expect((await member.json('POST', `/api/r/raffles/${plainRaffle}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
    expect(await member.json('POST', `/api/r/store/${bonus.body.data.id}/redeem`)).toMatchObject({
      status: 403,
      body: { message: SAFETY_MESSAGES.storeRefused },
    });

    // Unranked on the board where their casino name is linked (the worker re-ranks on the break's event).
    await waitFor(async () => !(await board()).includes('luckyluke'), 10_000, 'the board without the member');
    expect(await board()).toEqual(['anna', 'ben', 'cleo']);

    // Admins see a count only, and cannot end a timed break.
    expect((await admin.json('GET', '/api/admin/safety/overview')).body.data).toMatchObject({ on_break: 1, until_asked: 0 });
    expect(await admin.json('POST', '/api/admin/safety/breaks/end', { username: memberName })).toMatchObject({
      status: 409,
      body: { message: SAFETY_MESSAGES.notUntilAsked },
    });

    // Its end is one delayed job, due in 24 hours.
    const queue = worker.get<Queue>(getQueueToken(QUEUES.memberBreaks), { strict: false });
    const job = await waitFor(async () => (await queue.getDelayed()).find((j) => j.name === 'end'), 10_000, 'the delayed end job');
    expect(job.opts.delay).toBeGreaterThan(DAY - 60_000);
    expect(job.opts.delay).toBeLessThanOrEqual(DAY);

    // Fired early (say, a clock ahead by a minute), the job ends nothing.
    const scheduler = worker.get(BreakReleaseScheduler, { strict: false });
    expect(await scheduler.run(job.data)).toEqual({ ended: 0 });

    const socket = await socketConnected(testSocket(api.url, member));
    const told = new Promise<{ message: string }>((resolve) => socket.on('user:notification', resolve));
    // The calendar jumps a day ahead in this process (api and worker alike); only Date is fake.
    fakeDateOnly(Date.now() + DAY + 1000);
    await job.promote();
    expect((await told).message).toBe(SAFETY_MESSAGES.breakEnded);
    socket.close();
    jest.useRealTimers();

    expect((await member.json('GET', '/api/r/safety')).body.data).toMatchObject({ offers: true, break: null });
    expect((await member.json('GET', '/api/r/bonus-hunts/current')).status).not.toBe(403);
    expect((await member.json('GET', `/api/r/races/${raceId}`)).status).toBe(200);
    await waitFor(async () => (await board()).includes('luckyluke'), 10_000, 'the member ranked again');
    expect((await member.json('POST', `/api/r/raffles/${casinoRaffle}/enter`, { entry_type: 'passwordless' })).status).toBe(200);
  });

  it('"until I ask" ends only when an admin ends it, audited; admins never see a reason', async () => {
    const other = await createUser(em);
    const client = api.client();
    await client.loginAs(other.id);
    const started = await client.json('POST', '/api/r/safety/break', { period: 'until_asked', confirm: true });
    expect(started.body.data).toMatchObject({ period: 'until_asked', ends_at: null });
    expect((await admin.json('GET', '/api/admin/safety/overview')).body.data).toMatchObject({ on_break: 1, until_asked: 1 });
    expect((await admin.json('POST', '/api/admin/safety/breaks/end', { username: '' })).status).toBe(422);
    expect((await admin.json('POST', '/api/admin/safety/breaks/end', { username: 'nobody-here' })).status).toBe(404);

    const ended = await admin.json('POST', '/api/admin/safety/breaks/end', { username: other.username });
    expect(ended).toMatchObject({ status: 200, body: { message: SAFETY_MESSAGES.breakLifted } });
    expect((await client.json('GET', '/api/r/safety')).body.data.break).toBeNull();
    const audit = (await admin.json('GET', '/api/admin/audit-log')).body.data.find(
      (e: { action: string }) => e.action === 'safety.break.end',
    );
    expect(audit.after).toEqual({ ended: true });

    const csv = await (await admin.get('/api/admin/safety/records.csv')).text();
    expect(csv.split('\r\n')[0]).toBe('record,member,age,country,period,started_at,ends_at,ended_at,ended_by');
    expect(csv).toContain(`break,${other.username},,,until_asked,`);
    expect(csv).toContain(`break,${memberName},,,24h,`);
  });

  it('started twice at once (two tabs, a double click), it is one break; the other is refused', async () => {
    const made = await createUser(em);
    const client = api.client();
    await client.loginAs(made.id);
    const answers = await Promise.all(
      (['24h', '7d', '30d', '6m', 'until_asked'] as const).map((period) =>
        client.json('POST', '/api/r/safety/break', { period, confirm: true }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const refused = answers.filter((a) => a.status === 409);
    for (const a of refused) expect(a.body.message).toBe(SAFETY_MESSAGES.breakRunning);
    const rows = await em.fork().execute('select period from member_breaks where user_id = ?', [made.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].period).toBe(answers.find((a) => a.status === 201)!.body.data.period);
  });
});
