import { Module } from '@nestjs/common';
import { QueueInspectorService } from '@kickback/platform';
import { AdminQueuesController } from './admin-queues.controller';

/** The admin's view of the background job queues (failed jobs and retry). */
@Module({
  controllers: [AdminQueuesController],
  providers: [QueueInspectorService],
})
export class OpsHttpModule {}
