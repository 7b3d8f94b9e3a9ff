import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { FakeKickServer, TestClient, createTestDatabase, spawnProduct, stopProcess, testEnv, waitFor } from '@kickback/testing';
import { FakeCasinoServer, type FakeCasino } from '../../../libs/testing/src/fakes/casino-affiliates.server';

const casinoKey = (name: string) => `${name}-key-${randomBytes(12).toString('hex')}`;

/**
 * A realistic run of the api and worker processes at LOG_LEVEL=info (Kick login, CSRF-checked changes,
 * a casino source tested with its API key, a webhook-signed request, logout), every line they write
 * captured: no session id, CSRF token, OAuth code, state or token, casino key or signature appears.
 */
describe('secrets never reach the logs (api and worker processes, LOG_LEVEL=info)', () => {
  const output: string[] = [];
  const procs: ChildProcess[] = [];
  const secrets: FakeCasino[] = ['roobet', 'shuffle', 'rainbet', 'gamdom', 'stake', 'generic'];
  const casino = new FakeCasinoServer(Object.fromEntries(secrets.map((c) => [c, casinoKey(c)])) as Record<FakeCasino, string>);
  const kickSecret = `kick-secret-${randomBytes(12).toString('hex')}`;
  const kick = new FakeKickServer('kb-log-client', kickSecret);
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pg: Client;
  let url: string;
  let appUrl: string;

  beforeAll(async () => {
    await kick.start();
    await casino.start();
    db = await createTestDatabase();
    const env = testEnv(db.url, {
      KICK_CLIENT_ID: 'kb-log-client',
      KICK_CLIENT_SECRET: kickSecret,
      KICK_AUTH_URL: kick.url,
      KICK_API_URL: kick.url,
    });
    appUrl = env.APP_URL;
    const redis = new Redis(env.REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    const collect = (text: string) => output.push(text);
    const api = await spawnProduct('api', env, { LOG_LEVEL: 'info' }, collect);
    const worker = await spawnProduct('worker', env, { LOG_LEVEL: 'info' }, collect);
    procs.push(api.proc, worker.proc);
    url = `http://127.0.0.1:${api.port}`;
  });
  afterAll(async () => {
    await Promise.all(procs.map((p) => stopProcess(p)));
    await pg.end();
    await db.drop();
    await kick.stop();
    await casino.stop();
  });

  it('logs the requests but none of the secrets they carried', async () => {
    const found: Record<string, string> = {};

    // A member logs in through Kick (OAuth code, state and access token) and changes things with the CSRF token.
    kick.nextUser = { user_id: 880001, name: 'LogWatcher', email: 'watcher@example.com', profile_picture: '' };
    const member = new TestClient(url, appUrl);
    await member.refreshCsrf();
    const authorize = new URL((await member.get('/auth/kick')).headers.get('location')!);
    found['OAuth state'] = authorize.searchParams.get('state')!;
    const callback = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    found['OAuth code'] = callback.searchParams.get('code')!;
    expect((await member.get(callback.pathname + callback.search)).headers.get('location')).toBe('/');
    // The login revokes its tokens at Kick once the member is read, so they are taken from what the fake issued.
    expect(kick.issued).toHaveLength(1);
    found['OAuth access token'] = kick.issued[0]!.access_token;
    found['OAuth refresh token'] = kick.issued[0]!.refresh_token;
    found['member CSRF token'] = await member.refreshCsrf();
    found['member session id'] = /kb\.sid=s:([^.;]+)/.exec(decodeURIComponent(member.cookieHeader))![1]!;
    found['member session cookie'] = /kb\.sid=([^;]+)/.exec(member.cookieHeader)![1]!;
    expect((await member.json('POST', '/api/r/profile/update', { bio: 'Watching the logs' })).status).toBe(200);
    // A refused CSRF token and a request carrying a webhook signature and an idempotency key.
    found['forged CSRF token'] = `forged-${randomBytes(16).toString('hex')}`;
    expect(
      (
        await member.request('POST', '/api/r/profile/update', {
          json: { bio: 'x' },
          headers: { 'x-csrf-token': found['forged CSRF token'] },
        })
      ).status,
    ).toBe(403);
    found['webhook signature'] = randomBytes(48).toString('base64');
    found['idempotency key'] = `idem-${randomBytes(12).toString('hex')}`;
    await member.request('POST', '/api/r/store/1/redeem', {
      json: {},
      headers: { 'kick-event-signature': found['webhook signature'], 'idempotency-key': found['idempotency key'] },
    });

    // An admin tests a casino source with its API key, once right and once wrong.
    const [{ id: adminId }] = (
      await pg.query(`insert into users (username, name, role, is_demo) values ('LogAdmin', 'LogAdmin', 'Admin', true) returning id`)
    ).rows as { id: number }[];
    const admin = new TestClient(url, appUrl);
    await admin.loginAs(adminId);
    found['admin CSRF token'] = admin.csrfToken!;
    found['casino API key'] = casino.secrets.rainbet;
    found['wrong casino API key'] = casinoKey('wrong');
    for (const [slug, credentials] of [
      ['rainbet-logs', found['casino API key']],
      ['rainbet-wrong', found['wrong casino API key']],
    ] as const) {
      const created = await admin.json('POST', '/api/admin/leaderboard/platforms', {
        name: slug,
        slug,
        currency_symbol: '$',
        source_type: 'rainbet',
        source_config: { base_url: casino.url, timeout_ms: 1500, retries: 0 },
        credentials,
        period_type: 'monthly',
        prizes: [100],
        mask_usernames: false,
        excluded_usernames: [],
      });
      expect(created.status).toBe(201);
      await admin.json('POST', `/api/admin/leaderboard/platforms/${created.body.data.id}/test`, {});
    }
    expect(casino.requests.some((r) => JSON.stringify(r).includes(found['casino API key']!))).toBe(true);

    expect((await member.request('POST', '/logout', { form: {} })).status).toBe(303);
    // The worker handles the login's outbox event; its lines are part of the run.
    await waitFor(async () => output.join('').includes('/logout'), 10_000);
    await new Promise((r) => setTimeout(r, 1000));

    const logs = output.join('');
    expect(logs).toContain('/api/r/profile/update');
    expect(logs).toContain('/auth/kick/callback');
    expect(Object.values(found).every((v) => v.length >= 16)).toBe(true);
    const leaks = Object.entries(found).filter(([, secret]) => logs.includes(secret));
    expect(leaks.map(([name, secret]) => `${name}: ${logs.split('\n').find((line) => line.includes(secret))}`)).toEqual([]);
    expect(logs).not.toContain(kickSecret);
  });

  it("logs a failed statement by its code, constraint and shape, never its parameters (a raffle's password hash and seed)", async () => {
    const [{ id: adminId }] = (
      await pg.query(`insert into users (username, name, role, is_demo) values ('LogRaffler', 'LogRaffler', 'Admin', true) returning id`)
    ).rows as { id: number }[];
    const admin = new TestClient(url, appUrl);
    await admin.loginAs(adminId);
    const raffle = (title: string) => ({
      title,
      description: `private note ${randomBytes(8).toString('hex')}`,
      start_datetime: new Date(Date.now() - 60_000).toISOString(),
      end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
      number_of_winners: 1,
      password: `stream-word-${randomBytes(8).toString('hex')}`,
    });
    const kept = await admin.json('POST', '/api/admin/raffles', raffle('Kept raffle'));
    expect(kept.status).toBe(201);
    // A statement the database refuses after every check of ours passed: the refused title stands for any failure.
    await pg.query(`alter table raffles add constraint log_probe_refuses check (title <> 'Refused by the probe')`);
    const outputBefore = output.length;
    const created = raffle('Refused by the probe');
    const updated = raffle('Refused by the probe');
    expect((await admin.json('POST', '/api/admin/raffles', created)).status).toBe(500);
    expect((await admin.json('PUT', `/api/admin/raffles/${kept.body.data.id}`, updated)).status).toBe(500);
    // Whole lines only (the text after the last newline may be a line still arriving): one error's line names the
    // constraint several times, so counting the name passed while the second error's line was still on its way.
    const probeLines = (whole: boolean) =>
      output
        .slice(outputBefore)
        .join('')
        .split('\n')
        .slice(0, whole ? -1 : undefined)
        .filter((line) => line.includes('log_probe_refuses'));
    await waitFor(async () => probeLines(true).length >= 2, 10_000, 'both refused statements logged');
    await pg.query('alter table raffles drop constraint log_probe_refuses');

    const lines = probeLines(false);
    const logs = lines.join('\n');
    for (const value of [created.title, created.description, created.password, updated.description, updated.password])
      expect([value, logs.includes(value)]).toEqual([value, false]);
    // The new password's scrypt hash and the secret seed (64 hex digits) are nowhere.
    expect(logs).not.toMatch(/scrypt\$/);
    expect(logs).not.toMatch(/[0-9a-f]{64}/);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const { err } = JSON.parse(line) as { err: { code: string; constraint: string; message: string; statement: string } };
      expect(err).toMatchObject({ code: '23514', constraint: 'log_probe_refuses' });
      expect(err.statement).toMatch(/^(insert into|update) "?raffles"? /);
      expect(err.message).toContain('PostgreSQL error 23514, constraint log_probe_refuses in: ');
    }
  });
});
