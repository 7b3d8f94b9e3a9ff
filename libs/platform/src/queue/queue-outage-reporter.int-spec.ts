import { Logger } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { BullModule, getQueueToken, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ThrowawayRedis, waitFor } from '@kickback/testing';
import { QueueOutageReporter } from './queue-outage-reporter';

@Processor('outage-probe')
class ProbeProcessor extends WorkerHost {
  async process(): Promise<void> {}
}

const SAID = 'Redis connection error; BullMQ is reconnecting';

describe('QueueOutageReporter (BullMQ on its own redis-server, killed and started again)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a Redis restart is one log line per queue and worker, not a bare console error per retry', async () => {
    const redis = await ThrowawayRedis.start();
    const moduleRef = await Test.createTestingModule({
      imports: [
        DiscoveryModule,
        BullModule.forRoot({ connection: { url: redis.url, maxRetriesPerRequest: null } }),
        BullModule.registerQueue({ name: 'outage-probe' }),
      ],
      providers: [ProbeProcessor, QueueOutageReporter],
    }).compile();
    const app = await moduleRef.init();
    const bare = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const queue = app.get<Queue>(getQueueToken('outage-probe'));
      const worker = app.get(ProbeProcessor).worker;
      await queue.waitUntilReady();
      await worker.waitUntilReady();
      const errors = { queue: 0, worker: 0 };
      queue.on('error', () => errors.queue++);
      worker.on('error', () => errors.worker++);
      await redis.down();
      // Let BullMQ retry several times, each retry an error on the queue and the worker.
      await waitFor(() => errors.queue >= 3 && errors.worker >= 3, 20_000, 'three connection errors on the queue and on the worker');
      await redis.up();
      expect((await queue.add('after', {})).id).toBeDefined();

      expect(bare).not.toHaveBeenCalled();
      const lines = warn.mock.calls
        .filter(([, message]) => message === SAID)
        .map(([fields]) => (fields as { connection: string }).connection);
      expect(lines.sort()).toEqual(['queue outage-probe', 'worker outage-probe']);
    } finally {
      await app.close();
      await redis.destroy();
    }
  });
});
