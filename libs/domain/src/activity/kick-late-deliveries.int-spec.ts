import { integrationStack, FakeKickServer, kickUser, ulid, walletBalance } from '@kickback/testing';
import { KickLivePollService } from './kick-live-poll.service';
import { KickMessageRetentionService } from './kick-message-retention.service';

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CHANNEL = 4242;

/**
 * Kick as its docs and tracker describe it: deliveries minutes to hours late and repeated, a public-key endpoint that
 * answers 403 (the whole file runs on the configured fallback key), lost "ended" events, anonymous gifts, renewals
 * with a `duration`, and deliveries for other broadcasters.
 */
describe('Kick deliveries as Kick sends them: late, repeated, lost, anonymous, for other channels', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let kickSeq = 700_000;

  const balance = (userId: number) => walletBalance(stack.em, userId);
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.em.fork().execute<{ n: string }[]>(sql, params))[0].n);
  const live = async () => (await stack.admin.json('GET', '/api/r/live')).body.data as { is_live: boolean; started_at: string | null };
  const openStream = async () =>
    (await stack.em.fork().execute<{ id: string | null }[]>('select stream_id::text as id from activity_live_state where id = 1'))[0].id;
  const broadcaster = kickUser(CHANNEL, 'streamer');
  /** A status delivery stamped `at` (Kick's clock), for a stream that started at `startedAt`. */
  const status = (isLive: boolean, startedAt: number, at: number) =>
    kick.events.deliver(
      'livestream.status.updated',
      {
        broadcaster,
        is_live: isLive,
        title: 'Slots',
        started_at: new Date(startedAt).toISOString(),
        ended_at: isLive ? null : new Date(at).toISOString(),
      },
      { timestamp: rfc3339(at) },
    );
  const chatAt = (kickId: number, content: string, sentAt: number) =>
    kick.events.sign(
      'chat.message.sent',
      { message_id: ulid(sentAt), broadcaster, sender: kickUser(kickId, `viewer_${kickId}`), content, created_at: rfc3339(sentAt) },
      { timestamp: rfc3339(sentAt) },
    );

  // Kick's key endpoint is down from the start: only the configured fallback key can verify anything.
  kick.events.publicKeyFailure = 403;
  const stack = integrationStack({ worker: true, admin: true, kick, env: { KICK_PUBLIC_KEY: kick.events.publicKeyPem } });

  beforeAll(async () => {
    await stack.em
      .fork()
      .execute('update activity_settings set broadcaster_user_id = ?, chat_interval_seconds = 1 where id = 1', [CHANNEL]);
  });

  it('while the key endpoint answers 403, the fallback key verifies genuine deliveries and still refuses forgeries', async () => {
    const before = kick.events.publicKeyRequests;
    expect(await kick.events.deliver('channel.followed', { broadcaster, follower: kickUser(1, 'x') })).toBe(200);
    expect(kick.events.publicKeyRequests).toBeGreaterThan(before);
    expect(await kick.events.deliver('channel.followed', { broadcaster, follower: kickUser(2, 'x') }, { forge: true })).toBe(401);
  });

  it('chat delivered 3 hours and 20 minutes late earns for the stream it was sent in, once; redeliveries apply nothing', async () => {
    const now = Date.now();
    expect(await status(true, now - 4 * HOUR, now - 4 * HOUR)).toBe(200);
    expect((await live()).is_live).toBe(true);
    const m = await stack.member({ kickId: ++kickSeq, signedIn: false });

    const threeHoursLate = chatAt(m.kickId, 'from three hours ago', now - 3 * HOUR);
    const twentyMinutesLate = chatAt(m.kickId, 'from twenty minutes ago', now - 20 * MINUTE);
    expect(await kick.events.send(threeHoursLate)).toBe(200);
    expect(await kick.events.send(twentyMinutesLate)).toBe(200);
    expect(await balance(m.id)).toBe(10);
    expect(
      await count('select count(*) as n from kick_messages where message_id in (?, ?)', [
        threeHoursLate.headers['kick-event-message-id'],
        twentyMinutesLate.headers['kick-event-message-id'],
      ]),
    ).toBe(2);

    // Kick's retries of both, all at once: answered 200, nothing applied again.
    const again = await Promise.all([threeHoursLate, twentyMinutesLate, threeHoursLate].map((d) => kick.events.send(d)));
    expect(again).toEqual([200, 200, 200]);
    expect(await balance(m.id)).toBe(10);
    const deliveries = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries as {
      message_id: string;
      result: string;
    }[];
    expect(deliveries.filter((d) => d.message_id === threeHoursLate.headers['kick-event-message-id']).map((d) => d.result)).toContain(
      'duplicate',
    );

    // A forged copy of a late message (another key) is refused.
    const forged = kick.events.sign('chat.message.sent', JSON.parse(threeHoursLate.body), {
      timestamp: rfc3339(now - 3 * HOUR),
      forge: true,
    });
    expect(await kick.events.send(forged)).toBe(401);
  });

  it('a lost "ended" is found by the poll; the next start is a new stream with fresh caps; a late old "ended" changes nothing', async () => {
    const poll = stack.api.app.get(KickLivePollService);
    const streamStart = Date.now() - 4 * HOUR;
    await stack.em.fork().execute('update activity_settings set chat_stream_cap = 5 where id = 1');
    const m = await stack.member({ kickId: ++kickSeq, signedIn: false });
    const first = await openStream();
    expect(first).not.toBeNull();
    // The cap of this stream is reached.
    expect(await kick.events.send(chatAt(m.kickId, 'one', Date.now() - 2000))).toBe(200);
    expect(await kick.events.send(chatAt(m.kickId, 'two', Date.now()))).toBe(200);
    expect(await balance(m.id)).toBe(5);

    // Kick's channel lookup shows the stream live: the poll changes nothing. Then the stream ends and its "ended" never
    // arrives.
    kick.channels.goLive(CHANNEL, new Date(streamStart).toISOString());
    expect(await poll.poll()).toBe('unchanged');
    kick.channels.goOffline(CHANNEL);
    const asked = kick.channels.channelRequests;
    expect(await poll.poll()).toBe('ended');
    expect(kick.channels.channelRequests).toBe(asked + 1);
    expect(kick.channels.livestreamRequests).toBe(0);
    expect((await live()).is_live).toBe(false);
    expect(await openStream()).toBeNull();

    // The next stream starts after the end the poll found: a new id, and the member earns again under its own cap.
    const nextStart = Date.now() - 90_000;
    expect(await status(true, nextStart, Date.now())).toBe(200);
    const second = await openStream();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(await kick.events.send(chatAt(m.kickId, 'three', Date.now()))).toBe(200);
    expect(await balance(m.id)).toBe(10);

    // The lost "ended" of the first stream finally arrives: older than the state applied, it changes nothing.
    expect(await status(false, streamStart, Date.now() - HOUR)).toBe(200);
    expect((await live()).is_live).toBe(true);
    expect(await openStream()).toBe(second);
  });

  it('a start whose "ended" was lost before it opens a new stream even without the poll', async () => {
    const before = await openStream();
    const restart = Date.now();
    expect(await status(true, restart, restart)).toBe(200);
    const after = await openStream();
    expect(after).not.toBe(before);
    expect(await count('select count(*) as n from activity_streams where id = ? and ended_at is not null', [before])).toBe(1);
  });

  it('a renewal awards the subscription bonus once per renewal event, whatever its duration', async () => {
    const m = await stack.member({ kickId: ++kickSeq, signedIn: false });
    // Two monthly renewals: their own created_at tells them apart (two deliveries of one event share it).
    const renewal = (duration: number, at: number) => ({
      broadcaster,
      subscriber: kickUser(m.kickId, 'x'),
      duration,
      created_at: rfc3339(at),
    });
    expect(await kick.events.deliver('channel.subscription.renewal', renewal(12, Date.now() - 30 * 86_400_000))).toBe(200);
    expect(await balance(m.id)).toBe(500);
    expect(await kick.events.deliver('channel.subscription.renewal', renewal(13, Date.now()))).toBe(200);
    expect(await balance(m.id)).toBe(1000);
  });

  it('an anonymous gift is acknowledged and shown as "Anonymous"; nobody is credited', async () => {
    const messageId = ulid();
    const anonymous = {
      is_anonymous: true,
      user_id: null,
      username: null,
      is_verified: null,
      profile_picture: null,
      channel_slug: null,
      identity: null,
    };
    const awardsBefore = await count('select count(*) as n from activity_awards');
    expect(
      await kick.events.deliver(
        'channel.subscription.gifts',
        { broadcaster, gifter: anonymous, giftees: [kickUser(9, 'a')] },
        { messageId },
      ),
    ).toBe(200);
    expect(await count('select count(*) as n from activity_awards')).toBe(awardsBefore);
    const deliveries = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries as {
      message_id: string;
      result: string;
      from?: string;
    }[];
    expect(deliveries.find((d) => d.message_id === messageId)).toMatchObject({ result: 'anonymous', from: 'Anonymous' });
  });

  it("another broadcaster's deliveries are acknowledged and ignored", async () => {
    const m = await stack.member({ kickId: ++kickSeq, signedIn: false });
    const other = kickUser(CHANNEL + 1, 'someone_else');
    expect(await kick.events.deliver('channel.followed', { broadcaster: other, follower: kickUser(m.kickId, 'x') })).toBe(200);
    const stream = await openStream();
    expect(
      await kick.events.deliver('livestream.status.updated', { broadcaster: other, is_live: false, started_at: null, ended_at: null }),
    ).toBe(200);
    expect(await balance(m.id)).toBe(0);
    expect((await live()).is_live).toBe(true);
    expect(await openStream()).toBe(stream);
    const deliveries = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries as { result: string }[];
    expect(deliveries[0]!.result).toBe('other-broadcaster');
  });

  it('message ids older than the retention are purged; newer ones still stop a redelivery', async () => {
    const old = chatAt((await stack.member({ kickId: ++kickSeq, signedIn: false })).kickId, 'ancient', Date.now() - 10 * MINUTE);
    expect(await kick.events.send(old)).toBe(200);
    const id = old.headers['kick-event-message-id'];
    await stack.em.fork().execute(`update kick_messages set received_at = now() - interval '31 days' where message_id = ?`, [id]);
    const recent = await count("select count(*) as n from kick_messages where received_at > now() - interval '30 days'");
    expect(await stack.api.app.get(KickMessageRetentionService).purge()).toBeGreaterThanOrEqual(1);
    expect(await count('select count(*) as n from kick_messages where message_id = ?', [id])).toBe(0);
    expect(await count('select count(*) as n from kick_messages')).toBe(recent);
  });
});
