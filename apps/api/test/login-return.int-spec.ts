import { integrationStack, FakeKickServer, createUser, type TestClient } from '@kickback/testing';
import { throughKickConsent } from './support/kick-consent';

async function demoLogin(client: TestClient, userId: number, next: string): Promise<Response> {
  const token = await client.refreshCsrf();
  return client.request('POST', '/login/dev', { form: { _csrf: token, user_id: String(userId), next }, csrf: false });
}

const FOREIGN_TARGETS = [
  '//evil.example/raffles',
  '/\\evil.example',
  '/\\/evil.example',
  'https://evil.example/',
  '/%09/evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  'javascript:alert(1)',
  'raffles/1',
  '/login?next=/raffles/1',
];

describe('login returns the visitor to the page they came from, and only to a page of this site', () => {
  const kick = new FakeKickServer('kb-client', 'kb-secret');
  const stack = integrationStack({ kick, env: { KICK_CLIENT_ID: 'kb-client', KICK_CLIENT_SECRET: 'kb-secret' } });

  it('the login page carries next to the Kick link and the demo form', async () => {
    const html = await (await stack.api.client().get('/login?next=%2Fraffles%2F7%3Ftab%3Dentries')).text();
    expect(html).toContain('href="/auth/kick?next=%2Fraffles%2F7%3Ftab%3Dentries"');
    expect(html).toContain('<input type="hidden" name="next" value="/raffles/7?tab=entries">');
  });

  it('the login page drops a foreign next', async () => {
    for (const target of FOREIGN_TARGETS) {
      const html = await (await stack.api.client().get(`/login?next=${encodeURIComponent(target)}`)).text();
      expect(html).toContain('href="/auth/kick"');
      expect(html).not.toContain('name="next"');
    }
  });

  it('Kick login comes back to the raffle the visitor was on', async () => {
    kick.nextUser = {
      user_id: 880001,
      name: 'ReturningViewer',
      email: 'returning@example.com',
      profile_picture: 'https://files.kick.com/p.png',
    };
    const client = stack.api.client();
    const res = await throughKickConsent(client, '/auth/kick?next=%2Fraffles%2F42');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/raffles/42');
    const session = await client.json<{ data: { user: { username: string } } }>('GET', '/api/r/session');
    expect(session.body.data.user.username).toBe('ReturningViewer');
  });

  it('Kick login refuses a foreign next and goes home instead', async () => {
    for (const [i, target] of FOREIGN_TARGETS.entries()) {
      kick.nextUser = {
        user_id: 880100 + i,
        name: `Foreign${i}`,
        email: `foreign${i}@example.com`,
        profile_picture: 'https://files.kick.com/p.png',
      };
      const res = await throughKickConsent(stack.api.client(), `/auth/kick?next=${encodeURIComponent(target)}`);
      expect({ target, location: res.headers.get('location') }).toEqual({ target, location: '/' });
    }
  });

  it('demo login returns to next and refuses foreign targets', async () => {
    const member = await createUser(stack.em);
    const back = await demoLogin(stack.api.client(), member.id, '/store?sort=cost#top');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/store?sort=cost#top');
    for (const target of FOREIGN_TARGETS) {
      const res = await demoLogin(stack.api.client(), member.id, target);
      expect({ target, location: res.headers.get('location') }).toEqual({ target, location: '/' });
    }
  });

  it('an already logged-in member opening /login?next= goes straight there', async () => {
    const client = await stack.api.signedIn();
    const res = await client.get('/login?next=%2Ftournaments%2F3');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/tournaments/3');
    const foreign = await client.get('/login?next=%2F%2Fevil.example');
    expect(foreign.headers.get('location')).toBe('/');
  });

  it('a banned member is refused with the reason and a contact link, keeping next for a later try', async () => {
    const member = await createUser(stack.em);
    await stack.em
      .fork()
      .execute(`update users set banned_at = now(), ban_reason = 'Spamming <b>links</b> in chat' where id = ?`, [member.id]);
    const client = stack.api.client();
    const refused = await demoLogin(client, member.id, '/raffles/9');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/login?error=banned&next=%2Fraffles%2F9');
    const html = await (await client.get(refused.headers.get('location')!)).text();
    expect(html).toContain('This account has been banned.');
    expect(html).toContain('Reason: Spamming &lt;b&gt;links&lt;/b&gt; in chat');
    expect(html).toContain('<a href="/contact">contact us</a>');
    // Nobody else sees the reason: it belongs to the refused browser's session only.
    const stranger = await (await stack.api.client().get('/login?error=banned')).text();
    expect(stranger).toContain('This account has been banned.');
    expect(stranger).not.toContain('Spamming');
  });

  it('a banned member refused by Kick login sees the reason too', async () => {
    kick.nextUser = { user_id: 880500, name: 'BannedViewer', email: 'banned@example.com', profile_picture: 'https://files.kick.com/p.png' };
    await throughKickConsent(stack.api.client(), '/auth/kick');
    await stack.em.fork().execute(`update users set banned_at = now(), ban_reason = 'Chargeback abuse' where kick_user_id = 880500`);
    const client = stack.api.client();
    const refused = await throughKickConsent(client, '/auth/kick?next=%2Fstore');
    expect(refused.headers.get('location')).toBe('/login?error=banned&next=%2Fstore');
    const html = await (await client.get(refused.headers.get('location')!)).text();
    expect(html).toContain('Reason: Chargeback abuse');
  });
});
