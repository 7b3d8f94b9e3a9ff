import { EntityManager } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { integrationStack, waitFor } from '@kickback/testing';
import { DomainEventHandlers } from '@kickback/platform';
import { settingsUpdatedEvent } from './settings-updated-event';

/** A worker told to stop while a job is querying the database: the job finishes first, then the process closes. */
describe('worker shutdown with a job in flight', () => {
  const stack = integrationStack({ api: false });

  it('lets the active job run its remaining queries and closes', async () => {
    const worker = await stack.processes.worker({ relay: false });
    const em = worker.get(EntityManager);
    const steps: string[] = [];
    worker.get(DomainEventHandlers).register({
      consumer: 'test.slow',
      type: 'user.settings-updated',
      // Statements outside a transaction, as the retention purge runs them: each takes a connection from the pool.
      afterCommit: async () => {
        steps.push('started');
        await em.fork().execute('select pg_sleep(0.5)');
        // Without draining first this one asked a pool MikroORM was closing meanwhile and waited forever, and so
        // did the worker's close().
        await em.fork().execute('select 1');
        steps.push('finished');
      },
    });
    const event = settingsUpdatedEvent('990000101');
    const queue = worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
    await queue.add(event.type, event, { jobId: `evt-${event.id}`, attempts: 1 });
    await waitFor(() => steps.includes('started') || undefined, 10_000, 'the job started');

    // A hang is the failure this test is about: report it with the steps reached, not as jest's bare timeout.
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<string>((resolve) => (timer = setTimeout(resolve, 60_000, 'still closing after 60 s')));
    const ended = await Promise.race([worker.close().then(() => 'closed'), hung]);
    clearTimeout(timer);

    expect({ ended, steps }).toEqual({ ended: 'closed', steps: ['started', 'finished'] });
    expect(await stack.redis.zrange(`bull:${QUEUES.domainEvents}:completed`, 0, -1)).toContain(`evt-${event.id}`);
  });
});
