import { createServer, type Server } from 'node:http';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { QUEUES } from '@kickback/contracts';
import { AppConfig, InjectRedis, ensureDefaultMetrics, metric, metricsRegister as register } from '@kickback/platform';

ensureDefaultMetrics();
const queueDepth = metric.gauge({ name: 'bullmq_queue_jobs', help: 'Jobs per queue and state', labelNames: ['queue', 'state'] });

/** The worker has no HTTP API; this small server gives Kubernetes its probes and Prometheus its metrics. */
@Injectable()
export class WorkerHealthServer implements OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthServer.name);
  private server: Server | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Every queue the worker consumes, so a failing raffle draw or retention purge shows in the metrics too. */
  private queues(): Queue[] {
    return Object.values(QUEUES).map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
  }

  /** Rejects when the port is taken, so the worker stops with the reason instead of running without its probes. */
  async listen(): Promise<void> {
    const port = this.config.env.WORKER_HEALTH_PORT;
    if (port === 0) return;
    const server = createServer((req, res) => void this.route(req.url ?? '/', res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        this.server = null;
        const taken = err.code === 'EADDRINUSE';
        reject(
          new Error(
            taken
              ? `WORKER_HEALTH_PORT ${port} is already in use by another program: set WORKER_HEALTH_PORT to a free port (0 turns the worker's health server off)`
              : `the worker's health server could not listen on ${port}: ${err.message}`,
          ),
        );
      });
      server.listen(port, () => resolve());
    });
    this.logger.log(`worker health on :${port}`);
  }

  private async route(url: string, res: import('node:http').ServerResponse): Promise<void> {
    if (url === '/healthz') return this.json(res, 200, { status: 'ok' });
    if (url === '/readyz') {
      try {
        await this.em.fork().execute('select 1');
        await this.redis.ping();
        return this.json(res, 200, { status: 'ok' });
      } catch {
        return this.json(res, 503, { status: 'error' });
      }
    }
    if (url === '/metrics') {
      for (const queue of this.queues()) {
        const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'failed').catch(() => ({}) as Record<string, number>);
        for (const [state, n] of Object.entries(counts)) queueDepth.set({ queue: queue.name, state }, n);
      }
      res.writeHead(200, { 'content-type': register.contentType });
      res.end(await register.metrics());
      return;
    }
    this.json(res, 404, { status: 'not found' });
  }

  private json(res: import('node:http').ServerResponse, status: number, body: object): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
