import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUES, type FailedJob, type QueueName, type QueueSummary } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { notFound } from '../http/api-errors';

/** Read-and-retry access to every queue for the admin panel; the api never consumes jobs. */
@Injectable()
export class QueueInspectorService implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(private readonly config: AppConfig) {}

  names(): QueueName[] {
    return Object.values(QUEUES);
  }

  async summaries(): Promise<QueueSummary[]> {
    return Promise.all(
      this.names().map(async (name) => ({
        name,
        counts: await this.queue(name).getJobCounts('wait', 'active', 'delayed', 'completed', 'failed'),
      })),
    );
  }

  async failed(name: string, limit = 50): Promise<FailedJob[]> {
    const jobs = await this.queue(this.known(name)).getFailed(0, limit - 1);
    return jobs.map((j) => ({
      id: String(j.id),
      name: j.name,
      failed_reason: j.failedReason,
      attempts_made: j.attemptsMade,
      failed_at: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
      data: j.data,
    }));
  }

  async retry(name: string, jobId: string): Promise<void> {
    const job = await this.queue(this.known(name)).getJob(jobId);
    if (!job || !(await job.isFailed())) throw notFound('No failed job with that id.');
    await job.retry('failed');
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  private known(name: string): QueueName {
    const found = this.names().find((n) => n === name);
    if (!found) throw notFound('Unknown queue.');
    return found;
  }

  private queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: { url: this.config.env.REDIS_URL, maxRetriesPerRequest: 3 } });
      this.queues.set(name, q);
    }
    return q;
  }
}
