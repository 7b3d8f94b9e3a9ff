import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { DomainEventHandlers } from '@kickback/platform';
import { waitFor } from '@kickback/testing';
import { settingsUpdatedEvent } from './settings-updated-event';

/**
 * Event jobs with these ids that failed on their only attempt, as a consumer that throws leaves them, for tests of
 * what becomes of failed jobs. Registers the failing consumer on the worker, so call it once per worker.
 */
export async function failedEventJobs(worker: INestApplicationContext, ids: string[]): Promise<Queue> {
  worker.get(DomainEventHandlers).register({
    consumer: 'test.always-fails',
    type: 'user.settings-updated',
    afterCommit: async () => {
      throw new Error('simulated consumer failure');
    },
  });
  const queue = worker.get<Queue>(getQueueToken(QUEUES.domainEvents));
  for (const id of ids) await queue.add('user.settings-updated', settingsUpdatedEvent(id), { jobId: `evt-${id}`, attempts: 1 });
  await waitFor(async () => (await queue.getFailedCount()) === ids.length || undefined, 15_000, 'the event jobs failed');
  return queue;
}
