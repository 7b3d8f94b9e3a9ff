import type { Socket } from 'socket.io-client';
import { ADMIN_ROOM, ADMIN_USER_MESSAGES, LIVE_ROOM, STAFF_ROOM, userRoom } from '@kickback/contracts';
import { MemberSessionStore, RealtimeEmitter, SESSION_TTL_SECONDS, memberSessionsKey } from '@kickback/platform';
import { integrationStack, createUser, testSocket, type RunningApi, type TestClient } from '@kickback/testing';
import { once } from './support/socket-events';

/** Whether `event` arrives within `ms` (false when it does not). */
function heard(socket: Socket, event: string, ms = 400): Promise<boolean> {
  return once(socket, event, ms).then(
    () => true,
    () => false,
  );
}

const sid = (client: TestClient) => /kb\.sid=s:([^.;]+)/.exec(decodeURIComponent(client.cookieHeader))![1]!;

describe('member standing: roles and bans (admin API, sessions and sockets on every replica)', () => {
  let api1: RunningApi;
  let api2: RunningApi;
  let admin: TestClient;
  let adminId: number;
  const sockets: Socket[] = [];
  const open = async (url: string, client: TestClient) => {
    const socket = testSocket(url, client);
    sockets.push(socket);
    await once(socket, 'connect');
    return socket;
  };
  const auditActions = async (userId: number) =>
    (
      await stack.em.execute<{ action: string }[]>(`select action from audit_logs where entity = 'user' and entity_id = ? order by id`, [
        String(userId),
      ])
    ).map((r) => r.action);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  const stack = integrationStack();

  beforeAll(async () => {
    api1 = stack.api;
    api2 = await stack.processes.api();
    adminId = (await createUser(stack.em, { role: 'Admin' })).id;
    admin = api1.client();
    await admin.loginAs(adminId);
  });

  it('an admin reads a member; staff and members are refused; unknown ids are 404', async () => {
    const member = await createUser(stack.em, { kickUsername: 'kick_one' });
    const res = await admin.json('GET', `/api/admin/users/${member.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: member.id,
      username: member.username,
      kick_username: 'kick_one',
      role: 'member',
      banned_at: null,
      ban_reason: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_seen: null,
    });
    expect((await admin.json('GET', '/api/admin/users/99999999')).body).toMatchObject({
      success: false,
      message: ADMIN_USER_MESSAGES.notFound,
    });
    for (const role of ['staff', 'member'] as const) {
      const other = await api1.signedIn({ role });
      expect((await other.json('GET', `/api/admin/users/${member.id}`)).status).toBe(403);
      expect((await other.json('POST', `/api/admin/users/${member.id}/ban`, { reason: 'x' })).status).toBe(403);
    }
  });

  it('refuses bad input and impossible changes with the envelope', async () => {
    const member = await createUser(stack.em);
    const bad = await admin.json('PUT', `/api/admin/users/${member.id}/role`, { role: 'root' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.role).toEqual(['The role must be member, moderator, staff or Admin.']);
    expect((await admin.json('POST', `/api/admin/users/${member.id}/ban`, { reason: '   ' })).body.errors.reason).toEqual([
      'The reason field is required.',
    ]);
    expect((await admin.json('POST', `/api/admin/users/${member.id}/unban`)).body).toMatchObject({
      message: ADMIN_USER_MESSAGES.notBanned,
    });
    expect((await admin.json('POST', `/api/admin/users/${adminId}/ban`, { reason: 'me' })).body).toMatchObject({
      message: ADMIN_USER_MESSAGES.banSelf,
    });
    const otherAdmin = await createUser(stack.em, { role: 'Admin' });
    const refused = await admin.json('POST', `/api/admin/users/${otherAdmin.id}/ban`, { reason: 'rival' });
    expect(refused).toMatchObject({ status: 409, body: { success: false, message: ADMIN_USER_MESSAGES.banAdmin } });
    await stack.em.execute(`update users set role = 'member' where id = ?`, [otherAdmin.id]);
    expect(await auditActions(member.id)).toEqual([]);
  });

  it('a ban ends every session and socket of the member at once on every replica; the next request is 401, login is refused, unban lets them back', async () => {
    const member = await createUser(stack.em);
    const [laptop, phone] = [api1.client(), api2.client()];
    await laptop.loginAs(member.id);
    await phone.loginAs(member.id);
    expect((await laptop.json('GET', '/api/r/tickets')).status).toBe(200);
    const onApi1 = await open(api1.url, laptop);
    const onApi2 = await open(api2.url, phone);
    const ended = [once<string>(onApi1, 'disconnect'), once<string>(onApi2, 'disconnect')];

    const res = await admin.json('POST', `/api/admin/users/${member.id}/ban`, { reason: 'Spamming the chat' });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: ADMIN_USER_MESSAGES.banned } });
    expect(res.body.data).toMatchObject({ id: member.id, ban_reason: 'Spamming the chat', banned_at: expect.any(String) });
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);

    for (const client of [laptop, phone]) expect((await client.json('GET', '/api/r/tickets')).status).toBe(401);
    const listed = await admin.json('GET', `/api/admin/users?search=${member.username}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: member.id, banned_at: res.body.data.banned_at })]);
    expect(await stack.redis.exists(`sess:${sid(laptop)}`, `sess:${sid(phone)}`, memberSessionsKey(member.id))).toBe(0);
    // A socket opened with the old cookie is anonymous: no private pushes.
    const again = await open(api1.url, laptop);
    const push = heard(again, 'user:points');
    api1.app.get(RealtimeEmitter).toRoom(userRoom(member.id), 'user:points', { balance: 1, delta: 1, reason: 'test' });
    expect(await push).toBe(false);

    const retry = api1.client();
    const token = await retry.refreshCsrf();
    const login = await retry.request('POST', '/login/dev', { form: { _csrf: token, user_id: String(member.id) }, csrf: false });
    expect(login.headers.get('location')).toBe('/login?error=banned');
    expect((await retry.json('GET', '/api/r/tickets')).status).toBe(401);
    expect((await admin.json('POST', `/api/admin/users/${member.id}/ban`, { reason: 'again' })).body.message).toBe(
      ADMIN_USER_MESSAGES.alreadyBanned,
    );

    const unban = await admin.json('POST', `/api/admin/users/${member.id}/unban`);
    expect(unban.body).toMatchObject({ success: true, message: ADMIN_USER_MESSAGES.unbanned, data: { banned_at: null, ban_reason: null } });
    await retry.loginAs(member.id);
    expect((await retry.json('GET', '/api/r/tickets')).status).toBe(200);
    expect(await auditActions(member.id)).toEqual(['user.ban', 'user.unban']);
    const [banned] = await stack.em.execute<{ after: { reason: string }; actor_id: number }[]>(
      `select after, actor_id from audit_logs where action = 'user.ban' and entity_id = ?`,
      [String(member.id)],
    );
    expect(banned).toEqual({ after: { reason: 'Spamming the chat' }, actor_id: adminId });
  });

  it('a request in flight when the ban lands cannot write the ended session back', async () => {
    const member = await createUser(stack.em);
    const client = api1.client();
    await client.loginAs(member.id);
    const key = `sess:${sid(client)}`;
    const inFlight = JSON.parse((await stack.redis.get(key))!);
    await admin.json('POST', `/api/admin/users/${member.id}/ban`, { reason: 'Botting raffles' });
    // What express-session does at the end of a request that loaded the session before the ban.
    const store = new MemberSessionStore(stack.redis, SESSION_TTL_SECONDS);
    await new Promise<void>((resolve, reject) => void store.set(sid(client), inFlight, (err) => (err ? reject(err) : resolve())));
    expect(await stack.redis.exists(key)).toBe(0);
    expect((await client.json('GET', '/api/r/tickets')).status).toBe(401);
  });

  it('a member session made before the session list existed is ended at its next request', async () => {
    const client = await api1.signedIn();
    const key = `sess:${sid(client)}`;
    const { listed, ...legacy } = JSON.parse((await stack.redis.get(key))!);
    expect(listed).toBe(true);
    await stack.redis.set(key, JSON.stringify(legacy), 'KEEPTTL');
    expect((await client.json('GET', '/api/r/tickets')).status).toBe(401);
  });

  it('a role change reaches open sockets at once: a promoted member hears the staff feed, a demoted one stops', async () => {
    const member = await createUser(stack.em);
    const client = api2.client();
    await client.loginAs(member.id);
    const emitter = api1.app.get(RealtimeEmitter);
    const before = await open(api2.url, client);
    const dropped = once<string>(before, 'disconnect');
    expect((await admin.json('PUT', `/api/admin/users/${member.id}/role`, { role: 'staff' })).body).toMatchObject({
      success: true,
      message: ADMIN_USER_MESSAGES.roleChanged,
      data: { role: 'staff' },
    });
    expect(await dropped).toBe('io server disconnect');
    const promoted = await open(api2.url, client);
    const notice = heard(promoted, 'user:notification', 2000);
    emitter.toRoom(STAFF_ROOM, 'user:notification', { type: 'info', message: 'new ticket' });
    expect(await notice).toBe(true);
    expect((await client.json('GET', '/api/admin/tickets')).status).toBe(200);

    const demoted = once<string>(promoted, 'disconnect');
    await admin.json('PUT', `/api/admin/users/${member.id}/role`, { role: 'member' });
    expect(await demoted).toBe('io server disconnect');
    const after = await open(api2.url, client);
    const silent = heard(after, 'user:notification');
    emitter.toRoom(STAFF_ROOM, 'user:notification', { type: 'info', message: 'another ticket' });
    expect(await silent).toBe(false);
    expect((await client.json('GET', '/api/admin/tickets')).status).toBe(403);
    expect(await auditActions(member.id)).toEqual(['user.role', 'user.role']);
  });

  it("a moderator granted by an admin runs Go live's calls and nothing else; removing the role ends it at once, both audited", async () => {
    const member = await createUser(stack.em);
    const client = api2.client();
    await client.loginAs(member.id);
    expect((await client.json('GET', '/api/admin/featured')).status).toBe(403);
    expect((await admin.json('PUT', `/api/admin/users/${member.id}/role`, { role: 'moderator' })).body).toMatchObject({
      success: true,
      data: { role: 'moderator' },
    });
    expect((await client.json('GET', '/api/admin/featured')).status).toBe(200);
    expect((await client.json('GET', '/api/admin/raffles?page=1')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/admin/settings'],
      ['GET', `/api/admin/users/${member.id}`],
      ['PUT', `/api/admin/users/${member.id}/role`],
      ['GET', '/api/admin/tickets'],
      ['GET', '/api/admin/store-redemptions'],
    ] as const)
      expect([path, (await client.json(method, path, method === 'PUT' ? { role: 'Admin' } : undefined)).status]).toEqual([path, 403]);
    // Its socket hears Go live's changes, never the admins' feed.
    const socket = await open(api2.url, client);
    const live = heard(socket, 'admin:changed', 2000);
    const adminFeed = heard(socket, 'store:admin-redemption');
    const emitter = api1.app.get(RealtimeEmitter);
    emitter.toRoom(LIVE_ROOM, 'admin:changed', { section: 'raffles', id: 1 });
    emitter.toRoom(ADMIN_ROOM, 'store:admin-redemption', { id: 1, status: 'pending', item_name: 'x', username: 'y' });
    expect(await live).toBe(true);
    expect(await adminFeed).toBe(false);

    await admin.json('PUT', `/api/admin/users/${member.id}/role`, { role: 'member' });
    expect((await client.json('GET', '/api/admin/featured')).status).toBe(403);
    expect(await auditActions(member.id)).toEqual(['user.role', 'user.role']);
  });

  it('the last Admin cannot be demoted, even when two admins demote each other at the same moment', async () => {
    const lone = await admin.json('PUT', `/api/admin/users/${adminId}/role`, { role: 'member' });
    expect(lone).toMatchObject({ status: 409, body: { success: false, message: ADMIN_USER_MESSAGES.lastAdmin } });
    for (let round = 0; round < 6; round++) {
      const [a, b] = [await createUser(stack.em, { role: 'Admin' }), await createUser(stack.em, { role: 'Admin' })];
      await stack.em.execute(`update users set role = 'member' where role = 'Admin' and id not in (?, ?)`, [a.id, b.id]);
      const [clientA, clientB] = [api1.client(), api2.client()];
      await clientA.loginAs(a.id);
      await clientB.loginAs(b.id);
      const answers = await Promise.all([
        clientA.json('PUT', `/api/admin/users/${b.id}/role`, { role: 'staff' }),
        clientB.json('PUT', `/api/admin/users/${a.id}/role`, { role: 'member' }),
      ]);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const [{ admins }] = await stack.em.execute<{ admins: number }[]>(`select count(*)::int as admins from users where role = 'Admin'`);
      expect(admins).toBe(1);
    }
    await stack.em.execute(`update users set role = 'Admin' where id = ?`, [adminId]);
  });
});
