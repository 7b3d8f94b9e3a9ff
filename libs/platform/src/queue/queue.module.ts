import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { FAILED_JOB_KEEP_MS } from './failed-job-age';
import { QueueOutageReporter } from './queue-outage-reporter';

/** BullMQ on the app's Redis; failed jobs are kept (visible to admins), completed ones trimmed; outages logged. */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.env.REDIS_URL, maxRetriesPerRequest: null },
        defaultJobOptions: {
          attempts: 8,
          backoff: { type: 'exponential', delay: 500 },
          removeOnComplete: { age: 3600, count: 10_000 },
          removeOnFail: { age: FAILED_JOB_KEEP_MS / 1000 },
        },
      }),
    }),
    BullModule.registerQueue({ name: QUEUES.domainEvents }, { name: QUEUES.domainEventBatches }),
  ],
  providers: [QueueOutageReporter],
  exports: [BullModule],
})
export class QueueModule {}
