import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { createTestStack, createUser, type RunningApi, type TestStack } from '@kickback/testing';

const ANONYMOUS_MINUTES = 120;
/** Measured per anonymous session in Redis (key + JSON with the CSRF token and cookie); docs/security.md uses it. */
const MAX_BYTES_PER_ANONYMOUS_SESSION = 512;

/** Session lifetimes: short for anonymous visitors, 30 days idle and an absolute limit for members, cookie gone at logout. */
describe('session lifetimes and personal answers', () => {
  let stack: TestStack;
  let api: RunningApi;
  let em: EntityManager;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kb-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--app-data--></head><body></body></html>');
    stack = await createTestStack({ FRONTEND_DIST: dist, ANONYMOUS_SESSION_MINUTES: String(ANONYMOUS_MINUTES) });
    api = await stack.api();
    em = api.app.get(EntityManager);
  });
  afterAll(() => stack.close());

  const sessionKeys = () => stack.redis.keys('sess:*');

  it('anonymous page loads leave short-lived sessions only, bounded in count by the TTL and in size per session', async () => {
    const loads = 400;
    for (let i = 0; i < loads; i += 50)
      await Promise.all(Array.from({ length: 50 }, () => fetch(`${api.url}/raffles`).then((r) => r.text())));
    const keys = await sessionKeys();
    expect(keys.length).toBe(loads);
    const ttls = await Promise.all(keys.map((k) => stack.redis.ttl(k)));
    expect(Math.max(...ttls)).toBeLessThanOrEqual(ANONYMOUS_MINUTES * 60);
    expect(Math.min(...ttls)).toBeGreaterThan(ANONYMOUS_MINUTES * 60 - 60);
    const bytes = await Promise.all(keys.slice(0, 50).map((k) => stack.redis.memory('USAGE', k)));
    expect(Math.max(...(bytes as number[]))).toBeLessThanOrEqual(MAX_BYTES_PER_ANONYMOUS_SESSION);
    await stack.redis.del(...keys);
  });

  it('a login gives the member lifetime; logout deletes the session and clears the cookie', async () => {
    const client = api.client();
    await client.loginAs((await createUser(em)).id);
    const [key] = await sessionKeys();
    expect(await stack.redis.ttl(key!)).toBeGreaterThan(29 * 24 * 3600);

    const cookie = client.cookieHeader;
    const res = await client.request('POST', '/logout', { form: {} });
    expect(res.status).toBe(303);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('kb.sid='));
    expect(cleared).toMatch(/^kb\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/HttpOnly/);
    expect(await stack.redis.exists(key!)).toBe(0);
    const replayed = await fetch(`${api.url}/api/r/points/history`, { headers: { cookie } });
    expect(replayed.status).toBe(401);
  });

  it('a member session past its absolute lifetime is anonymous on the next request, however active', async () => {
    const client = api.client();
    await client.loginAs((await createUser(em)).id);
    expect((await client.get('/api/r/points/history')).status).toBe(200);
    const [key] = (await sessionKeys()).filter(Boolean);
    const data = JSON.parse((await stack.redis.get(key!))!);
    data.startedAt = Date.now() - 91 * 24 * 3600 * 1000;
    await stack.redis.set(key!, JSON.stringify(data), 'KEEPTTL');
    expect((await client.get('/api/r/points/history')).status).toBe(401);
    expect(await stack.redis.exists(key!)).toBe(0);
  });

  it('personal answers are never cached; public reads for anonymous visitors may be', async () => {
    const member = api.client();
    await member.loginAs((await createUser(em)).id);
    expect((await member.get('/api/r/points/history')).headers.get('cache-control')).toBe('no-store');
    expect((await member.get('/api/r/raffles')).headers.get('cache-control')).toBe('no-store');
    const admin = api.client();
    await admin.loginAs((await createUser(em, { role: 'Admin' })).id);
    expect((await admin.get('/api/admin/settings')).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${api.url}/api/r/raffles`)).headers.get('cache-control')).not.toBe('no-store');
  });
});
