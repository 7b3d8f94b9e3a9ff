import { integrationStack, createUser } from '@kickback/testing';
import { KickDeliveryLog } from './kick-delivery-log';
import { KickOwnMessages } from './kick-own-messages';
import { WatchService } from './watch.service';

/** The only activity keys with no expiry: one fixed name each, their size capped (the list) or by the event types (the hash). */
const FIXED_KEYS = ['activity:deliveries', 'activity:deliveries:last'];

/**
 * A long stream writes activity keys per viewer (watch heartbeats), per message we post (our own chat messages) and per
 * minute (delivery counters): each of them must expire, or Redis grows with every viewer of every stream.
 */
describe('activity keys in Redis are bounded (real PostgreSQL + Redis)', () => {
  const stack = integrationStack();

  beforeAll(async () => {
    await stack.em.fork().execute('update activity_settings set watch_interval_seconds = 60, watch_points = 10, watch_stream_cap = 1000');
    const [stream] = await stack.em
      .fork()
      .execute<{ id: string }[]>(`insert into activity_streams (started_at) values (now()) returning id::text as id`);
    await stack.em
      .fork()
      .execute('update activity_live_state set is_live = true, started_at = now(), stream_id = ? where id = 1', [stream!.id]);
  });

  async function activityKeys(): Promise<Map<string, number>> {
    const keys = await stack.redis.keys('activity:*');
    return new Map(await Promise.all(keys.map(async (key) => [key, await stack.redis.pttl(key)] as const)));
  }

  it('gives every key written per viewer, per sent message and per minute an expiry, and caps the delivery list', async () => {
    const watch = stack.api.app.get(WatchService);
    const viewers = await Promise.all([1, 2, 3].map(() => createUser(stack.em, {})));
    for (const viewer of viewers)
      expect(await watch.beat(viewer.id, `socket-${viewer.id}`, { visible: true, player: true })).toMatchObject({ counted: true });
    const own = stack.api.app.get(KickOwnMessages);
    await own.expect('Good luck everyone!');
    await own.sent('kick-message-1');
    const log = stack.api.app.get(KickDeliveryLog);
    const at = new Date().toISOString();
    await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        log.record({
          message_id: `delivery-${i}`,
          type: 'chat.message.sent',
          version: '1',
          result: i % 10 ? 'awarded' : 'bad-signature',
          received_at: at,
        }),
      ),
    );

    const keys = await activityKeys();
    const perViewer = [...keys.keys()].filter((key) => key.startsWith('activity:watch:'));
    expect(perViewer.length).toBe(viewers.length * 2);
    expect([...keys.keys()].filter((key) => key.startsWith('activity:chat:')).length).toBe(2);
    expect([...keys.keys()].filter((key) => key.startsWith('activity:deliveries:') && !FIXED_KEYS.includes(key)).length).toBe(2);
    const lasting = [...keys].filter(([key, ttl]) => ttl < 0 && !FIXED_KEYS.includes(key)).map(([key]) => key);
    expect(lasting).toEqual([]);
    expect(await stack.redis.llen('activity:deliveries')).toBe(100);
  });

  it('drops a viewer’s counting claim when the connection closes', async () => {
    const watch = stack.api.app.get(WatchService);
    const viewer = await createUser(stack.em, {});
    await watch.beat(viewer.id, 'socket-a', { visible: true, player: true });
    expect(await stack.redis.exists(`activity:watch:holder:${viewer.id}`)).toBe(1);
    await watch.release(viewer.id, 'socket-a');
    expect(await stack.redis.exists(`activity:watch:holder:${viewer.id}`)).toBe(0);
  });
});
