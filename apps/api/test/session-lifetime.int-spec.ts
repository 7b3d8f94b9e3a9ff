import { integrationStack, createUser } from '@kickback/testing';
import { frontendDist } from './support/served-pages';

const ANONYMOUS_MINUTES = 120;

/** Session lifetimes: short for anonymous visitors, 30 days idle and an absolute limit for members, cookie gone at logout. */
describe('session lifetimes and personal answers', () => {
  let dist: string;
  beforeAll(async () => {
    dist = frontendDist({ 'index.html': '<!doctype html><html><head><!--app-data--></head><body></body></html>' });
  });
  const stack = integrationStack({ env: () => ({ FRONTEND_DIST: dist, ANONYMOUS_SESSION_MINUTES: String(ANONYMOUS_MINUTES) }) });

  const sessionKeys = () => stack.redis.keys('sess:*');

  const pageToken = (html: string) => /"csrfToken":"([^"]+)"/.exec(html)?.[1];
  const csrfCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('kb.csrf='));

  it('anonymous page loads and reads leave no server state: their CSRF token is a signed cookie', async () => {
    for (let i = 0; i < 400; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          await (await fetch(`${stack.api.url}/raffles`)).text();
          await (await fetch(`${stack.api.url}/api/r/raffles`)).text();
          await (await fetch(`${stack.api.url}/api/r/session`)).text();
        }),
      );
    expect(await sessionKeys()).toEqual([]);

    const page = await fetch(`${stack.api.url}/raffles`);
    const token = pageToken(await page.text());
    const cookie = csrfCookie(page);
    expect(page.headers.getSetCookie().some((c) => c.startsWith('kb.sid='))).toBe(false);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie!.split(';')[0]).toBe(`kb.csrf=${token}`);
    // The same visitor keeps its token across pages (an open form stays valid).
    const again = await fetch(`${stack.api.url}/store`, { headers: { cookie: cookie!.split(';')[0]! } });
    expect(pageToken(await again.text())).toBe(token);
    expect(csrfCookie(again)).toBeUndefined();
  });

  it('a flood of anonymous page loads adds no key to Redis: the bound per visitor is zero', async () => {
    await (await fetch(`${stack.api.url}/raffles`)).text(); // warm-up: caches the page's shared reads
    // The bytes held by this test's own DB: the server's used_memory also counts what a test file running beside
    // this one writes to its DB.
    const usedMemory = async () => {
      let bytes = 0;
      for (const key of await stack.redis.keys('*')) bytes += Number((await stack.redis.memory('USAGE', key)) ?? 0);
      return bytes;
    };
    // Key names, not a count: a cached shared read may expire during the flood, which is no key added.
    const keysBefore = new Set(await stack.redis.keys('*'));
    const memoryBefore = await usedMemory();
    for (let i = 0; i < 5_000; i += 100)
      await Promise.all(Array.from({ length: 100 }, () => fetch(`${stack.api.url}/raffles`).then((r) => r.text())));
    expect(await sessionKeys()).toEqual([]);
    expect((await stack.redis.keys('*')).filter((key) => !keysBefore.has(key))).toEqual([]);
    // Nothing grows with the visitors: the same keys hold about the same bytes (a cached answer rewritten).
    expect((await usedMemory()) - memoryBefore).toBeLessThan(64 * 1024);
  });

  it('an anonymous state change needs its own signed cookie and the same token; a member needs the session token', async () => {
    const user = await createUser(stack.em);
    const login = (headers: Record<string, string>, token: string) =>
      fetch(`${stack.api.url}/login/dev`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ _csrf: token, user_id: String(user.id) }),
      });
    const page = await fetch(`${stack.api.url}/login`);
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
    const cookie = csrfCookie(page)!.split(';')[0]!;
    const other = csrfCookie(await fetch(`${stack.api.url}/raffles`))!.split(';')[0]!;
    const nonce = token!.split('.')[0];

    expect((await login({}, token!)).status).toBe(403);
    expect((await login({ cookie: other }, token!)).status).toBe(403);
    expect((await login({ cookie: `kb.csrf=${nonce}.forged` }, `${nonce}.forged`)).status).toBe(403);
    expect(await sessionKeys()).toEqual([]);
    const ok = await login({ cookie }, token!);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/');

    // Logged in, the anonymous token no longer counts: the member's session token is required.
    const sid = ok.headers
      .getSetCookie()
      .find((c) => c.startsWith('kb.sid='))!
      .split(';')[0]!;
    const logout = (csrf: string) =>
      fetch(`${stack.api.url}/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: `${sid}; ${cookie}`, 'x-csrf-token': csrf },
      });
    expect((await logout(token!)).status).toBe(403);
    const session = (await (await fetch(`${stack.api.url}/api/r/session`, { headers: { cookie: sid } })).json()) as {
      data: { user: { id: number }; csrfToken: string };
    };
    expect(session.data.user.id).toBe(user.id);
    expect((await logout(session.data.csrfToken)).status).toBe(303);
    expect(await sessionKeys()).toEqual([]);
  });

  it('a login gives the member lifetime; logout deletes the session and clears the cookie', async () => {
    const client = await stack.api.signedIn();
    const [key] = await sessionKeys();
    expect(await stack.redis.ttl(key!)).toBeGreaterThan(29 * 24 * 3600);

    const cookie = client.cookieHeader;
    const res = await client.request('POST', '/logout', { form: {} });
    expect(res.status).toBe(303);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('kb.sid='));
    expect(cleared).toMatch(/^kb\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/HttpOnly/);
    expect(await stack.redis.exists(key!)).toBe(0);
    const replayed = await fetch(`${stack.api.url}/api/r/points/history`, { headers: { cookie } });
    expect(replayed.status).toBe(401);
  });

  it('a member session past its absolute lifetime is anonymous on the next request, however active', async () => {
    const client = await stack.api.signedIn();
    expect((await client.get('/api/r/points/history')).status).toBe(200);
    const [key] = (await sessionKeys()).filter(Boolean);
    const data = JSON.parse((await stack.redis.get(key!))!);
    data.startedAt = Date.now() - 91 * 24 * 3600 * 1000;
    await stack.redis.set(key!, JSON.stringify(data), 'KEEPTTL');
    expect((await client.get('/api/r/points/history')).status).toBe(401);
    expect(await stack.redis.exists(key!)).toBe(0);
  });

  it('personal answers are never cached; public reads for anonymous visitors may be', async () => {
    const member = await stack.api.signedIn();
    expect((await member.get('/api/r/points/history')).headers.get('cache-control')).toBe('no-store');
    expect((await member.get('/api/r/raffles')).headers.get('cache-control')).toBe('no-store');
    const admin = await stack.api.signedIn({ role: 'Admin' });
    expect((await admin.get('/api/admin/settings')).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${stack.api.url}/api/r/raffles`)).headers.get('cache-control')).not.toBe('no-store');
  });
});
