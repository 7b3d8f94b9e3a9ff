import { integrationStack, FloodServer } from '@kickback/testing';
import { FakeCasinoServer, type FakeCasino } from '../../../testing/src/fakes/casino-affiliates.server';
import { LeaderboardRefreshService } from './leaderboard-refresh.service';

const SECRETS: Record<FakeCasino, string> = {
  roobet: 'roobet-token-123',
  shuffle: '3f1a4b2c-uuid-shuffle',
  rainbet: 'rainbet-key-xyz',
  gamdom: 'gamdom-key-abc',
  stake: 'stake-access-token',
  generic: 'generic-secret',
};

const PLAYERS = [
  { username: 'HighRoller', wagered: 15234.5 },
  { username: 'slotqueen', wagered: '9800.25' },
  { username: 'lucky7', wagered: 9800.25 },
  { username: 'newbie', wagered: '12.10' },
  { username: 'excludedGuy', wagered: 99999 },
];

/** Each casino source against a fake speaking its documented protocol, then its failure modes. */
describe('leaderboard sources (fake casino APIs, real PostgreSQL + Redis)', () => {
  let refresher: LeaderboardRefreshService;
  const fake = new FakeCasinoServer(SECRETS);
  afterAll(async () => {
    await fake.stop();
  });

  const stack = integrationStack({ admin: true });

  beforeAll(async () => {
    refresher = stack.api.app.get(LeaderboardRefreshService);
    await fake.start();
  });

  const configs: Record<Exclude<FakeCasino, 'generic'>, Record<string, unknown>> = {
    roobet: { user_id: 'aff-42' },
    shuffle: {},
    rainbet: {},
    gamdom: {},
    stake: { page_size: 2 },
  };

  async function createPlatform(casino: FakeCasino, extra: Record<string, unknown> = {}) {
    const sourceType = casino === 'generic' ? 'generic_json' : casino;
    const source_config =
      casino === 'generic'
        ? {
            url: `${fake.url}/generic/stats?from={start}&to={end}`,
            array_path: 'result.rows',
            username_field: 'name',
            wagered_field: 'total',
            auth_header: 'x-api-key',
            timeout_ms: 1500,
            retries: 1,
          }
        : { ...configs[casino], base_url: fake.url, timeout_ms: 1500, retries: 1 };
    const res = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: `${casino} board`,
      slug: `${casino}-board`,
      currency_symbol: '$',
      source_type: sourceType,
      source_config,
      credentials: SECRETS[casino],
      period_type: 'monthly',
      prizes: [500, 250, 100],
      mask_usernames: false,
      excluded_usernames: ['excludedguy'],
      ...extra,
    });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
    return res.body.data as { id: number; slug: string; credentials: string };
  }

  const board = async (slug: string) => {
    const res = await stack.api.client().json('GET', '/api/r/leaderboard');
    expect(res.status).toBe(200);
    return res.body.data.all_leaderboards[slug];
  };

  for (const casino of ['roobet', 'shuffle', 'rainbet', 'gamdom', 'stake', 'generic'] as const) {
    it(`${casino}: fetches, ranks (ties by username), and keeps the last good data through errors, timeouts and malformed payloads`, async () => {
      fake.players[casino] = PLAYERS;
      fake.mode[casino] = 'ok';
      const platform = await createPlatform(casino);
      expect(platform.credentials).toBe('set');

      const first = await refresher.refresh(platform.id, 'manual');
      expect(first).toMatchObject({ status: 'updated' });
      const good = await board(platform.slug);
      expect(good.top_three.map((p: { username: string; wagered: number }) => [p.username, p.wagered])).toEqual([
        ['HighRoller', 15234.5],
        ['lucky7', 9800.25],
        ['slotqueen', 9800.25],
      ]);
      expect(good.rest_of_users).toEqual([{ displayName: 'newbie', username: 'newbie', avatar: null, wagered: 12.1 }]);
      expect(good.prizes).toEqual([500, 250, 100]);
      expect(good.last_updated).not.toBeNull();
      expect(good.current_period.endTimestamp).toBe(Date.parse(good.current_period.end));

      const request = fake.requests.filter((r) => r.casino === casino).at(-1)!;
      if (casino === 'roobet')
        expect(request.query).toMatchObject({ userId: 'aff-42', startDate: good.current_period.start, endDate: good.current_period.end });
      if (casino === 'stake') expect(fake.requests.filter((r) => r.casino === 'stake').map((r) => r.query.offset)).toEqual(['0', '2', '4']);

      for (const mode of ['server-error', 'unauthorized', 'hang', 'malformed', 'not-json'] as const) {
        fake.mode[casino] = mode;
        const outcome = await refresher.refresh(platform.id, 'manual');
        expect({ mode, status: outcome.status }).toEqual({ mode, status: 'failed' });
        expect(await board(platform.slug)).toEqual(good);
      }

      const history = await stack.admin.json('GET', `/api/admin/leaderboard/platforms/${platform.id}/fetches`);
      const errors = history.body.data.map((f: { error: string | null }) => f.error);
      expect(history.body.data.map((f: { ok: boolean }) => f.ok)).toEqual([false, false, false, false, false, true]);
      expect(errors[2]).toMatch(/did not answer within 1500 ms \(after 2 attempts\)/);
      expect(errors[4]).toMatch(/HTTP 500/);
      expect(errors[1]).toMatch(/unexpected|CSV|payload/);
      // Secrets never reach what admins read.
      expect(JSON.stringify(history.body)).not.toContain(SECRETS[casino]);
      const adminView = await stack.admin.json('GET', `/api/admin/leaderboard/platforms/${platform.id}`);
      expect(adminView.body.data.credentials).toBe('set');
      expect(adminView.body.data.last_error).toBe(errors[0]);
      expect(JSON.stringify(adminView.body)).not.toContain(SECRETS[casino]);
      fake.mode[casino] = 'ok';
    });
  }

  it('retries a 503 with backoff and then succeeds', async () => {
    fake.players.shuffle = [{ username: 'retryMe', wagered: 10 }];
    const platform = await createPlatform('shuffle', {
      slug: 'shuffle-retry',
      source_config: { base_url: fake.url, retries: 2, timeout_ms: 1000 },
    });
    fake.failFirst.shuffle = 2;
    expect(await refresher.refresh(platform.id, 'manual')).toMatchObject({ status: 'updated' });
    expect((await board('shuffle-retry')).top_three[0].username).toBe('retryMe');
  });

  it('answers a conditional GET with 304 until the board changes, then with the new board and a new tag', async () => {
    fake.players.rainbet = [{ username: 'tagOne', wagered: 10 }];
    const platform = await createPlatform('rainbet', { slug: 'rainbet-etag' });
    await refresher.refresh(platform.id, 'manual');
    const client = stack.api.client();
    const first = await client.get('/api/r/leaderboard');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    const leader = async (res: Response) =>
      ((await res.json()) as { data: { all_leaderboards: Record<string, { top_three: { username: string }[] }> } }).data.all_leaderboards[
        'rainbet-etag'
      ]!.top_three[0]!.username;
    expect(await leader(first)).toBe('tagOne');
    // fetch adds "Cache-Control: no-cache" to a hand-made conditional request; a browser revalidating its cache sends max-age=0.
    const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
    const unchanged = await client.get('/api/r/leaderboard', revalidate(tag));
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    fake.players.rainbet = [{ username: 'tagTwo', wagered: 20 }];
    await refresher.refresh(platform.id, 'manual');
    const changed = await client.get('/api/r/leaderboard', revalidate(tag));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(await leader(changed)).toBe('tagTwo');
  });

  it('gamdom drops hidden players (user_id -1) and counts only months inside the period', async () => {
    const month = new Date().toISOString().slice(0, 7);
    fake.players.gamdom = [
      { username: 'visible', wagered: 100 },
      { username: 'Hidden', wagered: 5000, userId: -1 },
      { username: 'lastMonth', wagered: 900, month: '2001-01' },
    ];
    const platform = await createPlatform('gamdom', { slug: 'gamdom-hidden' });
    await refresher.refresh(platform.id, 'manual');
    const b = await board('gamdom-hidden');
    expect(b.top_three.map((p: { username: string }) => p.username)).toEqual(['visible']);
    expect(month).toHaveLength(7);
  });

  it('credentials are sealed in PostgreSQL and a wrong secret is a clear error', async () => {
    const platform = await createPlatform('rainbet', { slug: 'rainbet-wrong', credentials: 'not-the-key' });
    const [row] = await stack.em
      .fork()
      .execute<{ credentials_enc: string }[]>('select credentials_enc from leaderboard_platforms where id = ?', [platform.id]);
    expect(row.credentials_enc).toMatch(/^v1\./);
    expect(row.credentials_enc).not.toContain('not-the-key');
    const test = await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/test`, {});
    expect(test.body.data).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 401/) });
    expect(test.body.data.error).not.toContain('not-the-key');
    const fixed = await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, { credentials: SECRETS.rainbet });
    expect(fixed.body.data.credentials).toBe('set');
    const retest = await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/test`, {});
    expect(retest.body.data).toMatchObject({ ok: true, error: null });
  });

  it('with private hosts not allowed (production), Test connection refuses loopback and metadata addresses and shows no answer', async () => {
    const platform = await createPlatform('generic', { slug: 'generic-ssrf' });
    const guarded = await stack.processes.api({ LEADERBOARD_ALLOW_PRIVATE_HOSTS: false });
    const guardedAdmin = await guarded.signedIn({ role: 'Admin' });
    const before = fake.requests.length;
    const test = await guardedAdmin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/test`, {});
    expect(test.body.data).toMatchObject({ ok: false, entry_count: 0, sample: [] });
    expect(test.body.data.error).toMatch(/^127\.0\.0\.1 resolves to a private or reserved address/);
    expect(fake.requests.length).toBe(before);
    for (const url of ['http://169.254.169.254/latest/meta-data/?x={start}', 'http://[::1]:6379/?x={end}', 'http://localhost/x']) {
      await guardedAdmin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, {
        source_config: { url, array_path: 'rows', username_field: 'name', wagered_field: 'total', timeout_ms: 500, retries: 0 },
      });
      const probe = await guardedAdmin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/test`, {});
      expect([url, probe.body.data.ok, probe.body.data.error]).toEqual([
        url,
        false,
        expect.stringMatching(/resolves to a private or reserved address/),
      ]);
    }
  });

  it('a source answering a flood is read up to LEADERBOARD_SOURCE_MAX_BYTES: Test connection and the refresh log say why', async () => {
    const flood = new FloodServer();
    await flood.start();
    try {
      flood.totalBytes = 64 * 1024 * 1024;
      const platform = await createPlatform('generic', { slug: 'generic-flood' });
      await stack.admin.json('PUT', `/api/admin/leaderboard/platforms/${platform.id}`, {
        source_config: {
          url: `${flood.url}/stats?x={start}`,
          array_path: 'rows',
          username_field: 'name',
          wagered_field: 'total',
          retries: 2,
        },
      });
      const test = await stack.admin.json('POST', `/api/admin/leaderboard/platforms/${platform.id}/test`, {});
      const reason = `${flood.url}/stats answered more than 5 MB (LEADERBOARD_SOURCE_MAX_BYTES); the rest was not read`;
      expect(test.body.data).toMatchObject({ ok: false, error: reason });
      expect(flood.requests).toBe(1);
      expect(flood.written).toBeLessThan(32 * 1024 * 1024);
      // The scheduled refresh meets the same cap and records it beside the test.
      await refresher.refresh(platform.id);
      expect(flood.requests).toBe(2);
      const logged = await stack.em
        .fork()
        .execute<{ trigger: string; error: string }[]>('select trigger, error from leaderboard_fetches where platform_id = ? order by id', [
          platform.id,
        ]);
      expect(logged).toEqual([
        { trigger: 'test', error: reason },
        { trigger: 'schedule', error: reason },
      ]);
    } finally {
      await flood.stop();
    }
  });

  it('refuses invalid platform settings with 422 per field', async () => {
    const res = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Bad',
      slug: 'bad',
      currency_symbol: '$',
      source_type: 'gamdom',
      source_config: { base_url: 'not a url' },
      period_type: 'weekly',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['credentials', 'period_type', 'source_config.base_url']);
    const custom = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Custom',
      slug: 'custom',
      currency_symbol: '€',
      source_type: 'manual_csv',
      period_type: 'custom',
      custom_start: '2026-11-10T00:00:00Z',
      custom_end: '2026-11-01T00:00:00Z',
    });
    expect(custom.status).toBe(422);
    expect(custom.body.errors.custom_end).toEqual(['The end must be after the start.']);
    const dup = await stack.admin.json('POST', '/api/admin/leaderboard/platforms', {
      name: 'Dup',
      slug: 'roobet-board',
      currency_symbol: '$',
      source_type: 'manual_csv',
      period_type: 'monthly',
    });
    expect(dup.status).toBe(409);
  });
});
