import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import { Queue } from 'bullmq';

/** One line a minute at most per queue or worker while Redis is away: BullMQ retries many times a second. */
const QUIET_MS = 60_000;

/**
 * BullMQ prints a connection error of a queue or worker that has no 'error' listener with console.error, outside the
 * JSON log (a bare "Error: read ECONNRESET" at every Redis restart). Every queue and every processor's worker of the
 * process gets a listener that writes the outage to the log instead. Found rather than listed, so a queue or processor
 * added later is covered too.
 */
@Injectable()
export class QueueOutageReporter implements OnApplicationBootstrap {
  private readonly logger = new Logger('Queues');

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof Queue) instance.on('error', this.reporter(`queue ${instance.name}`));
      else if (instance instanceof WorkerHost && instance.worker)
        instance.worker.on('error', this.reporter(`worker ${instance.worker.name}`));
    }
  }

  private reporter(name: string): (err: Error) => void {
    let said = 0;
    return (err) => {
      if (Date.now() - said < QUIET_MS) return;
      said = Date.now();
      this.logger.warn({ err, connection: name }, 'Redis connection error; BullMQ is reconnecting');
    };
  }
}
