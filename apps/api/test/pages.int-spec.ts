import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FriendshipsService } from '@kickback/domain';
import { integrationStack, TEST_REDIS_URL, claimRedisDbs, createUser, releaseRedisDbs } from '@kickback/testing';
import { frontendDist } from './support/served-pages';

function appData(html: string): any {
  const match = /<script nonce="([^"]+)">window\.__APP__=(.*?);<\/script>/s.exec(html);
  if (!match) throw new Error('no injected page data');
  return { nonce: match[1], data: JSON.parse(match[2]) };
}

describe('page serving with injected data', () => {
  let dist: string;

  beforeAll(async () => {
    dist = frontendDist({
      'index.html':
        '<!doctype html><html><head><!--app-data--><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
      'admin.html': '<!doctype html><html><head><title>admin</title><!--app-data--></head><body><div id="admin"></div></body></html>',
      'assets/app.js': 'console.log(1)',
      // A file named like a page route: page routes never reach the built files.
      store: 'not the store page',
    });
  });
  const stack = integrationStack({ env: () => ({ FRONTEND_DIST: dist }) });

  it('serves the SPA on any page route with user, CSRF token, settings and affiliates, under a nonce CSP', async () => {
    const res = await stack.api.client().get('/raffles/12');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const html = await res.text();
    const { nonce, data } = appData(html);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).toContain("frame-src 'self' https://player.kick.com");
    // An anonymous page view makes no session: its CSRF token is the signed cookie's value.
    expect(res.headers.get('set-cookie')).not.toMatch(/kb\.sid=/);
    expect(res.headers.get('set-cookie')).toMatch(/kb\.csrf=.*HttpOnly.*SameSite=Lax/i);
    expect(data).toMatchObject({
      user: null,
      settings: { site_name: 'Kickback' },
      affiliates: [],
      leaderboard: null,
      live: { is_live: false, started_at: null, ended_at: null },
      friends: null,
    });
    expect(res.headers.get('set-cookie')).toContain(`kb.csrf=${data.csrfToken};`);
    expect(await (await fetch(`${stack.api.url}/assets/app.js`)).text()).toBe('console.log(1)');
    // The raw template is never served without its data.
    const raw = await (await stack.api.client().get('/index.html')).text();
    expect(raw).not.toContain('<!--app-data-->');
    expect(appData(raw).data.csrfToken).toEqual(expect.any(String));
  });

  it('paths that are never a page answer 404 in the envelope, never the app page without a nonce', async () => {
    for (const path of ['/webhooks/kick', '/webhooks/anything/deeper', '/uploads/nope.png', '/api/nope', '/healthz/x']) {
      const res = await stack.api.client().get(path);
      const body = await res.text();
      expect(body).not.toContain('nonce="undefined"');
      expect([path, res.status, JSON.parse(body)]).toEqual([path, 404, { success: false, message: 'Not found.' }]);
    }
  });

  it('reads the built page once, not from disk on every page view', async () => {
    const first = await (await stack.api.client().get('/store')).text();
    expect(first).toContain('<div id="root"></div>');
    expect(first).not.toContain('not the store page');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--app-data--></head><body>changed on disk</body></html>');
    const second = await (await stack.api.client().get('/store')).text();
    expect(second).toContain('<div id="root"></div>');
    expect(second).not.toContain('changed on disk');
  });

  it('escapes injected text so it cannot close the script element', async () => {
    const adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    const admin = stack.api.client();
    await admin.loginAs(adminId);
    await admin.json('PUT', '/api/admin/settings', { site_description: '</script><script>alert(1)</script>' });
    const html = await (await stack.api.client().get('/')).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(appData(html).data.settings.site_description).toBe('</script><script>alert(1)</script>');
  });

  it('injects the logged-in user with the SPEC fields', async () => {
    const member = await createUser(stack.em, { kickUsername: 'kickname' });
    const client = stack.api.client();
    await client.loginAs(member.id);
    const { data } = appData(await (await client.get('/')).text());
    expect(data.user).toMatchObject({ username: member.username, name: member.username, kick_username: 'kickname', role: 'member' });
    expect(data.user).toHaveProperty('email');
  });

  it("carries a member's pending friend requests count for the navigation, and nothing of it for a visitor", async () => {
    const member = await createUser(stack.em);
    const client = stack.api.client();
    await client.loginAs(member.id);
    const pendingCount = jest.spyOn(stack.api.app.get(FriendshipsService), 'pendingCount');
    try {
      expect(appData(await (await client.get('/store')).text()).data.friends).toEqual({ pending_count: 0 });

      // Two requests to the member, one from the member (outgoing) and one accepted: only incoming pending ones count.
      const senders = await Promise.all([1, 2, 3, 4].map(() => createUser(stack.em)));
      for (const sender of senders) {
        const other = stack.api.client();
        await other.loginAs(sender.id);
        expect((await other.json('POST', '/api/r/friends/request', { user_id: member.id })).status).toBe(200);
      }
      expect((await client.json('POST', '/api/r/friends/request', { user_id: (await createUser(stack.em)).id })).status).toBe(200);
      const menu = (await client.json('GET', '/api/r/friends')).body.data;
      expect((await client.json('POST', `/api/r/friends/${menu.incoming[0].friendship_id}/accept`)).status).toBe(200);
      expect((await client.json('POST', `/api/r/friends/${menu.incoming[1].friendship_id}/decline`)).status).toBe(200);

      pendingCount.mockClear();
      const { data } = appData(await (await client.get('/raffles/3')).text());
      expect(data.friends).toEqual({ pending_count: 2 });
      expect(data.friends.pending_count).toBe((await client.json('GET', '/api/r/friends')).body.data.pending_count);
      expect(pendingCount).toHaveBeenCalledTimes(1);
      expect(pendingCount).toHaveBeenCalledWith(member.id);

      // A visitor's page neither carries it nor asks for it.
      pendingCount.mockClear();
      const visitor = appData(await (await stack.api.client().get('/raffles/3')).text()).data;
      expect(visitor.user).toBeNull();
      expect(visitor.friends).toBeNull();
      expect(pendingCount).not.toHaveBeenCalled();
    } finally {
      pendingCount.mockRestore();
    }
  });

  it('/admin-new: anonymous → /login, member → 403 page, admin → the admin app', async () => {
    const anon = await stack.api.client().get('/admin-new');
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/login');

    const member = await stack.api.signedIn();
    const forbidden = await member.get('/admin-new/settings');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain('Admins only');

    const admin = await stack.api.signedIn({ role: 'Admin' });
    const page = await admin.get('/admin-new/affiliates');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="admin">');
    expect(appData(html).data.user.role).toBe('Admin');
  });

  it('/login shows Log in with Kick and, in dev mode, the demo accounts; it is absent in other modes', async () => {
    await createUser(stack.em, { username: 'DemoPerson' });
    const html = await (await stack.api.client().get('/login')).text();
    expect(html).toContain('Log in with Kick');
    expect(html).toContain('href="/auth/kick"');
    expect(html).toContain('DemoPerson');

    const strict = await stack.processes.api({ AUTH_DEV_LOGIN: false });
    const strictHtml = await (await strict.client().get('/login')).text();
    expect(strictHtml).not.toContain('Demo login');
    const client = strict.client();
    const token = await client.refreshCsrf();
    const res = await client.request('POST', '/login/dev', { form: { _csrf: token, user_id: '1' }, csrf: false });
    expect(res.status).toBe(404);
  });

  it('rate-limits login attempts per address with a 429 envelope', async () => {
    // A Redis DB of its own, so the logins of the other tests in this file do not count against it; claimed like a
    // run's, so it is never the DB of a test file running beside this one (flushing that dropped its sessions).
    const claim = `pages-rate-limit-${process.pid}`;
    const [db] = await claimRedisDbs(TEST_REDIS_URL, claim, 1);
    const redisUrl = new URL(stack.env.REDIS_URL);
    redisUrl.pathname = `/${db}`;
    const Redis = (await import('ioredis')).default;
    const extra = new Redis(redisUrl.toString());
    try {
      await extra.flushdb();
      const limited = await stack.processes.api({ AUTH_RATE_LIMIT_PER_MINUTE: 3, REDIS_URL: redisUrl.toString() });
      const member = await createUser(stack.em);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const client = limited.client();
        const token = await client.refreshCsrf();
        const res = await client.request('POST', '/login/dev', { form: { _csrf: token, user_id: String(member.id) }, csrf: false });
        statuses.push(res.status);
        if (res.status === 429)
          expect(await res.json()).toEqual({ success: false, message: 'Too many requests. Please slow down and try again shortly.' });
      }
      expect(statuses).toEqual([303, 303, 303, 429, 429]);
      await limited.close();
      await extra.flushdb();
    } finally {
      extra.disconnect();
      await releaseRedisDbs(TEST_REDIS_URL, claim, [db!]);
    }
  });

  it('rotating SESSION_SECRET with SESSION_SECRET_PREVIOUS keeps members logged in', async () => {
    const oldSecret = 'o'.repeat(40);
    const newSecret = 'n'.repeat(40);
    const before = await stack.processes.api({ SESSION_SECRET: oldSecret });
    const member = await createUser(stack.em);
    const client = before.client();
    await client.loginAs(member.id);
    const cookie = client.cookieHeader;
    const whoAmI = async (api: typeof before) =>
      ((await (await fetch(`${api.url}/api/r/session`, { headers: { cookie } })).json()) as any).data.user?.id ?? null;

    expect(await whoAmI(await stack.processes.api({ SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: oldSecret }))).toBe(member.id);
    expect(await whoAmI(await stack.processes.api({ SESSION_SECRET: newSecret }))).toBeNull();
  });

  it('health, readiness, metrics and OpenAPI answer', async () => {
    expect(await (await fetch(`${stack.api.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = (await (await fetch(`${stack.api.url}/readyz`)).json()) as any;
    expect(ready.details).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
    const metrics = await (await fetch(`${stack.api.url}/metrics`)).text();
    expect(metrics).toContain('http_request_duration_seconds');
    const doc = (await (await fetch(`${stack.api.url}/api/docs.json`)).json()) as any;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/r/settings', '/api/admin/settings']));
  });
});
