import type { Socket } from 'socket.io-client';
import type { LiveState } from '@kickback/contracts';
import {
  integrationStack,
  FakeKickServer,
  createUser,
  kickUser,
  ulid,
  waitFor,
  type TestClient,
  joinRoom,
  walletBalance,
} from '@kickback/testing';

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('Kick events: signed webhooks award points once', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let kickSeq = 500_000;

  /** A member whose Kick account is `kickId` (matched by id only: the Kick username differs on purpose). */
  const balance = (userId: number) => walletBalance(stack.em, userId);
  /** The live state a page render injects (window.__APP__.live): what the LIVE badge shows on first paint. */
  const pageLive = async (): Promise<LiveState> => {
    const html = await (await fetch(`${stack.api.url}/`)).text();
    return JSON.parse(/window\.__APP__=(.*?);<\/script>/s.exec(html)![1]!).live as LiveState;
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.em.fork().execute<{ n: string }[]>(sql, params))[0].n);
  const chat = (kickId: number, content: string) => ({
    sender: kickUser(kickId, `someone_${kickId}`),
    content,
    created_at: new Date().toISOString(),
  });
  const setRules = async (rules: Record<string, unknown>) =>
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', rules)).status).toBe(200);
  const goLive = (isLive: boolean, at = Date.now()) =>
    kick.events.deliver(
      'livestream.status.updated',
      {
        broadcaster: kickUser(1, 'streamer'),
        is_live: isLive,
        title: 'Slots',
        started_at: new Date(at - 1000).toISOString(),
        ended_at: isLive ? null : new Date(at).toISOString(),
      },
      { timestamp: rfc3339(at) },
    );

  const stack = integrationStack({ worker: true, admin: true, kick });

  it('refuses a forged signature with 401 and changes nothing', async () => {
    const before = await count('select count(*) as n from kick_messages');
    expect(
      await kick.events.deliver('livestream.status.updated', { is_live: true, started_at: null, ended_at: null }, { forge: true }),
    ).toBe(401);
    expect(await count('select count(*) as n from kick_messages')).toBe(before);
    expect((await stack.admin.json('GET', '/api/r/live')).body.data.is_live).toBe(false);
    expect((await pageLive()).is_live).toBe(false);
    // Forgeries never make us fetch the key again within the minute.
    const fetched = kick.events.publicKeyRequests;
    expect(await kick.events.deliver('channel.followed', { follower: kickUser(5, 'x') }, { forge: true })).toBe(401);
    expect(kick.events.publicKeyRequests).toBe(fetched);
  });

  it('refuses a body changed after signing and deliveries without the Kick headers', async () => {
    const signed = kick.events.sign('channel.followed', { follower: kickUser(6, 'x') });
    const tampered = await fetch(kick.events.webhookUrl, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body.replace('"x"', '"y"'),
    });
    expect(tampered.status).toBe(401);
    const bare = await fetch(kick.events.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('refuses an oversized delivery with 413 in the envelope before reading its signature', async () => {
    const signed = kick.events.sign('channel.followed', { follower: kickUser(6, 'x'), padding: 'x'.repeat(300_000) });
    const res = await fetch(kick.events.webhookUrl, { method: 'POST', headers: signed.headers, body: signed.body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'The request is too large.' });
  });

  it('acknowledges signed deliveries whatever their age (Kick retries for hours) and refuses an unreadable timestamp', async () => {
    const payload = { follower: kickUser(7, 'x') };
    expect(await kick.events.deliver('channel.followed', payload, { timestamp: rfc3339(Date.now() - 3 * 3600_000) })).toBe(200);
    expect(await kick.events.deliver('channel.followed', payload, { timestamp: rfc3339(Date.now() + 5 * 60_000) })).toBe(200);
    expect(await count(`select count(*) as n from activity_awards where kick_user_id = 7`)).toBe(1);
    expect(await kick.events.deliver('channel.followed', payload, { timestamp: 'yesterday' })).toBe(400);
  });

  it('acknowledges unknown event types and versions and applies nothing', async () => {
    expect(await kick.events.deliver('channel.hosted', { host: kickUser(8, 'x') })).toBe(200);
    expect(await kick.events.deliver('channel.followed', { follower: kickUser(8, 'x') }, { version: 2 })).toBe(200);
    // Names that exist on every object are not event types either.
    for (const type of ['__proto__', 'constructor', 'tostring'])
      expect(await kick.events.deliver(type, { follower: kickUser(8, 'x') })).toBe(200);
    expect(await count(`select count(*) as n from activity_awards where kick_user_id = 8`)).toBe(0);
  });

  it('offline chat earns nothing; livestream.status.updated sets the live state and pushes site:live', async () => {
    const m = await stack.member({ kickId: ++kickSeq });
    expect(await kick.events.deliver('chat.message.sent', chat(m.kickId, 'hello before the stream'))).toBe(200);
    expect(await balance(m.id)).toBe(0);

    const socket = await stack.socket();
    await joinRoom(socket, 'site');
    const pushed = new Promise<LiveState>((resolve) => socket.once('site:live', resolve));
    expect(await goLive(true)).toBe(200);
    expect(await pushed).toMatchObject({ is_live: true, ended_at: null });
    socket.close();
    expect((await stack.admin.json('GET', '/api/r/live')).body.data).toMatchObject({ is_live: true });
    // The page render's cached state was replaced by the change, not left at the 'offline' read above.
    expect(await pageLive()).toMatchObject({ is_live: true, ended_at: null });
  });

  it('a stream status older than the applied one changes nothing (re-ordered delivery)', async () => {
    expect(await goLive(false, Date.now() - 60_000)).toBe(200);
    expect((await stack.admin.json('GET', '/api/r/live')).body.data.is_live).toBe(true);
    expect((await pageLive()).is_live).toBe(true);
  });

  it('a new stream writes activity.stream-started once (announcements react to it); a repeated "live" of it writes none', async () => {
    const started = async () =>
      (
        await stack.em
          .fork()
          .execute<{ n: number }[]>(`select count(*)::int as n from outbox_events where type = 'activity.stream-started'`)
      )[0]!.n;
    expect(await started()).toBe(1);
    expect(await goLive(true)).toBe(200);
    expect(await started()).toBe(1);
  });

  it('chat while live awards once per message id, through the ledger, with activity.awarded', async () => {
    const m = await stack.member({ kickId: ++kickSeq });
    const messageId = ulid();
    expect(await kick.events.deliver('chat.message.sent', chat(m.kickId, 'gg'), { messageId })).toBe(200);
    expect(await balance(m.id)).toBe(5);
    const ledger = await stack.em.fork().execute('select reason, delta::int as delta from points_ledger where user_id = ?', [m.id]);
    expect(ledger).toEqual([{ reason: 'activity.chat', delta: 5 }]);
    const events = await stack.em
      .fork()
      .execute<{ payload: { source: string; points: number; xp: number; key: string } }[]>(
        `select payload from outbox_events where type = 'activity.awarded' and (payload->>'userId')::int = ?`,
        [m.id],
      );
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ source: 'chat', points: 5, xp: 5, key: `kick:${messageId}` })]);

    // A replay of the same message id, and the same message again after another one (re-ordered), award nothing.
    expect(await kick.events.deliver('chat.message.sent', chat(m.kickId, 'gg'), { messageId })).toBe(200);
    expect(await kick.events.deliver('channel.followed', { follower: kickUser(m.kickId, 'x') })).toBe(200);
    const afterFollow = await balance(m.id);
    expect(await kick.events.deliver('chat.message.sent', chat(m.kickId, 'gg'), { messageId })).toBe(200);
    expect(await balance(m.id)).toBe(afterFollow);
    expect(afterFollow).toBe(5 + 50);
  });

  it('a valid delivery sent 10 times in parallel awards exactly once', async () => {
    const m = await stack.member({ kickId: ++kickSeq });
    const delivery = kick.events.sign('kicks.gifted', {
      sender: kickUser(m.kickId, 'x'),
      gift: { amount: 100, name: 'Rage', type: 'BASIC' },
    });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(kick.events.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await balance(m.id)).toBe(100);
    expect(await count('select count(*) as n from points_ledger where user_id = ?', [m.id])).toBe(1);
  });

  it('a burst of mixed deliveries in parallel applies each once, and every push carries the balance after its change', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => stack.member({ kickId: ++kickSeq })));
    const deliveries = members.flatMap((m) => {
      const sender = kickUser(m.kickId, 'x');
      const kicks = [10, 20, 30].map((amount) =>
        kick.events.sign('kicks.gifted', { sender, gift: { amount, name: 'Rage', type: 'BASIC' } }),
      );
      return [
        ...kicks,
        ...kicks,
        // Two messages, one follow: the follow bonus is once per member.
        kick.events.sign('channel.followed', { follower: sender }),
        kick.events.sign('channel.followed', { follower: sender }),
        kick.events.sign('channel.subscription.new', { subscriber: sender, duration: 1 }),
        kick.events.sign('channel.subscription.gifts', { gifter: null, giftees: [kickUser(1, 'a')] }),
      ];
    });
    const statuses = await Promise.all(
      deliveries.map((d) => fetch(kick.events.webhookUrl, { method: 'POST', headers: d.headers, body: d.body }).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(deliveries.length).fill(200));
    for (const m of members) {
      expect(await balance(m.id)).toBe(10 + 20 + 30 + 50 + 500);
      const ledger = await stack.em
        .fork()
        .execute<{ id: string; delta: string }[]>(
          'select id::text as id, delta::text as delta from points_ledger where user_id = ? order by points_ledger.id',
          [m.id],
        );
      expect(ledger).toHaveLength(5);
      const pushes = await stack.em
        .fork()
        .execute<{ payload: { balance: number; entry: { id: number } } }[]>(
          `select payload from outbox_events where type = 'points.changed' and (payload->>'userId')::int = ? order by id`,
          [m.id],
        );
      let running = 0;
      const afterEach = ledger.map((row) => ({ id: Number(row.id), balance: (running += Number(row.delta)) }));
      expect(pushes.map((p) => ({ id: p.payload.entry.id, balance: p.payload.balance })).sort((a, b) => a.id - b.id)).toEqual(afterEach);
      expect(
        await count(`select count(*) as n from outbox_events where type = 'activity.awarded' and (payload->>'userId')::int = ?`, [m.id]),
      ).toBe(5);
    }
  });

  // However long the burst takes on this host, it stays inside the cap's hour, so the cap is the bound.
  it('1,000 chat messages from one member in a burst award no more than the hourly cap', async () => {
    await setRules({ chat_interval_seconds: 1, chat_points: 5, chat_hour_cap: 20 });
    const m = await stack.member({ kickId: ++kickSeq });
    for (let batch = 0; batch < 20; batch++)
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => kick.events.deliver('chat.message.sent', chat(m.kickId, `message ${batch}-${i}`))),
      );
    const earned = await balance(m.id);
    expect(earned).toBeGreaterThan(0);
    expect(earned).toBeLessThanOrEqual(20);
    await setRules({ chat_interval_seconds: 300, chat_hour_cap: 60 });
  }, 240_000);

  it('identical messages earn nothing, however they are spaced', async () => {
    await setRules({ chat_interval_seconds: 1 });
    const m = await stack.member({ kickId: ++kickSeq });
    await kick.events.deliver('chat.message.sent', chat(m.kickId, 'FREE POINTS'));
    await new Promise((r) => setTimeout(r, 1100));
    await kick.events.deliver('chat.message.sent', chat(m.kickId, 'free   points'));
    expect(await balance(m.id)).toBe(5);
    await setRules({ chat_interval_seconds: 300 });
  });

  it('an excluded account (a bot) earns nothing', async () => {
    const bot = await stack.member({ kickId: ++kickSeq });
    expect((await stack.admin.json('POST', '/api/admin/activity/exclusions', { kick_user_id: bot.kickId, label: 'BotRix' })).status).toBe(
      200,
    );
    await kick.events.deliver('chat.message.sent', chat(bot.kickId, 'Follow the channel!'));
    await kick.events.deliver('kicks.gifted', { sender: kickUser(bot.kickId, 'x'), gift: { amount: 10 } });
    expect(await balance(bot.id)).toBe(0);
    const list = await stack.admin.json('GET', '/api/admin/activity/exclusions');
    expect(list.body.data).toEqual([expect.objectContaining({ kick_user_id: bot.kickId, label: 'BotRix' })]);
  });

  it('follows earn once per member; subscriptions, gifts and mapped rewards earn their bonus', async () => {
    const m = await stack.member({ kickId: ++kickSeq });
    await kick.events.deliver('channel.followed', { follower: kickUser(m.kickId, 'x') });
    await kick.events.deliver('channel.followed', { follower: kickUser(m.kickId, 'x') });
    expect(await balance(m.id)).toBe(50);
    // Once per renewal event: Kick never defines `duration` (docs/activity.md).
    await kick.events.deliver('channel.subscription.renewal', { subscriber: kickUser(m.kickId, 'x'), duration: 2 });
    expect(await balance(m.id)).toBe(50 + 500);
    await kick.events.deliver('channel.subscription.gifts', {
      gifter: kickUser(m.kickId, 'x'),
      giftees: [kickUser(1, 'a'), kickUser(2, 'b')],
    });
    expect(await balance(m.id)).toBe(550 + 500);
    expect(
      (await stack.admin.json('POST', '/api/admin/activity/rewards', { reward_id: 'hydrate', title: 'Hydrate', points: 77 })).status,
    ).toBe(200);
    const redemption = (status: string) => ({
      id: 'R1',
      status,
      redeemer: kickUser(m.kickId, 'x'),
      reward: { id: 'hydrate', title: 'Hydrate', cost: 100 },
    });
    // Pending is the site's to decide: granted now (and queued to be accepted on Kick); Kick's later "accepted" pays nothing more.
    await kick.events.deliver('channel.reward.redemption.updated', redemption('pending'));
    expect(await balance(m.id)).toBe(1050 + 77);
    await kick.events.deliver('channel.reward.redemption.updated', redemption('accepted'));
    await kick.events.deliver('channel.reward.redemption.updated', redemption('accepted'));
    expect(await balance(m.id)).toBe(1050 + 77);
    expect(await count(`select count(*) as n from kick_redemption_actions where redemption_id = 'R1' and action = 'accept'`)).toBe(1);
  });

  it('a chatter without an account is recorded and credited at first login', async () => {
    const kickId = ++kickSeq;
    await kick.events.deliver('chat.message.sent', chat(kickId, 'first time here'));
    expect(await count('select count(*) as n from activity_awards where kick_user_id = ? and credited_at is null', [kickId])).toBe(1);
    const { id } = await createUser(stack.em, {});
    await stack.em.fork().execute('update users set kick_user_id = ? where id = ?', [kickId, id]);
    await stack.api.client().loginAs(id);
    await waitFor(async () => (await balance(id)) === 5, 10_000, 'pending chat points credited');
    expect(await count('select count(*) as n from activity_awards where kick_user_id = ? and credited_at is null', [kickId])).toBe(0);
  });

  it('the admin overview shows live state, awards by source, top earners and deliveries with their result', async () => {
    const res = await stack.admin.json('GET', '/api/admin/activity');
    expect(res.status).toBe(200);
    expect(res.body.data.live.is_live).toBe(true);
    expect(res.body.data.today_by_source).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'chat' })]));
    expect(res.body.data.top_earners.length).toBeGreaterThan(0);
    const results = res.body.data.deliveries.map((d: { result: string }) => d.result);
    expect(results).toContain('awarded');
    expect(res.body.data.subscriptions_enabled).toBe(false);
  });

  describe('watching on the site', () => {
    const connect = (client: TestClient) => stack.socket(client);
    const beat = (socket: Socket, visible: boolean) =>
      socket.emitWithAck('activity:heartbeat', { visible, player: true }) as Promise<{ counted: boolean; awarded: number }>;
    /** Beats every 250 ms for `ms`, answering how many beats each socket had counted. */
    const watchFor = async (tabs: { socket: Socket; visible: boolean }[], ms: number) => {
      const counted = tabs.map(() => 0);
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const answers = await Promise.all(tabs.map((t) => beat(t.socket, t.visible)));
        answers.forEach((a, i) => (counted[i] += a.counted ? 1 : 0));
        await new Promise((r) => setTimeout(r, 250));
      }
      return counted;
    };

    beforeAll(() => setRules({ watch_interval_seconds: 2, watch_points: 10, watch_stream_cap: 1000 }));
    afterAll(() => setRules({ watch_interval_seconds: 600 }));

    it('two tabs of one member earn once', async () => {
      const m = await stack.member({ kickId: ++kickSeq });
      const [a, b] = [await connect(m.client), await connect(m.client)];
      const started = Date.now();
      const counted = await watchFor(
        [
          { socket: a, visible: true },
          { socket: b, visible: true },
        ],
        5_000,
      );
      const watchedMs = Date.now() - started;
      expect(counted.filter((c) => c > 0)).toHaveLength(1);
      const earned = await balance(m.id);
      // At 10 points per 2 s watched: at least one award, and at most one tab's worth of the time this host took
      // (two tabs counted would earn twice that).
      expect(earned).toBeGreaterThanOrEqual(10);
      expect(earned).toBeLessThanOrEqual(Math.floor(watchedMs / 2000) * 10);
      expect(await stack.em.fork().execute(`select distinct reason from points_ledger where user_id = ?`, [m.id])).toEqual([
        { reason: 'activity.watch' },
      ]);
    });

    it('a hidden tab earns nothing, and a visible one takes over from it at once', async () => {
      const m = await stack.member({ kickId: ++kickSeq });
      const [hidden, shown] = [await connect(m.client), await connect(m.client)];
      expect(await watchFor([{ socket: hidden, visible: false }], 3_000)).toEqual([0]);
      expect(await balance(m.id)).toBe(0);
      const counted = await watchFor(
        [
          { socket: hidden, visible: false },
          { socket: shown, visible: true },
        ],
        2_600,
      );
      expect(counted[0]).toBe(0);
      expect(counted[1]).toBeGreaterThan(0);
    });

    it('anonymous sockets are told to stop; nothing is earned while the stream is offline', async () => {
      const anonymous = await connect(stack.api.client());
      expect(await anonymous.emitWithAck('activity:heartbeat', { visible: true, player: true })).toEqual({
        counted: false,
        awarded: 0,
        next_beat_seconds: null,
      });
      const m = await stack.member({ kickId: ++kickSeq });
      const tab = await connect(m.client);
      expect(await goLive(false)).toBe(200);
      await watchFor([{ socket: tab, visible: true }], 2_600);
      expect(await balance(m.id)).toBe(0);
      expect(await goLive(true)).toBe(200);
    });
  });

  it('rejects hostile rules with 422 and changes nothing', async () => {
    const before = (await stack.admin.json('GET', '/api/admin/activity/rules')).body.data;
    for (const bad of [{ chat_points: -1 }, { chat_interval_seconds: 0 }, { chat_points: 'x' }, { nope: 1 }, { chat_points: 1.5 }]) {
      expect((await stack.admin.json('PUT', '/api/admin/activity/rules', bad)).status).toBe(422);
    }
    expect((await stack.admin.json('GET', '/api/admin/activity/rules')).body.data).toEqual(before);
  });
});
