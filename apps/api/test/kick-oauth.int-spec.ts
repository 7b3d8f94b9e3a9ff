import { integrationStack, FakeKickServer, createUser, waitFor, type TestClient } from '@kickback/testing';
import { throughKickConsent } from './support/kick-consent';

/** Logs in through the fake Kick's consent page, checking the authorize URL we send the browser to. */
function loginThroughKick(client: TestClient, kick: FakeKickServer): Promise<Response> {
  return throughKickConsent(client, '/auth/kick', (authorize) => {
    expect(authorize.origin).toBe(kick.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('user:read');
  });
}

describe('Kick OAuth 2.1 login against a fake Kick', () => {
  const kick = new FakeKickServer('kb-client', 'kb-secret');
  const stack = integrationStack({ kick, env: { KICK_CLIENT_ID: 'kb-client', KICK_CLIENT_SECRET: 'kb-secret' } });

  beforeEach(() => {
    kick.deny = false;
  });

  it('creates the member on first login, rotates the session id and sends them home', async () => {
    kick.nextUser = {
      user_id: 777001,
      name: 'FreshViewer',
      email: 'fresh@example.com',
      profile_picture: 'https://files.kick.com/fresh.png',
    };
    const client = stack.api.client();
    await client.refreshCsrf();
    const before = client.cookieHeader;
    const res = await loginThroughKick(client, kick);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(client.cookieHeader).not.toBe(before);
    const session = await client.json('GET', '/api/r/session');
    expect(session.body.data.user).toMatchObject({
      username: 'FreshViewer',
      kick_username: 'FreshViewer',
      email: 'fresh@example.com',
      role: 'member',
    });
    expect(kick.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', client_secret: 'kb-secret' });
    expect(kick.tokenRequests.at(-1)!.code_verifier.length).toBeGreaterThanOrEqual(43);
  });

  it("revokes the login's access and refresh tokens at Kick once the member is read", async () => {
    kick.nextUser = { user_id: 777099, name: 'RevokedViewer', email: 'revoked@example.com', profile_picture: '' };
    const before = kick.revoked.length;
    const res = await loginThroughKick(stack.api.client(), kick);
    expect(res.headers.get('location')).toBe('/');
    await waitFor(async () => kick.revoked.length >= before + 2, 10_000, 'login tokens revoked');
    const revoked = kick.revoked.slice(before);
    expect(new Set(revoked).size).toBe(2);
    // The access token that read the member no longer reads anything.
    for (const token of revoked) {
      const users = await fetch(`${kick.url}/public/v1/users`, { headers: { authorization: `Bearer ${token}` } });
      expect(users.status).toBe(401);
    }
  });

  it('logs the same Kick account into the same user the second time', async () => {
    kick.nextUser = { user_id: 777002, name: 'Returning', email: 'r@example.com', profile_picture: '' };
    const first = stack.api.client();
    await loginThroughKick(first, kick);
    const second = stack.api.client();
    await loginThroughKick(second, kick);
    const a = await first.json('GET', '/api/r/session');
    const b = await second.json('GET', '/api/r/session');
    expect(a.body.data.user.id).toBe(b.body.data.user.id);
    const rows = await stack.em.fork().execute('select id from users where kick_user_id = 777002');
    expect(rows).toHaveLength(1);
  });

  it('rejects a callback whose state does not match, and a replayed callback', async () => {
    const client = stack.api.client();
    const start = await client.get('/auth/kick');
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    const bad = await client.get(forged.pathname + forged.search);
    expect(bad.headers.get('location')).toBe('/login?error=state');
    // The pending login was consumed by the failed attempt: even the genuine callback is refused now.
    const replay = await client.get(callback.pathname + callback.search);
    expect(replay.headers.get('location')).toBe('/login?error=state');
    expect((await client.json('GET', '/api/r/session')).body.data.user).toBeNull();
  });

  it('refuses a reused authorization code', async () => {
    const client = stack.api.client();
    const start = await client.get('/auth/kick');
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const code = callback.searchParams.get('code')!;
    const ok = await client.get(callback.pathname + callback.search);
    expect(ok.headers.get('location')).toBe('/');
    // A second browser replays the stolen code with a fresh state of its own.
    const attacker = stack.api.client();
    const attackerStart = await attacker.get('/auth/kick');
    const state = new URL(attackerStart.headers.get('location')!).searchParams.get('state')!;
    const replay = await attacker.get(`/auth/kick/callback?code=${code}&state=${state}`);
    expect(replay.headers.get('location')).toBe('/login?error=failed');
    expect((await attacker.json('GET', '/api/r/session')).body.data.user).toBeNull();
  });

  it('handles denied consent', async () => {
    kick.deny = true;
    const client = stack.api.client();
    const res = await loginThroughKick(client, kick);
    expect(res.headers.get('location')).toBe('/login?error=denied');
    const page = await client.get('/login?error=denied');
    expect(await page.text()).toContain('Login was cancelled on Kick.');
  });

  it('links Kick to an already logged-in member and returns to the connections tab', async () => {
    const member = await createUser(stack.em, { kickUsername: null });
    const client = stack.api.client();
    await client.loginAs(member.id);
    kick.nextUser = { user_id: 777003, name: 'LinkedName', email: 'l@example.com', profile_picture: '' };
    const res = await loginThroughKick(client, kick);
    expect(res.headers.get('location')).toBe('/settings?tab=connections');
    const [row] = await stack.em
      .fork()
      .execute<{ kick_username: string; kick_user_id: string }[]>('select kick_username, kick_user_id from users where id = ?', [
        member.id,
      ]);
    expect(row).toEqual({ kick_username: 'LinkedName', kick_user_id: '777003' });
  });

  it('after disconnecting Kick in Settings, logging in with Kick opens the same account and reconnects it', async () => {
    kick.nextUser = { user_id: 777004, name: 'Comeback', email: 'c@example.com', profile_picture: '' };
    const first = stack.api.client();
    await loginThroughKick(first, kick);
    await first.refreshCsrf();
    const before = (await first.json('GET', '/api/r/session')).body.data.user;
    const disconnect = await first.json('POST', '/api/r/profile/disconnect-kick', {});
    expect(disconnect.body.user).toMatchObject({ kick_username: null, kick_connected: false });
    await first.request('POST', '/logout');

    const again = stack.api.client();
    await loginThroughKick(again, kick);
    const after = (await again.json('GET', '/api/r/session')).body.data.user;
    expect(after.id).toBe(before.id);
    expect(after.kick_username).toBe('Comeback');
  });

  it('logout needs the CSRF token, ends the session and redirects to /', async () => {
    const member = await createUser(stack.em);
    const client = stack.api.client();
    await client.loginAs(member.id);
    const noToken = await client.request('POST', '/logout', { csrf: false });
    expect(noToken.status).toBe(403);
    const res = await client.request('POST', '/logout');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await client.json('GET', '/api/r/session')).body.data.user).toBeNull();
  });
});
