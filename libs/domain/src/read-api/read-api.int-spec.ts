import { integrationStack, auditActions, createUser, type TestClient } from '@kickback/testing';
import { runDemoSeed } from '../demo/demo-seed';

const PER_MINUTE = 5;

describe('read API tokens (real PostgreSQL + Redis)', () => {
  let admin: TestClient;
  let adminId: number;

  const stack = integrationStack({ env: { READ_API_PER_MINUTE: String(PER_MINUTE) } });

  beforeAll(async () => {
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    admin = stack.api.client();
    await admin.loginAs(adminId);
  });

  const read = (path: string, token?: string) =>
    fetch(new URL(path, stack.api.url), { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  const create = async (name: string, scopes: string[]) => {
    const res = await admin.json('POST', '/api/admin/read-api/tokens', { name, scopes });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; token: string; prefix: string; scopes: string[] };
  };

  it('a token reads the public data of its scopes; missing, malformed, unknown and revoked tokens get 401, other scopes 403', async () => {
    const created = await create('Stream deck', ['leaderboard', 'winners', 'hunts']);
    expect(created.token).toMatch(/^kbr_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 8));
    // Stored hashed: the token itself is nowhere in the table.
    const [row] = await stack.em
      .fork()
      .execute<{ token_sha256: string }[]>('select token_sha256 from read_api_tokens where id = ?', [created.id]);
    expect(row!.token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    // Shown once: the list never carries it.
    const list = await admin.json('GET', '/api/admin/read-api/tokens');
    expect(JSON.stringify(list.body)).not.toContain(created.token.slice(4));
    expect(list.body.data[0]).toMatchObject({
      id: created.id,
      name: 'Stream deck',
      scopes: ['leaderboard', 'winners', 'hunts'],
      revoked_at: null,
    });

    // The same answers the public pages read.
    for (const [path, publicPath] of [
      ['/api/v1/leaderboard', '/api/r/leaderboard'],
      ['/api/v1/winners?page=1', '/api/r/winners?page=1'],
      ['/api/v1/bonus-hunts/history', '/api/r/bonus-hunts/history'],
      ['/api/v1/bonus-hunts/current', '/api/r/bonus-hunts/current'],
    ]) {
      const res = await read(path, created.token);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await res.json()).toEqual(await (await fetch(new URL(publicPath, stack.api.url))).json());
    }

    const missing = await read('/api/v1/leaderboard');
    expect([missing.status, missing.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    expect(await missing.json()).toEqual({
      success: false,
      message: 'An API token is required: send it as "Authorization: Bearer <token>".',
    });
    for (const bad of ['kbr_short', `kbr_${'A'.repeat(43)}`, created.token.toUpperCase()]) {
      const res = await read('/api/v1/leaderboard', bad);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe('This API token is not valid or has been revoked.');
    }
    // A logged-in admin's session is no token.
    expect((await admin.request('GET', '/api/v1/leaderboard')).status).toBe(401);

    for (const path of ['/api/v1/raffles', '/api/v1/tournaments']) {
      const res = await read(path, created.token);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/^This API token may not read (raffles|tournaments)\.$/);
    }

    const revoked = await admin.json('DELETE', `/api/admin/read-api/tokens/${created.id}`);
    expect([revoked.status, revoked.body.message]).toEqual([200, 'Token "Stream deck" revoked; tools using it are refused from now on.']);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    expect((await read('/api/v1/leaderboard', created.token)).status).toBe(401);
    expect((await admin.json('DELETE', `/api/admin/read-api/tokens/${created.id}`)).status).toBe(404);

    expect(await auditActions(stack.em, 'read_api_token', created.id)).toEqual([
      { action: 'read-api.token.create', actor_id: adminId },
      { action: 'read-api.token.revoke', actor_id: adminId },
    ]);
  });

  it("every scope answers what a visitor's page shows, and no answer carries a member's private fields", async () => {
    // A community with raffles and their winners, hunts, tournaments and a leaderboard; every member has an e-mail and a
    // Kick id the public pages never show.
    await runDemoSeed(stack.em.fork());
    await stack.em.fork().execute(`update users set email = 'private-' || id || '@mail.example', kick_user_id = 880000000 + id`);
    // Two tokens: this stack allows each one PER_MINUTE reads.
    const board = (await create('Board', ['leaderboard', 'raffles', 'winners'])).token;
    const stream = (await create('Stream', ['hunts', 'tournaments'])).token;
    const bodies: string[] = [];
    for (const [path, publicPath] of [
      ['/api/v1/leaderboard', '/api/r/leaderboard'],
      ['/api/v1/raffles', '/api/r/raffles'],
      ['/api/v1/winners?page=1', '/api/r/winners?page=1'],
      ['/api/v1/bonus-hunts/current', '/api/r/bonus-hunts/current'],
      ['/api/v1/bonus-hunts/history', '/api/r/bonus-hunts/history'],
      ['/api/v1/tournaments', '/api/r/tournaments'],
    ]) {
      const res = await read(path, path.includes('hunts') || path.includes('tournaments') ? stream : board);
      expect([path, res.status]).toEqual([path, 200]);
      const body = await res.text();
      expect([path, JSON.parse(body)]).toEqual([path, await (await fetch(new URL(publicPath, stack.api.url))).json()]);
      bodies.push(body);
    }
    const all = bodies.join('\n');
    // The seed's answers are not empty: winners and raffles are there to leak from.
    expect(JSON.parse(bodies[1]!).data.length).toBeGreaterThan(0);
    expect(JSON.parse(bodies[2]!).data.length).toBeGreaterThan(0);
    expect(all).not.toMatch(/@mail\.example/);
    expect(all).not.toMatch(/88000\d{4}/);
    expect(all).not.toMatch(/"(email|kick_user_id|password_hash|role|is_demo|ip|idempotency_key)"/);
    // The password raffle's password, as typed or as stored (user_entries.password is the visitor's own flag, false).
    expect(all).not.toMatch(/"password":"|scrypt\$/);
  });

  it('rate-limits each token on its own, with Retry-After', async () => {
    const busy = await create('Busy bot', ['raffles']);
    const calm = await create('Calm bot', ['raffles', 'tournaments']);
    for (let i = 0; i < PER_MINUTE; i++) expect((await read('/api/v1/raffles', busy.token)).status).toBe(200);
    const limited = await read('/api/v1/raffles', busy.token);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^This API token has made too many requests; try again in \d+ seconds?\.$/,
    );
    // Another token has its own budget.
    expect((await read('/api/v1/tournaments', calm.token)).status).toBe(200);
  });

  it('refuses a token without scopes or with unknown ones per field, and members may not manage tokens', async () => {
    const none = await admin.json('POST', '/api/admin/read-api/tokens', { name: 'x', scopes: [] });
    expect([none.status, none.body.errors.scopes]).toEqual([422, ['Choose at least one scope']]);
    const unknown = await admin.json('POST', '/api/admin/read-api/tokens', { name: 'x', scopes: ['ledger'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['scopes.0']);
    const member = await stack.api.signedIn();
    expect((await member.json('POST', '/api/admin/read-api/tokens', { name: 'x', scopes: ['winners'] })).status).toBe(403);
  });

  it('is in the OpenAPI document with its bearer token', async () => {
    const doc = (await (await fetch(new URL('/api/docs.json', stack.api.url))).json()) as {
      paths: Record<string, { get?: { security?: unknown[]; tags?: string[] } }>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.components.securitySchemes['read-api-token']).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/api/v1/leaderboard',
      '/api/v1/raffles',
      '/api/v1/winners',
      '/api/v1/bonus-hunts/current',
      '/api/v1/tournaments',
    ]) {
      expect(doc.paths[path]?.get).toMatchObject({ tags: ['read-api'], security: [{ 'read-api-token': [] }] });
    }
  });
});
