import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { KICK_EVENT_SUBSCRIPTIONS, QUEUES } from '@kickback/contracts';
import { integrationStack, FakeKickServer, kickUser, ulid, waitFor, type FakeKickSubscription } from '@kickback/testing';
import { KickSubscriptionsService } from './kick-subscriptions.service';

const BROADCASTER = 4242;
const OTHER_BROADCASTER = 9999;

const countsByEvent = (subs: FakeKickSubscription[], broadcaster: number) => {
  const counts: Record<string, number> = {};
  for (const s of subs) if (s.broadcaster_user_id === broadcaster) counts[s.event] = (counts[s.event] ?? 0) + 1;
  return counts;
};
const oncePerEvent = Object.fromEntries(KICK_EVENT_SUBSCRIPTIONS.map((e) => [e, 1]));

/** A subscription put straight into the fake, as another app client or an earlier unlocked run would have left it. */
const plant = (kick: FakeKickServer, event: string, broadcaster: number): FakeKickSubscription => {
  const now = new Date().toISOString();
  const sub: FakeKickSubscription = {
    id: ulid(),
    app_id: 'fake-app',
    broadcaster_user_id: broadcaster,
    event,
    version: 1,
    method: 'webhook',
    created_at: now,
    updated_at: now,
  };
  kick.events.subscriptions.push(sub);
  return sub;
};

