import { Module } from '@nestjs/common';
import { QueueInspectorService } from '@kickback/platform';
import { AdminQueuesController } from './admin-queues.controller';
import { AdminWorkerStatusController } from './admin-worker-status.controller';

/** The admin's view of the background job queues (failed jobs and retry) and of the worker's heartbeat. */
@Module({
  controllers: [AdminQueuesController, AdminWorkerStatusController],
  providers: [QueueInspectorService],
})
export class OpsHttpModule {}
