import type { Socket } from 'socket.io-client';
import type { RaffleEnterAnswer } from '@kickback/contracts';
import { integrationStack, type MemberOf, type TestClient, openRaffle } from '@kickback/testing';
import { RaffleEnterLimiter } from '../src/http/raffles/raffle-enter-limiter';

/** The session id in a logged-in client's signed cookie: its key in the store is `sess:<id>`. */
const sessionIdOf = (client: TestClient) => /kb\.sid=s:([^.;]+)/.exec(decodeURIComponent(client.cookieHeader))![1]!;

/** Entering over the socket gives exactly what POST /api/r/raffles/{id}/enter gives, and no more. */
describe('raffle entry over the socket (real PostgreSQL + Redis)', () => {
  const stack = integrationStack({ admin: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  const enter = (socket: Socket, request: unknown): Promise<RaffleEnterAnswer> =>
    socket.timeout(10_000).emitWithAck('raffle:enter', request);

  const createRaffle = (overrides: Record<string, unknown> = {}) => openRaffle(stack.admin, { title: 'Socket raffle', ...overrides });

  const entriesOf = async (raffleId: number) =>
    Number(
      (await stack.em.fork().execute<{ n: string }[]>('select count(*)::text as n from raffle_entries where raffle_id = ?', [raffleId]))[0]!
        .n,
    );

  it('answers with the HTTP statuses and SPEC messages: login, Kick username, success, repeat, bad input, unknown raffle', async () => {
    const id = await createRaffle({ allow_points_entry: true, points_per_entry: 10 });
    const anonymous = await stack.socket();
    expect(await enter(anonymous, { raffle_id: id, entry_type: 'passwordless' })).toEqual({
      status: 401,
      body: { success: false, message: 'Please log in to enter raffles' },
    });
    const noKick = await stack.member({ kickUsername: null, socket: true });
    expect(await enter(noKick.socket, { raffle_id: id, entry_type: 'passwordless' })).toMatchObject({
      status: 422,
      body: { success: false, errors: { kick_username: [expect.stringContaining('Kick streaming username')] } },
    });

    const ann = await stack.member({ socket: true });
    expect(await enter(ann.socket, { raffle_id: id, entry_type: 'passwordless' })).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Successfully entered the raffle!',
        data: { entry: expect.objectContaining({ entry_type: 'passwordless', tickets: 1, user: expect.objectContaining({ id: ann.id }) }) },
      },
    });
    expect(await enter(ann.socket, { raffle_id: id, entry_type: 'passwordless' })).toEqual({
      status: 409,
      body: { success: false, message: 'You have already entered this raffle for free.' },
    });
    // The HTTP route agrees: one free entry per member whichever way it came.
    const viaHttp = await ann.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' });
    expect(viaHttp.status).toBe(409);

    const invalid = await enter(ann.socket, { raffle_id: id, entry_type: 'lottery', extra: 1 });
    expect(invalid.status).toBe(422);
    expect(Object.keys((invalid.body as { errors: object }).errors).sort()).toEqual(['entry_type', 'extra']);
    // Text no field may carry is refused before the service, as the HTTP route's global pipe does.
    expect(await enter(ann.socket, { raffle_id: id, entry_type: 'password', password: 'a\u0000b' })).toMatchObject({
      status: 422,
      body: { success: false, errors: { password: ['Contains characters that are not allowed.'] } },
    });
    // Beyond PostgreSQL's integer: still an unknown raffle, never a database error.
    expect(await enter(ann.socket, { raffle_id: 99_999_999_999, entry_type: 'passwordless' })).toEqual({
      status: 404,
      body: { success: false, message: 'Raffle not found' },
    });
    expect(await enter(ann.socket, { raffle_id: 99_999_999, entry_type: 'passwordless' })).toEqual({
      status: 404,
      body: { success: false, message: 'Raffle not found' },
    });
    expect((await enter(ann.socket, { raffle_id: 'x', entry_type: 'passwordless' })).status).toBe(404);
    expect((await enter(ann.socket, null)).status).toBe(404);
    // Points need points: refused without a debit.
    expect(await enter(ann.socket, { raffle_id: id, entry_type: 'points', points_spent: 10 })).toMatchObject({ status: 422 });
    expect(await entriesOf(id)).toBe(1);
    // Socket answers are timed like HTTP requests, by status.
    const metrics = await (await fetch(`${stack.api.url}/metrics`)).text();
    expect(metrics).toMatch(/socketio_request_duration_seconds_count\{event="raffle:enter",status="200"\} 1\b/);
    expect(metrics).toMatch(/socketio_request_duration_seconds_count\{event="raffle:enter",status="409"\} 1\b/);
  });

  it('a logout elsewhere takes effect on the open socket at once', async () => {
    const id = await createRaffle();
    const bob = await stack.member({ socket: true });
    const ended = new Promise<string>((resolve) => bob.socket.once('disconnect', resolve));
    await bob.client.request('POST', '/logout', { form: { _csrf: bob.client.csrfToken ?? '' }, csrf: false });
    // The server ends the session's sockets; a socket that still sends (a second connection with the old cookie) is anonymous.
    expect(await ended).toBe('io server disconnect');
    const stale = await stack.socket(bob.client);
    expect(await enter(stale, { raffle_id: id, entry_type: 'passwordless' })).toMatchObject({ status: 401 });
    expect(await entriesOf(id)).toBe(0);
  });

  it('a session that ended without reaching the socket (its disconnect lost) enters nothing: each entry reads it again', async () => {
    const id = await createRaffle();
    const gil = await stack.member({ socket: true });
    await stack.redis.del(`sess:${sessionIdOf(gil.client)}`);
    expect(gil.socket.connected).toBe(true);
    expect(await enter(gil.socket, { raffle_id: id, entry_type: 'passwordless' })).toMatchObject({ status: 401 });
    expect(await entriesOf(id)).toBe(0);
  });

  it('a session that changed in the store since the last entry is read anew: one past its lifetime enters nothing', async () => {
    const [first, second] = [await createRaffle(), await createRaffle()];
    const hal = await stack.member({ socket: true });
    expect(await enter(hal.socket, { raffle_id: first, entry_type: 'passwordless' })).toMatchObject({ status: 200 });
    const key = `sess:${sessionIdOf(hal.client)}`;
    const stored = JSON.parse((await stack.redis.get(key))!) as { startedAt: number };
    await stack.redis.set(key, JSON.stringify({ ...stored, startedAt: stored.startedAt - 400 * 24 * 3600 * 1000 }), 'KEEPTTL');
    expect(await enter(hal.socket, { raffle_id: second, entry_type: 'passwordless' })).toMatchObject({ status: 401 });
    expect(await entriesOf(second)).toBe(0);
  });

  it('one budget of 30 entries a minute per member, shared by the socket and HTTP', async () => {
    const id = await createRaffle();
    const dee = await stack.member({ socket: true });
    const viaSocket = await Promise.all(Array.from({ length: 20 }, () => enter(dee.socket, { raffle_id: id, entry_type: 'passwordless' })));
    const viaHttp = await Promise.all(
      Array.from({ length: 15 }, () => dee.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'passwordless' })),
    );
    const statuses = [...viaSocket.map((a) => a.status), ...viaHttp.map((a) => a.status)];
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(
      viaHttp.filter((a) => a.status === 429).every((a) => a.body.message === 'Too many requests. Please slow down and try again shortly.'),
    ).toBe(true);

    // The minute starts at the first entry and is not pushed back by the later ones; once it is over, the budget is back.
    const budget = `raffle-enter:user:${dee.id}`;
    const left = await stack.redis.pttl(budget);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60_000);
    await stack.redis.pexpire(budget, 1);
    await new Promise((r) => setTimeout(r, 20));
    const next = await createRaffle();
    expect((await enter(dee.socket, { raffle_id: next, entry_type: 'passwordless' })).status).toBe(200);
  });

  it('entries that arrive together are counted by one Redis command, each with its own count and session', async () => {
    const limiter = stack.api.app.get(RaffleEnterLimiter);
    const [ann, bob] = [await stack.member({ socket: true }), await stack.member({ socket: true })];
    await limiter.blocked(ann.id); // the script is loaded once; what follows is measured
    const scriptCalls = async () => Number(/cmdstat_evalsha:calls=(\d+)/.exec(await stack.redis.info('commandstats'))?.[1] ?? 0);
    const before = await scriptCalls();
    // One turn of the event loop: an HTTP entry (no session read), socket entries (with one), a session that ended.
    const [annHttp, annSocket, bobSocket, gone] = await Promise.all([
      limiter.blocked(ann.id),
      limiter.blockedWithSession(ann.id, sessionIdOf(ann.client)),
      limiter.blockedWithSession(bob.id, sessionIdOf(bob.client)),
      limiter.blockedWithSession(bob.id, 'no-such-session'),
    ]);
    expect(await scriptCalls()).toBe(before + 1);
    expect(annHttp).toBe(false);
    expect(annSocket).toMatchObject({ blocked: false, session: { userId: ann.id } });
    expect(bobSocket).toMatchObject({ blocked: false, session: { userId: bob.id } });
    expect(gone).toEqual({ blocked: false, session: null });
    // Ann's first, then these two; Bob's two: each counted in its member's one budget.
    expect(await stack.redis.get(`raffle-enter:user:${ann.id}`)).toBe('3');
    expect(await stack.redis.get(`raffle-enter:user:${bob.id}`)).toBe('2');
  });

  it('raffle passwords resist guessing: five wrong tries per member, then even the right one is refused', async () => {
    const id = await createRaffle({ password: 'letmein' });
    const eve = await stack.member({ socket: true });
    const wrong = { raffle_id: id, entry_type: 'password', password: 'guess' };
    for (let i = 0; i < 3; i++) expect((await enter(eve.socket, wrong)).status).toBe(422);
    for (let i = 0; i < 2; i++)
      expect((await eve.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'password', password: 'guess' })).status).toBe(422);
    const locked = {
      status: 429,
      body: { success: false, message: 'Too many wrong passwords. Please wait a few minutes before trying again.' },
    };
    expect(await enter(eve.socket, { ...wrong, password: 'letmein' })).toEqual(locked);
    expect(await eve.client.json('POST', `/api/r/raffles/${id}/enter`, { entry_type: 'password', password: 'letmein' })).toEqual(locked);
    // Another member is not locked out by Eve's misses.
    const fay = await stack.member({ socket: true });
    expect((await enter(fay.socket, { ...wrong, password: 'letmein' })).status).toBe(200);
    expect(await entriesOf(id)).toBe(1);
  });

  it('keeps the per-member limit of the HTTP route (30 a minute)', async () => {
    const id = await createRaffle();
    const cat = await stack.member({ socket: true });
    const answers = await Promise.all(Array.from({ length: 35 }, () => enter(cat.socket, { raffle_id: id, entry_type: 'passwordless' })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.status === 429)!.body.message).toBe('Too many requests. Please slow down and try again shortly.');
  });

  it('200 parallel free entries from 100 members over their sockets (each twice) give exactly 100 entries', async () => {
    const id = await createRaffle();
    const members: MemberOf<{ socket: true }>[] = [];
    while (members.length < 100) members.push(...(await Promise.all(Array.from({ length: 10 }, () => stack.member({ socket: true })))));
    const answers = await Promise.all(
      members.flatMap((m) => [0, 1].map(() => enter(m.socket, { raffle_id: id, entry_type: 'passwordless' }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(100);
    expect(await entriesOf(id)).toBe(100);
  });
});