describe('Kick subscriptions: one reconcile job keeps exactly what the rules need on Kick', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  let workers: INestApplicationContext[];
  const reconcile = () => workers[0]!.get(KickSubscriptionsService).reconcile({ wait: true });

  const stack = integrationStack({ admin: true, kick, env: { KICK_EVENTS_SUBSCRIBE: 'true' } });

  beforeAll(async () => {
    // Another channel of the same Kick app (a second site on the same credentials): never ours to remove.
    plant(kick, 'chat.message.sent', OTHER_BROADCASTER);
    plant(kick, 'channel.followed', OTHER_BROADCASTER);
  });

  it('three workers starting at once leave exactly one subscription per event on Kick', async () => {
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: BROADCASTER })).status).toBe(200);
    workers = await Promise.all([stack.processes.worker(), stack.processes.worker(), stack.processes.worker()]);
    const queue = workers[0]!.get<Queue>(getQueueToken(QUEUES.kickUpkeep), { strict: false });
    // Each worker's start-up job, and the rules change, have run.
    await waitFor(
      async () => {
        const counts = await queue.getJobCounts('wait', 'active', 'completed');
        return counts.completed! >= 3 && counts.wait === 0 && counts.active === 0;
      },
      20_000,
      'start-up reconciles',
    );
    await reconcile();
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)).toEqual(oncePerEvent);

    // Every worker reconciling at the same moment against an empty list: one lists and subscribes, the rest then find it done.
    for (const event of KICK_EVENT_SUBSCRIPTIONS) kick.events.drop(event, BROADCASTER);
    await Promise.all(workers.map((w) => w.get(KickSubscriptionsService).reconcile({ wait: true })));
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)).toEqual(oncePerEvent);
    const overview = await stack.admin.json('GET', '/api/admin/activity');
    expect(overview.body.data.kick_events.map((e: { subscribed: boolean }) => e.subscribed)).toEqual(
      KICK_EVENT_SUBSCRIPTIONS.map(() => true),
    );
  });

  it('duplicates planted on Kick are removed by the next reconcile, keeping the recorded one; other broadcasters untouched', async () => {
    const recorded = kick.events.subscriptions.find((s) => s.broadcaster_user_id === BROADCASTER && s.event === 'chat.message.sent')!;
    plant(kick, 'chat.message.sent', BROADCASTER);
    plant(kick, 'kicks.gifted', BROADCASTER);
    plant(kick, 'kicks.gifted', BROADCASTER);
    // Kick delivers once per subscription, each with its own message id: two subscriptions, two deliveries.
    const chat = { broadcaster: kickUser(BROADCASTER, 'streamer'), sender: kickUser(5001, 'viewer'), content: 'hello' };
    expect(await kick.events.deliverToSubscribers('chat.message.sent', chat, BROADCASTER)).toEqual([200, 200]);

    await reconcile();
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)).toEqual(oncePerEvent);
    expect(kick.events.subscriptions.some((s) => s.id === recorded.id)).toBe(true);
    expect(countsByEvent(kick.events.subscriptions, OTHER_BROADCASTER)).toEqual({ 'chat.message.sent': 1, 'channel.followed': 1 });
    expect(await kick.events.deliverToSubscribers('chat.message.sent', chat, BROADCASTER)).toEqual([200]);
  });

  it('a delivery under a subscription that is not the recorded one is acknowledged, not applied, and makes the api reconcile', async () => {
    await stack.redis.del('kick:subscriptions:reconcile-asked');
    const stray = plant(kick, 'kicks.gifted', BROADCASTER);
    const payload = { broadcaster: kickUser(BROADCASTER, 'streamer'), sender: kickUser(5003, 'fan'), gift: { amount: 100 } };
    expect(await kick.events.deliver('kicks.gifted', payload, { subscriptionId: stray.id })).toBe(200);
    const [latest] = (await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries;
    expect(latest).toEqual(expect.objectContaining({ type: 'kicks.gifted', result: 'other-subscription' }));
    await waitFor(() => !kick.events.subscriptions.some((s) => s.id === stray.id), 10_000, 'the stray subscription removed');
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)).toEqual(oncePerEvent);
  });

  it('a subscription Kick drops after failing deliveries is back after one run of the job', async () => {
    kick.events.unsubscribeAfterFailures = 3;
    const followed = kick.events.subscriptions.find((s) => s.broadcaster_user_id === BROADCASTER && s.event === 'channel.followed')!;
    const payload = { broadcaster: kickUser(BROADCASTER, 'streamer'), follower: kickUser(5002, 'fan') };
    for (let i = 0; i < 3; i++)
      expect(await kick.events.deliver('channel.followed', payload, { subscriptionId: followed.id, forge: true })).toBe(401);
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)['channel.followed']).toBeUndefined();
    kick.events.drop('livestream.status.updated', BROADCASTER);

    // What the worker's repeatable job runs each period, on another worker. It waits for a run already in progress (a
    // worker's own job can be running at this moment, and it listed Kick before the drop); the job itself would skip
    // and leave the repair to the next period.
    await workers[1]!.get(KickSubscriptionsService).reconcile({ wait: true });
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)).toEqual(oncePerEvent);
    const rows = await stack.em
      .fork()
      .execute<{ event: string; subscription_id: string }[]>(`select event, subscription_id from activity_subscriptions`);
    const now = kick.events.subscriptions.filter((s) => s.broadcaster_user_id === BROADCASTER);
    expect(new Set(rows.map((r) => r.subscription_id))).toEqual(new Set(now.map((s) => s.id)));

    const overview = await stack.admin.json('GET', '/api/admin/activity');
    const followedHealth = overview.body.data.kick_events.find((e: { event: string }) => e.event === 'channel.followed');
    expect(followedHealth).toEqual(expect.objectContaining({ subscribed: true, failures_last_hour: 3, deliveries_last_hour: 3 }));
    const chatHealth = overview.body.data.kick_events.find((e: { event: string }) => e.event === 'chat.message.sent');
    expect(chatHealth).toEqual(expect.objectContaining({ deliveries_last_hour: 3, failures_last_hour: 0 }));
    expect(chatHealth.last_delivery_at).toEqual(expect.any(String));
  });

  it('warns while the stream is live and no delivery arrived for 10 minutes', async () => {
    expect((await stack.admin.json('GET', '/api/admin/activity')).body.data.delivery_warning).toBeNull();
    await stack.em.fork().execute(`update activity_live_state set is_live = true where id = 1`);
    expect((await stack.admin.json('GET', '/api/admin/activity')).body.data.delivery_warning).toBeNull();
    const quietSince = new Date(Date.now() - 11 * 60_000).toISOString();
    for (const event of KICK_EVENT_SUBSCRIPTIONS) await stack.redis.hset('activity:deliveries:last', event, quietSince);
    expect((await stack.admin.json('GET', '/api/admin/activity')).body.data.delivery_warning).toContain('no delivery');
    await stack.em.fork().execute(`update activity_live_state set is_live = false where id = 1`);
  });

  it('a new broadcaster replaces our old subscriptions and still leaves the other broadcaster alone', async () => {
    expect((await stack.admin.json('PUT', '/api/admin/activity/rules', { broadcaster_user_id: 5151 })).status).toBe(200);
    await waitFor(
      () => countsByEvent(kick.events.subscriptions, BROADCASTER)['chat.message.sent'] === undefined,
      10_000,
      'old ones removed',
    );
    await reconcile();
    expect(countsByEvent(kick.events.subscriptions, 5151)).toEqual(oncePerEvent);
    expect(countsByEvent(kick.events.subscriptions, BROADCASTER)).toEqual({});
    expect(countsByEvent(kick.events.subscriptions, OTHER_BROADCASTER)).toEqual({ 'chat.message.sent': 1, 'channel.followed': 1 });
  });
});
