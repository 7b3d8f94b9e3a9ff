import { ADMIN_ROOM, ENTRY_RULE_MESSAGES, KICK_STANDING_MESSAGES } from '@kickback/contracts';
import { RealtimeEmitter } from '@kickback/platform';
import { KICK_CONNECTION_NOTICES, KickConnectionService } from '@kickback/domain';
import { integrationStack, FakeKickServer, createUser, kickUser, openRaffle, type TestClient } from '@kickback/testing';
import { KICK_CONNECTED, connectKickAccount } from './support/kick-consent';

const STREAMER = { user_id: 5252, name: 'streamer', email: 'streamer@example.com', profile_picture: 'https://files.kick.com/s.png' };

/** Issue #48 items 5, 6 and 8: Kick bans cleared both ways, honest follower rules, the connection's token health. */
describe("a member's Kick standing and the connection's health (real PostgreSQL + Redis, the fake Kick)", () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let kickSeq = 880_000;

  kick.nextUser = STREAMER;
  const stack = integrationStack({ admin: true, kick, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  beforeAll(async () => {
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: STREAMER.user_id })).status).toBe(200);
  });

  afterEach(() => jest.restoreAllMocks());

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);
  const deliver = async (type: string, payload: Record<string, unknown>, timestamp?: string) =>
    expect(
      await kick.events.deliver(type, { broadcaster: kickUser(STREAMER.user_id, 'streamer'), ...payload }, timestamp ? { timestamp } : {}),
    ).toBe(200);
  const ban = (kickId: number, timestamp?: string) =>
    deliver(
      'moderation.banned',
      {
        moderator: kickUser(2, 'mod'),
        banned_user: kickUser(kickId, `viewer_${kickId}`),
        metadata: { reason: 'Spam links', created_at: new Date().toISOString(), expires_at: null },
      },
      timestamp,
    );
  const enter = async (client: TestClient, raffleId: number) => {
    const res = await client.json('POST', `/api/r/raffles/${raffleId}/enter`, { entry_type: 'passwordless' });
    return { status: res.status, message: res.body.message as string };
  };
  const standing = async (userId: number) => (await stack.admin.json('GET', `/api/admin/users/${userId}/kick`)).body.data;
  const clear = (userId: number) => stack.admin.json('POST', `/api/admin/users/${userId}/kick/clear-ban`);
  /** The admin connects the streamer's account through Kick's consent page; `scope` replaces the scopes asked for. */
  const connect = async (scope?: string) => {
    expect((await connectKickAccount(stack.admin, scope)).headers.get('location')).toBe(KICK_CONNECTED);
  };
  const connection = async () => (await stack.admin.json('GET', '/api/admin/kick-connection')).body.data;

  it('shows a Kick ban with its time and reason; "Clear Kick ban" lifts it (audited) and the viewer can enter again; a late older ban stays lifted', async () => {
    const raffle = await openRaffle(stack.admin, { title: 'After the ban' });
    const ann = await stack.member({ kickId: ++kickSeq });
    const bannedAt = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await ban(ann.kickId, bannedAt);
    expect(await standing(ann.id)).toEqual({
      kick_user_id: ann.kickId,
      ban: { banned_at: new Date(bannedAt).toISOString(), expires_at: null, reason: 'Spam links' },
      ban_cleared_at: null,
      followed_at: null,
    });
    expect(await enter(ann.client, raffle)).toEqual({ status: 422, message: ENTRY_RULE_MESSAGES.kickBanned });

    // No account connected: cleared here, and the answer says Kick was not asked.
    const res = await clear(ann.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(KICK_STANDING_MESSAGES.cleared['not-connected']);
    expect(res.body.data).toEqual({
      standing: expect.objectContaining({ ban: null, ban_cleared_at: expect.any(String) }),
      kick_unban: 'not-connected',
    });
    const audit = await sql<{ actor_id: number; before: { reason: string } }>(
      `select actor_id, before from audit_logs where action = 'user.kick-ban.clear' and entity_id = ?`,
      [String(ann.id)],
    );
    expect(audit).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ kick_user_id: ann.kickId, reason: 'Spam links' }) }),
    ]);
    expect(await enter(ann.client, raffle)).toEqual({ status: 200, message: expect.any(String) });

    // Kick retries deliveries for hours: a ban sent before the clear arriving now does not bring the ban back.
    await ban(ann.kickId, new Date(Date.now() - 30_000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect((await standing(ann.id)).ban).toBeNull();
    // A new ban after the clear does.
    await ban(ann.kickId);
    expect((await standing(ann.id)).ban).toEqual(expect.objectContaining({ reason: 'Spam links' }));
  });

  it('refuses what cannot be cleared: no ban, no Kick account, an unknown member, a staff member asking', async () => {
    const bo = await stack.member({ kickId: ++kickSeq });
    expect(await clear(bo.id)).toMatchObject({ status: 409, body: { success: false, message: KICK_STANDING_MESSAGES.notBanned } });
    const { id: noKick } = await createUser(stack.em, {});
    expect(await clear(noKick)).toMatchObject({ status: 409, body: { message: KICK_STANDING_MESSAGES.noKickAccount } });
    expect((await standing(noKick)).kick_user_id).toBeNull();
    expect((await clear(99_999_999)).status).toBe(404);
    const staff = await stack.api.signedIn({ role: 'staff' });
    expect((await staff.json('POST', `/api/admin/users/${bo.id}/kick/clear-ban`)).status).toBe(403);
    expect((await staff.json('GET', `/api/admin/users/${bo.id}/kick`)).status).toBe(403);
  });

  it('with moderation:ban granted the clear also unbans on Kick, so both sides agree; without it the answer says so', async () => {
    await connect('user:read channel:read chat:write events:subscribe');
    const cy = await stack.member({ kickId: ++kickSeq });
    kick.channel.ban(STREAMER.user_id, cy.kickId);
    await ban(cy.kickId);
    const notGranted = await clear(cy.id);
    expect(notGranted.body).toMatchObject({ message: KICK_STANDING_MESSAGES.cleared['not-granted'], data: { kick_unban: 'not-granted' } });
    expect(kick.channel.unbanRequests).toEqual([]);
    expect(kick.channel.isBanned(STREAMER.user_id, cy.kickId)).toBe(true);

    await connect();
    expect((await connection()).missing_scopes).toEqual([]);
    const dee = await stack.member({ kickId: ++kickSeq });
    kick.channel.ban(STREAMER.user_id, dee.kickId);
    await ban(dee.kickId);
    const sent = await clear(dee.id);
    expect(sent.body).toMatchObject({
      message: KICK_STANDING_MESSAGES.cleared.sent,
      data: { kick_unban: 'sent', standing: { ban: null } },
    });
    expect(kick.channel.unbanRequests).toEqual([{ broadcaster_user_id: STREAMER.user_id, user_id: dee.kickId }]);
    expect(kick.channel.isBanned(STREAMER.user_id, dee.kickId)).toBe(false);
  });

  it('"followers only" says follows are known from the connection day; an admin can mark a follower (audited) who then enters', async () => {
    const raffle = await openRaffle(stack.admin, { title: 'Followers', entry_rules: { followers_only: true } });
    const eve = await stack.member({ kickId: ++kickSeq });
    const refused = await enter(eve.client, raffle);
    expect(refused).toEqual({ status: 422, message: ENTRY_RULE_MESSAGES.followersOnly });
    expect(refused.message).toContain('Follows are known only from the day the channel was connected');
    expect(refused.message).toContain('unfollow and follow again');

    const marked = await stack.admin.json('POST', `/api/admin/users/${eve.id}/kick/follower`);
    expect(marked).toMatchObject({
      status: 200,
      body: { message: KICK_STANDING_MESSAGES.markedFollower, data: { followed_at: expect.any(String) } },
    });
    expect(
      await sql(`select before, after from audit_logs where action = 'user.kick-follower.mark' and entity_id = ?`, [String(eve.id)]),
    ).toEqual([{ before: { kick_user_id: eve.kickId, followed_at: null }, after: { followed: true } }]);
    expect((await enter(eve.client, raffle)).status).toBe(200);
    expect((await stack.admin.json('POST', `/api/admin/users/${eve.id}/kick/follower`)).body.message).toBe(
      KICK_STANDING_MESSAGES.alreadyFollower,
    );
  });

  it('a refresh that fails on a 5xx says "retrying" and the next success clears it; invalid_grant says "reconnect" and tells the admins once', async () => {
    const service = stack.api.app.get(KickConnectionService);
    const pushes = jest.spyOn(stack.api.app.get(RealtimeEmitter), 'toRoom');
    const makeDue = () => sql(`update kick_connection set expires_at = now() + interval '1 minute'`);

    await makeDue();
    kick.refreshFailure = 503;
    await service.refreshIfDue();
    expect((await connection()).token_refresh).toEqual({ state: 'retrying', message: expect.stringContaining('retrying') });
    expect((await connection()).chat_replies.on).toBe(true);
    kick.refreshFailure = null;
    await service.refreshIfDue();
    expect((await connection()).token_refresh).toEqual({ state: 'ok', message: null });

    // Kick no longer knows the refresh token (revoked, expired, used): only a reconnect helps.
    await fetch(`${kick.url}/oauth/revoke?token=${kick.issued.at(-1)!.refresh_token}&token_hint_type=refresh_token`, { method: 'POST' });
    await makeDue();
    await service.refreshIfDue();
    await service.refreshIfDue();
    const after = await connection();
    expect(after.token_refresh).toEqual({ state: 'reconnect', message: expect.stringContaining('invalid_grant') });
    expect(after.chat_replies).toMatchObject({ on: false, reason: expect.stringContaining('reconnect') });
    const notices = pushes.mock.calls.filter(([room, event]) => room === ADMIN_ROOM && event === 'user:notification');
    expect(notices).toEqual([[ADMIN_ROOM, 'user:notification', { type: 'error', message: KICK_CONNECTION_NOTICES.reconnect('streamer') }]]);

    await connect();
    expect((await connection()).token_refresh).toEqual({ state: 'ok', message: null });
  });

  it('the admins are told once when the connection nears 30 days', async () => {
    const service = stack.api.app.get(KickConnectionService);
    const pushes = jest.spyOn(stack.api.app.get(RealtimeEmitter), 'toRoom');
    await service.warnIfAging();
    expect(pushes).not.toHaveBeenCalled();
    await sql(`update kick_connection set connected_at = now() - interval '28 days'`);
    await service.warnIfAging();
    await service.warnIfAging();
    expect(pushes.mock.calls).toEqual([
      [ADMIN_ROOM, 'user:notification', { type: 'warning', message: expect.stringContaining('nearly 30 days old') }],
    ]);
    expect((await connection()).reconnect_by).toEqual(expect.any(String));
  });

  it('the login and the connection share one redirect URL, told apart by their state', async () => {
    const login = new URL((await stack.api.client().get('/auth/kick')).headers.get('location')!);
    const start = await stack.admin.get('/auth/kick/connect');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('redirect_uri')).toBe(login.searchParams.get('redirect_uri'));
    expect(new URL(authorize.searchParams.get('redirect_uri')!).pathname).toBe('/auth/kick/callback');
    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    expect(callback.pathname).toBe('/auth/kick/callback');
    expect((await stack.admin.get(callback.pathname + callback.search)).headers.get('location')).toBe(KICK_CONNECTED);
    // With a login in progress in the same session, a state that is not the connection's is the login's to refuse.
    await stack.admin.get('/auth/kick/connect');
    await stack.admin.get('/auth/kick');
    const stray = await stack.admin.get('/auth/kick/callback?code=x&state=nobody');
    expect(stray.headers.get('location')).not.toContain('kick-connection');
    expect(await connection()).toEqual(expect.objectContaining({ connected: true }));
    // A member who is not an admin cannot finish a connection even with a matching state.
    const member = await stack.api.signedIn({});
    expect((await member.get('/auth/kick/connect')).status).toBe(403);
  });

  it('expires_in "" (as in Kick\'s own examples) breaks neither the connection nor a member\'s login', async () => {
    kick.userTokenTtlSeconds = '';
    try {
      const before = Date.now();
      await connect();
      const expires = new Date((await connection()).expires_at).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);

      kick.nextUser = { user_id: 880_999, name: 'late_viewer', email: 'late@example.com', profile_picture: 'https://files.kick.com/l.png' };
      const visitor = stack.api.client();
      const start = await visitor.get('/auth/kick');
      const consent = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
      const callback = new URL(consent.headers.get('location')!);
      const done = await visitor.get(callback.pathname + callback.search);
      expect(done.headers.get('location')).toBe('/');
    } finally {
      kick.userTokenTtlSeconds = 3600;
      kick.nextUser = STREAMER;
    }
  });
});
