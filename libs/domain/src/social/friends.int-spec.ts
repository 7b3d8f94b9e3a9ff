import { FRIEND_ERRORS, FRIEND_MESSAGES, PROFILE_NOT_FOUND, friendRequestReceivedNotification } from '@kickback/contracts';
import { integrationStack, waitFor, type TestClient } from '@kickback/testing';

describe('friends and public profiles', () => {
  interface Member {
    id: number;
    username: string;
    client: TestClient;
  }

  const flagsOf = (d: any) => ({
    status: d.friendship.status,
    sender_id: d.friendship.sender_id,
    can_send_request: d.can_send_request,
    can_accept: d.can_accept,
    can_decline: d.can_decline,
    can_remove: d.can_remove,
  });

  async function view(client: TestClient, username: string) {
    const res = await client.json('GET', `/api/r/user/${encodeURIComponent(username)}`);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  const request = (from: Member, to: number | unknown) => from.client.json('POST', '/api/r/friends/request', { user_id: to });
  const act = (who: Member, method: 'POST' | 'DELETE', path: string) => who.client.json(method, `/api/r/friends/${path}`);

  async function pairRows(a: number, b: number) {
    return stack.em
      .fork()
      .execute<{ id: string; status: string; sender_id: number }[]>(
        `select id, status, sender_id from friendships where least(sender_id, receiver_id) = ? and greatest(sender_id, receiver_id) = ?`,
        [Math.min(a, b), Math.max(a, b)],
      );
  }
  const stack = integrationStack({ worker: true });

  it('walks every transition of SPEC §4 with the SPEC §8 messages and the flags of sender, receiver, friend, stranger, self and anonymous', async () => {
    const [a, b, stranger] = [await stack.member(), await stack.member(), await stack.member()];
    const anonymous = stack.api.client();

    expect(flagsOf(await view(a.client, b.username))).toEqual({
      status: 'none',
      sender_id: null,
      can_send_request: true,
      can_accept: false,
      can_decline: false,
      can_remove: false,
    });

    const sent = await request(a, b.id);
    expect(sent).toEqual({
      status: 200,
      body: { success: true, message: FRIEND_MESSAGES.sent, data: { friendship_id: expect.any(Number), status: 'pending' } },
    });
    const id = sent.body.data.friendship_id;

    const off = { can_send_request: false, can_accept: false, can_decline: false, can_remove: false };
    expect(flagsOf(await view(a.client, b.username))).toEqual({ status: 'pending', sender_id: a.id, ...off });
    expect(flagsOf(await view(b.client, a.username))).toEqual({
      status: 'pending',
      sender_id: a.id,
      ...off,
      can_accept: true,
      can_decline: true,
    });
    expect(flagsOf(await view(stranger.client, a.username))).toEqual({ status: 'none', sender_id: null, ...off, can_send_request: true });
    expect(flagsOf(await view(anonymous, a.username))).toEqual({ status: 'none', sender_id: null, ...off });
    const self = await view(a.client, a.username);
    expect([self.is_own_profile, flagsOf(self)]).toEqual([true, { status: 'none', sender_id: null, ...off }]);

    // Forbidden while pending: a second request, the sender answering, a stranger answering, removing a request.
    expect(await request(a, b.id)).toMatchObject({ status: 409, body: { success: false, message: FRIEND_ERRORS.alreadySent } });
    expect(await act(a, 'POST', `${id}/accept`)).toMatchObject({ status: 403, body: { message: FRIEND_ERRORS.notReceiver } });
    expect(await act(a, 'POST', `${id}/decline`)).toMatchObject({ status: 403, body: { message: FRIEND_ERRORS.notReceiver } });
    expect(await act(stranger, 'POST', `${id}/accept`)).toMatchObject({ status: 404 });
    expect(await act(b, 'DELETE', `${id}`)).toMatchObject({ status: 409 });

    expect(await act(b, 'POST', `${id}/accept`)).toEqual({ status: 200, body: { success: true, message: FRIEND_MESSAGES.accepted } });
    expect(flagsOf(await view(a.client, b.username))).toEqual({ status: 'accepted', sender_id: a.id, ...off, can_remove: true });
    expect(flagsOf(await view(b.client, a.username))).toEqual({ status: 'accepted', sender_id: a.id, ...off, can_remove: true });
    expect((await view(a.client, b.username)).friends_count).toBe(1);

    // Forbidden once accepted: accepting or declining again, requesting again, a stranger removing.
    expect(await act(b, 'POST', `${id}/accept`)).toMatchObject({ status: 409 });
    expect(await act(b, 'POST', `${id}/decline`)).toMatchObject({ status: 409 });
    expect(await request(b, a.id)).toMatchObject({ status: 409, body: { message: FRIEND_ERRORS.alreadyFriends } });
    expect(await act(stranger, 'DELETE', `${id}`)).toMatchObject({ status: 404 });

    const menuA = (await a.client.json('GET', '/api/r/friends')).body.data;
    expect(menuA).toEqual({
      pending_count: 0,
      incoming: [],
      outgoing: [],
      friends: [
        { friendship_id: id, since: expect.any(String), user: expect.objectContaining({ id: b.id, username: b.username, level: 1 }) },
      ],
    });

    expect(await act(b, 'DELETE', `${id}`)).toEqual({ status: 200, body: { success: true, message: FRIEND_MESSAGES.removed } });
    expect(await pairRows(a.id, b.id)).toEqual([]);
    expect(flagsOf(await view(a.client, b.username))).toEqual({ status: 'none', sender_id: null, ...off, can_send_request: true });
    expect(await act(a, 'DELETE', `${id}`)).toMatchObject({ status: 404 });

    // Decline: pending → none, and the sender may ask again.
    const again = (await request(a, stranger.id)).body.data.friendship_id;
    expect(await act(stranger, 'POST', `${again}/decline`)).toEqual({
      status: 200,
      body: { success: true, message: FRIEND_MESSAGES.declined },
    });
    expect(await pairRows(a.id, stranger.id)).toEqual([]);
    expect(await request(a, stranger.id)).toMatchObject({ status: 200, body: { message: FRIEND_MESSAGES.sent } });
  });

  it('refuses requests to yourself, unknown members, bad ids and anonymous callers with 4xx envelopes', async () => {
    const a = await stack.member();
    expect(await request(a, a.id)).toMatchObject({
      status: 422,
      body: { success: false, message: FRIEND_ERRORS.self, errors: { user_id: [FRIEND_ERRORS.self] } },
    });
    expect(await request(a, 2_000_000_000)).toMatchObject({ status: 404, body: { success: false, message: FRIEND_ERRORS.userNotFound } });
    for (const bad of ['12', -1, 1.5, null, { id: 1 }, 1e20]) {
      const res = await request(a, bad);
      expect([res.status, res.body.success]).toEqual([422, false]);
    }
    const anonymous = stack.api.client();
    await anonymous.refreshCsrf();
    expect((await anonymous.json('POST', '/api/r/friends/request', { user_id: a.id })).status).toBe(401);
    expect((await anonymous.json('GET', '/api/r/friends')).status).toBe(401);
    const rows = await stack.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from friendships where ? in (sender_id, receiver_id)', [a.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it('answers an unknown username with the Profile Not Found shape', async () => {
    const client = stack.api.client();
    for (const name of ['nobody_here_at_all', 'x'.repeat(300), 'a%00b']) {
      const res = await client.json('GET', `/api/r/user/${encodeURIComponent(name)}`);
      expect(res).toEqual({ status: 404, body: { success: false, message: PROFILE_NOT_FOUND.title } });
    }
  });

  it('tells the other member live: a notification and the pending count for the navigation', async () => {
    const [a, b] = [await stack.member(), await stack.member()];
    const socket = await stack.socket(b.client);
    const notices: string[] = [];
    const counts: number[] = [];
    socket.on('user:notification', (p: { message: string }) => notices.push(p.message));
    socket.on('friends:updated', (p: { pending_count: number }) => counts.push(p.pending_count));

    await request(a, b.id);
    await waitFor(() => notices.includes(friendRequestReceivedNotification(a.username)), 10_000, 'request notification');
    await waitFor(() => counts.includes(1), 10_000, 'pending count');
    const menu = (await b.client.json('GET', '/api/r/friends')).body.data;
    expect(menu.pending_count).toBe(1);
    expect(menu.incoming).toEqual([
      { friendship_id: expect.any(Number), created_at: expect.any(String), user: expect.objectContaining({ id: a.id }) },
    ]);
  });

  it('finds members by name with their friendship, and lists mutual friends', async () => {
    const [a, b, c] = [await stack.member(), await stack.member(), await stack.member()];
    for (const [x, y] of [
      [a, c],
      [b, c],
    ] as const) {
      const id = (await request(x, y.id)).body.data.friendship_id;
      await act(y, 'POST', `${id}/accept`);
    }
    const found = await a.client.json('GET', `/api/r/friends/search?query=${encodeURIComponent(c.username)}`);
    expect(found.body.data[0]).toMatchObject({ id: c.id, username: c.username, friendship: { status: 'accepted', can_remove: true } });
    const mutual = await a.client.json('GET', `/api/r/friends/mutual/${b.id}`);
    expect(mutual.body).toEqual({ success: true, data: [expect.objectContaining({ id: c.id, username: c.username })] });
    expect((await a.client.json('GET', `/api/r/friends/mutual/${c.id}`)).body.data).toEqual([]);
    expect((await a.client.json('GET', '/api/r/friends/search?query=')).status).toBe(422);
  });

  it('crossed requests A→B and B→A fired together 50 times always end in one accepted friendship', async () => {
    for (let i = 0; i < 50; i++) {
      const [a, b] = [await stack.member(), await stack.member()];
      const answers = await Promise.all([request(a, b.id), request(b, a.id)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(answers.map((r) => r.body.message).sort()).toEqual([FRIEND_MESSAGES.accepted, FRIEND_MESSAGES.sent].sort());
      const rows = await pairRows(a.id, b.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('accepted');
      expect(answers.map((r) => r.body.data.friendship_id)).toEqual([Number(rows[0]!.id), Number(rows[0]!.id)]);
    }
  }, 240_000);

  it('hides banned members', async () => {
    const [a, b] = [await stack.member(), await stack.member()];
    await stack.em.fork().execute(`update users set banned_at = now(), ban_reason = 'Spam.' where id = ?`, [b.id]);
    expect((await a.client.json('GET', `/api/r/user/${b.username}`)).status).toBe(404);
    expect(await request(a, b.id)).toMatchObject({ status: 404, body: { message: FRIEND_ERRORS.userNotFound } });
    expect((await a.client.json('GET', `/api/r/friends/search?query=${b.username}`)).body.data).toEqual([]);
  });
});
