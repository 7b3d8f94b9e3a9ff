import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';

/**
 * At shutdown, every processor's BullMQ worker stops taking jobs and finishes its active one before anything closes.
 * The BullMQ module closes workers in the same shutdown phase as MikroORM closes its pool, so a job still running then
 * had its next query wait forever on a closed pool, and the worker's close with it (found with the maintenance job,
 * whose first run starts with the process). beforeApplicationShutdown runs before every onApplicationShutdown; the
 * processors are found rather than listed, so one added later is drained too.
 */
@Injectable()
export class DrainProcessorsFirst implements BeforeApplicationShutdown {
  constructor(private readonly discovery: DiscoveryService) {}

  async beforeApplicationShutdown(): Promise<void> {
    const processors = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
    await Promise.all(processors.map((processor) => processor.worker.close()));
  }
}
