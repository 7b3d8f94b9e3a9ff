import crypto from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig, TOO_MANY_REQUESTS } from '@kickback/platform';
import { integrationStack, type TestClient, openRaffle } from '@kickback/testing';
import { PASSWORD_LOCKED_MESSAGE, PASSWORD_TRIES_PER_RAFFLE } from './raffle-password-attempts';

/**
 * Raffle password guesses fired together: the member's budget (5 wrong per 10 minutes) and the raffle's (300 per
 * minute) hold, counted by the scrypt checks that actually ran, not by the answers alone.
 */
describe('raffle password tries are reserved before the check', () => {
  // The refusal hold at its production setting (30 a minute), held 100 ms: the last test counts what reaches the route.
  const stack = integrationStack({
    admin: true,
    env: { RATE_LIMIT_PER_MINUTE: '1000000', ABUSE_REFUSALS_PER_MINUTE: '30', ABUSE_HOLD_MS: '100' },
  });
  afterEach(() => jest.restoreAllMocks());

  /** An open password-only raffle, and a counter of the scrypt checks run against its password. */
  async function passwordRaffle(): Promise<{ id: number; checks: () => number }> {
    const id = await openRaffle(stack.admin, { title: 'Password raffle', allow_passwordless_entry: false, password: 'letmein' });
    const [row] = await stack.em.fork().execute<{ password_hash: string }[]>('select password_hash from raffles where id = ?', [id]);
    const salt = Buffer.from(row!.password_hash.split('$')[4]!, 'base64url');
    const scrypt = jest.spyOn(crypto, 'scrypt');
    return { id, checks: () => scrypt.mock.calls.filter((call) => Buffer.isBuffer(call[1]) && salt.equals(call[1])).length };
  }
  const enter = (client: TestClient, raffleId: number, password: string) =>
    client.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'password', password });
  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((all, a) => ({ ...all, [a.status]: (all[a.status] ?? 0) + 1 }), {});

  it('25 parallel entries (24 wrong, 1 right) check at most 5 wrong passwords; once locked, the right one is refused', async () => {
    const raffle = await passwordRaffle();
    const client = await stack.api.signedIn();
    const guesses = Array.from({ length: 25 }, (_, i) => (i === 12 ? 'letmein' : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((g) => enter(client, raffle.id, g)));
    const wrongAnswered = answers.filter((a, i) => i !== 12 && a.status === 422);
    expect(wrongAnswered.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25 - wrongAnswered.length - (answers[12]!.status === 200 ? 1 : 0));
    // The right guess is checked at most once on top of the five wrong ones.
    expect(raffle.checks()).toBeLessThanOrEqual(6);
    if (answers[12]!.status !== 200) {
      expect(answers[12]!.body).toEqual({ success: false, message: PASSWORD_LOCKED_MESSAGE });
      // Locked now: the right password is refused without being checked.
      const before = raffle.checks();
      expect((await enter(client, raffle.id, 'letmein')).status).toBe(429);
      expect(raffle.checks()).toBe(before);
    }
  });

  it("the raffle's cap holds for many members guessing at once", async () => {
    const raffle = await passwordRaffle();
    // Two wrong tries left on the raffle; five members fire five wrong guesses each, all together.
    await stack.redis.set(`raffle:${raffle.id}:password-misses`, String(PASSWORD_TRIES_PER_RAFFLE.limit - 2), 'PX', 60_000);
    const clients = await Promise.all(Array.from({ length: 5 }, () => stack.api.signedIn()));
    const answers = await Promise.all(clients.flatMap((c) => Array.from({ length: 5 }, (_, i) => enter(c, raffle.id, `nope-${i}`))));
    expect(statuses(answers)).toEqual({ 422: 2, 429: 23 });
    expect(raffle.checks()).toBe(2);
  });

  it('a right password gives its try back, so entering never uses up the budget', async () => {
    const raffle = await passwordRaffle();
    const clients = await Promise.all(Array.from({ length: 5 }, () => stack.api.signedIn()));
    expect(statuses(await Promise.all(clients.map((c) => enter(c, raffle.id, 'letmein'))))).toEqual({ 200: 5 });
    expect(Number(await stack.redis.get(`raffle:${raffle.id}:password-misses`))).toBe(0);
  });

  it('once scrypt has accepted the password, later entries and wrong guesses are matched without it', async () => {
    const raffle = await passwordRaffle();
    expect((await enter(await stack.api.signedIn(), raffle.id, 'letmein')).status).toBe(200);
    expect(raffle.checks()).toBe(1);
    const clients = await Promise.all(Array.from({ length: 5 }, () => stack.api.signedIn()));
    expect(statuses(await Promise.all(clients.map((c) => enter(c, raffle.id, 'letmein'))))).toEqual({ 200: 5 });
    expect((await enter(await stack.api.signedIn(), raffle.id, 'letmeout')).status).toBe(422);
    expect(raffle.checks()).toBe(1);
  });

  it('guesses waiting for their check hold no database connection, so everyone else is still served', async () => {
    const scrypt = crypto.scrypt;
    const raffle = await passwordRaffle();
    // Every scrypt waits until the test lets it run, so the guesses pile up behind the first check.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: Parameters<typeof crypto.scrypt>) => {
      void released.then(() => scrypt(...args));
    }) as typeof crypto.scrypt);
    const guessers = stack.api.app.get(AppConfig).env.DB_POOL_MAX + 2;
    const clients = await Promise.all(Array.from({ length: guessers }, () => stack.api.signedIn()));
    const answers = Promise.all(clients.map((c, i) => enter(c, raffle.id, `wrong-${i}`)));
    // Each guess reserves its try just before its check: once all are reserved, all are waiting for scrypt.
    while (Number(await stack.redis.get(`raffle:${raffle.id}:password-misses`)) < guessers) await new Promise((r) => setTimeout(r, 20));

    // More guesses wait than the api has database connections: a guess that waited inside its transaction would
    // hold them all, and this read would wait for the guesses, which wait for it.
    const [row] = await stack.api.app.get(EntityManager).fork().execute<{ ok: number }[]>('select 1 as ok');
    expect(row).toEqual({ ok: 1 });

    release();
    expect(statuses(await answers)).toEqual({ 422: guessers });
  });

  it('a member who keeps guessing after the lockout is held after a few more guesses, not thirty', async () => {
    const raffle = await passwordRaffle();
    const client = await stack.api.signedIn();
    const answers: { status: number; body: { message?: string } }[] = [];
    // One at a time, as a person pressing the button again and again would.
    for (let i = 0; i < 20; i++) answers.push(await enter(client, raffle.id, `wrong-${i}`));
    const locked = answers.filter((a) => a.body.message === PASSWORD_LOCKED_MESSAGE).length;
    const held = answers.filter((a) => a.status === 429 && a.body.message === TOO_MANY_REQUESTS.body.message).length;
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    // Five wrong guesses count once each and each guess after the lockout three times (ABUSE_REFUSALS_PER_MINUTE 30):
    // the tenth of those is the first the route never sees.
    expect(locked).toBe(9);
    expect(held).toBe(20 - 5 - 9);
    expect(raffle.checks()).toBe(5);
  });
});
