import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { integrationStack, waitFor } from '@kickback/testing';
import { EventRetentionService, FAILED_JOB_KEEP_MS } from '@kickback/platform';
import { failedEventJobs } from './failed-event-jobs';

/** The hourly purge: what the event bus no longer needs goes, and nothing a redelivery could still need. */
describe('event retention purge', () => {
  const stack = integrationStack({ api: false, worker: { relay: false } });

  beforeAll(async () => {
    // The scheduler's first purge runs at start; wait for it, so the purges below are the only ones.
    const maintenance = stack.worker.get<Queue>(getQueueToken(QUEUES.maintenance));
    await waitFor(async () => (await maintenance.getCompletedCount()) >= 1 || undefined, 15_000, 'first scheduled purge');
  });

  /** An outbox row created and (unless null) relayed the given number of days ago. */
  const outbox = async (createdDaysAgo: number, publishedDaysAgo: number | null): Promise<string> => {
    const [row] = await stack.em.fork().execute<{ id: string }[]>(
      `insert into outbox_events (type, payload, created_at, published_at)
       values ('user.settings-updated', '{}', now() - make_interval(days => ?),
               case when ?::int is null then null else now() - make_interval(days => ?::int) end)
       returning id::text`,
      [createdDaysAgo, publishedDaysAgo, publishedDaysAgo],
    );
    return row!.id;
  };
  const processed = (consumer: string, eventId: string, daysAgo: number) =>
    stack.em
      .fork()
      .execute(`insert into processed_events (consumer, event_id, processed_at) values (?, ?, now() - make_interval(days => ?))`, [
        consumer,
        eventId,
        daysAgo,
      ]);
  const outboxIds = async () =>
    (await stack.em.fork().execute<{ id: string }[]>('select id::text from outbox_events order by id')).map((r) => r.id);
  const processedRows = async () =>
    (
      await stack.em
        .fork()
        .execute<{ row: string }[]>(`select consumer || ':' || event_id as row from processed_events order by consumer, event_id`)
    ).map((r) => r.row);

  it('deletes relayed events older than the retention and their old processed rows, in chunks, and stops at the first unrelayed one', async () => {
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await outbox(40, 40));
    const stuck = await outbox(40, null);
    const afterStuck = await outbox(40, 40);
    const recent = await outbox(1, 1);
    for (const id of old) await processed('test.a', id, 40);
    await processed('test.b', old[0]!, 40);
    // Its event is old, but it was applied recently: a retried job could still need this row.
    await processed('test.b', old[1]!, 1);
    await processed('test.a', afterStuck, 40);
    await processed('test.a', recent, 1);

    const purge = await stack.worker.get(EventRetentionService).purge(2);

    expect(purge).toEqual({ failedJobs: 0, outboxEvents: 5, processedEvents: 6 });
    expect(await outboxIds()).toEqual([stuck, afterStuck, recent]);
    expect(await processedRows()).toEqual([`test.a:${afterStuck}`, `test.a:${recent}`, `test.b:${old[1]}`]);

    // Once the stuck row is relayed (long enough ago), the purge goes on past it.
    await stack.em.fork().execute(`update outbox_events set published_at = now() - interval '40 days' where id = ?`, [stuck]);
    expect(await stack.worker.get(EventRetentionService).purge(2)).toEqual({ failedJobs: 0, outboxEvents: 2, processedEvents: 1 });
    expect(await outboxIds()).toEqual([recent]);
    expect(await processedRows()).toEqual([`test.a:${recent}`, `test.b:${old[1]}`]);
  });

  it('removes failed event jobs older than an admin may retry them, before the rows such a retry would need', async () => {
    const queue = await failedEventJobs(stack.worker, ['990000001', '990000002']);
    // BullMQ scores the failed set by finish time: this one failed a day more than a week ago.
    await stack.redis.zadd(`bull:${QUEUES.domainEvents}:failed`, Date.now() - FAILED_JOB_KEEP_MS - 24 * 3600_000, 'evt-990000001');

    expect((await stack.worker.get(EventRetentionService).purge()).failedJobs).toBe(1);
    expect((await queue.getFailed()).map((job) => job.id)).toEqual(['evt-990000002']);
    expect(await queue.getJob('evt-990000001')).toBeUndefined();
  });
});
