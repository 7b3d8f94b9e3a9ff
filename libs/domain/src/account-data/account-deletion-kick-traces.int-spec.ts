import { Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { QUEUES } from '@kickback/contracts';
import { integrationStack, FakeKickServer, createUser, kickUser, waitFor } from '@kickback/testing';

/** Every value a Redis key holds, as text, whatever its type (BullMQ jobs are hashes, its event log a stream). */
async function valuesOf(redis: Redis, key: string): Promise<string[]> {
  switch (await redis.type(key)) {
    case 'string':
      return [(await redis.get(key)) ?? ''];
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'hash':
      return Object.entries(await redis.hgetall(key)).flat();
    case 'set':
      return redis.smembers(key);
    case 'zset':
      return redis.zrange(key, 0, -1);
    case 'stream':
      return (await redis.xrange(key, '-', '+')).flatMap(([id, fields]) => [id, ...fields]);
    default:
      return [];
  }
}

/**
 * Issue #49: after "Delete my account", nothing in PostgreSQL or Redis ties the pseudonym back to the Kick account: a
 * member who followed, subscribed, was timed out, chatted and had points imported is deleted, then every text, JSON and
 * bigint column of every table and every Redis key, value and job (completed, failed, waiting, delayed) is searched
 * for the Kick name and the Kick id.
 */
describe('account deletion leaves no Kick trace (real PostgreSQL + Redis, api + worker, Kick webhooks from the fake Kick)', () => {
  const kick = new FakeKickServer('kickback-local', 'kickback-local-secret');
  const probe = 'deletion-probe';
  const queues: Queue[] = [];
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
  });

  const stack = integrationStack({ worker: true, admin: true, kick });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => stack.em.fork().execute<T[]>(text, params);
  const deliver = async (type: string, payload: Record<string, unknown>) =>
    expect(await kick.events.deliver(type, { broadcaster: kickUser(1, 'streamer'), ...payload })).toBe(200);

  it('scrubs the Kick name and id from every table, Redis key and queued job, and keeps the ledgers adding up', async () => {
    const t = Math.random().toString(36).slice(2, 7);
    const kickName = `Leaver_${t}`;
    const kickId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    const connection = { url: stack.env.REDIS_URL };

    // Points imported for the Kick name before the first login, credited at that login.
    const file = JSON.stringify({ _total: 1, users: [{ username: kickName.toLowerCase(), points: 120 }] });
    const imported = await stack.admin.request('POST', '/api/admin/points-imports?format=streamelements', {
      body: file,
      headers: { 'content-type': 'text/plain' },
    });
    expect(imported.status).toBe(201);
    // A poll vote the Kick account cast in chat before it was linked to a member (docs/polls.md "Audience").
    const [poll] = await sql<{ id: number }>(
      `insert into polls (question, options, audience) values ('Q?', '["A","B"]', 'kick') returning id`,
    );
    await sql('insert into poll_votes (poll_id, kick_user_id, option) values (?, ?, 0)', [poll!.id, kickId]);
    const leaving = await createUser(stack.em.fork(), { kickUsername: kickName });
    await sql('update users set kick_user_id = ? where id = ?', [kickId, leaving.id]);
    const client = stack.api.client();
    await client.loginAs(leaving.id);
    await waitFor(
      async () => (await sql(`select 1 from points_import_rows where user_id = ? and credited_at is not null`, [leaving.id])).length === 1,
      15_000,
      'the imported points credited at the first login',
    );

    // On stream: the member follows, subscribes, chats and is timed out, as Kick's signed webhooks tell it.
    const now = Date.now();
    await deliver('livestream.status.updated', {
      is_live: true,
      title: 'Slots',
      started_at: new Date(now - 60_000).toISOString(),
      ended_at: null,
    });
    const viewer = kickUser(kickId, kickName);
    await deliver('channel.followed', { follower: viewer });
    await deliver('channel.subscription.new', {
      subscriber: viewer,
      duration: 1,
      created_at: new Date().toISOString(),
      expires_at: new Date(now + 30 * 86_400_000).toISOString(),
    });
    await deliver('chat.message.sent', {
      message_id: `msg-${t}`,
      sender: viewer,
      content: 'gl on the bonus',
      created_at: new Date().toISOString(),
    });
    await deliver('moderation.banned', {
      moderator: kickUser(2, 'mod'),
      banned_user: viewer,
      metadata: { reason: 'Caps', created_at: new Date().toISOString(), expires_at: new Date(now + 600_000).toISOString() },
    });
    expect((await sql(`select kick_banned_until from users where id = ?`, [leaving.id]))[0]!.kick_banned_until).not.toBeNull();
    // The worker has relayed the awards: XP written under the follow's key, the batch jobs completed.
    await waitFor(
      async () =>
        (await sql(`select 1 from xp_ledger where user_id = ? and award_key = ?`, [leaving.id, `activity:follow:${kickId}`])).length,
      15_000,
      'the follow XP',
    );
    const batches = new Queue(QUEUES.domainEventBatches, { connection });
    queues.push(batches);
    expect(await batches.getJobCountByTypes('completed')).toBeGreaterThan(0);
    // A job about the member in every other state: delayed (a batch waiting for its retry), failed, waiting.
    await batches.add(
      'activity.awarded',
      {
        type: 'activity.awarded',
        events: [
          {
            id: '999999',
            type: 'activity.awarded',
            payload: { userId: leaving.id, source: 'follow', points: 50, xp: 50, key: `follow:${kickId}`, at: new Date().toISOString() },
            createdAt: new Date().toISOString(),
          },
        ],
      },
      { delay: 3_600_000 },
    );
    const probes = new Queue(probe, { connection });
    queues.push(probes);
    const failing = new Worker(
      probe,
      () => {
        throw new Error(`Kick refused the reply to ${kickName}`);
      },
      { connection },
    );
    const failed = new Promise((resolve) => failing.once('failed', resolve));
    await probes.add('reply', { kickUserId: kickId, username: kickName, content: 'You have 120 points' });
    await failed;
    await failing.close();
    await probes.add('reply', { kickUserId: kickId, username: kickName, content: 'Entered!' });
    expect(await probes.getJobCounts('failed', 'waiting')).toEqual({ failed: 1, waiting: 1 });
    const adminView = JSON.stringify((await stack.admin.json('GET', '/api/admin/activity')).body.data.deliveries);
    expect(adminView).toContain(kickName);

    const sums = `select (select coalesce(sum(delta), 0)::text from points_ledger where user_id = ?) as points,
      (select coalesce(sum(xp), 0)::text from xp_ledger where user_id = ?) as xp, (select balance::text from wallets where user_id = ?) as balance`;
    const [before] = await sql(sums, [leaving.id, leaving.id, leaving.id]);
    expect((await client.json('POST', '/api/r/account/delete', { confirm_username: leaving.username })).status).toBe(200);

    // PostgreSQL: every text, JSON and bigint column of every table.
    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>(
      `select c.table_name, c.column_name, c.data_type from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'bigint')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name, data_type } of columns) {
      const [{ n }] = await sql<{ n: number }>(
        data_type === 'bigint'
          ? `select count(*)::int as n from "${table_name}" where "${column_name}" = ?::bigint`
          : `select count(*)::int as n from "${table_name}" where "${column_name}"::text ilike ? or "${column_name}"::text ~ ?`,
        data_type === 'bigint' ? [kickId] : [`%${kickName}%`, `(^|[^0-9])${kickId}([^0-9]|$)`],
      );
      if (n > 0) found.push(`${table_name}.${column_name}`);
    }
    const [banned] = await sql(`select kick_banned_until from users where id = ?`, [leaving.id]);
    if (banned!.kick_banned_until !== null) found.push('users.kick_banned_until');

    // Redis: every key's name and every value, whatever its type.
    const nameRe = new RegExp(kickName, 'i');
    const idRe = new RegExp(`(^|[^0-9])${kickId}([^0-9]|$)`);
    const redis = stack.redis;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const texts = [key, ...(await valuesOf(redis, key))];
        if (texts.some((text) => nameRe.test(text) || idRe.test(text))) found.push(`redis ${key}`);
      }
    } while (cursor !== '0');
    expect(found).toEqual([]);

    // Money and XP rows stay: the member's totals are what they were.
    expect((await sql(sums, [leaving.id, leaving.id, leaving.id]))[0]).toEqual(before);
    // The jobs are still there, in their states, only rewritten: the delayed batch carries the follow award's new key.
    expect(await probes.getJobCounts('failed', 'waiting')).toEqual({ failed: 1, waiting: 1 });
    const [delayed] = await batches.getDelayed();
    expect(delayed!.data.events[0].payload.key).toMatch(/^deleted-member:\d+$/);
  });
});
