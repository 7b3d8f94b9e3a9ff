import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { DomainEventHandlers } from './domain-event-handlers';

interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

export interface RelayHooks {
  /** Called after jobs were added and before the rows are marked; tests use it to crash there. */
  afterEnqueue?: (ids: string[]) => Promise<void> | void;
}

/**
 * Moves committed outbox rows into the domain-events queue. Rows are claimed with
 * SKIP LOCKED so several workers can relay side by side, and the job id is the outbox id so
 * a row enqueued twice (crash before marking) is one job; consumers are idempotent besides.
 *
 * Only events some handler of this build consumes become jobs; the rest (user.settings-updated today,
 * kept for consumers to come) are marked published in the same transaction: a job nobody handles costs
 * the worker and Redis more than the change that wrote it.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  hooks: RelayHooks = {};

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.domainEvents) private readonly queue: Queue,
    private readonly config: AppConfig,
    private readonly handlers: DomainEventHandlers,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Relays one batch; returns how many rows were published. */
  async relayBatch(limit = 200): Promise<number> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const rows: OutboxRow[] = await tx.execute(
        'select id, type, payload, created_at from outbox_events where published_at is null order by id limit ? for update skip locked',
        [limit],
      );
      if (rows.length === 0) return 0;
      const consumed = rows.filter((row) => this.handlers.for(row.type).length > 0);
      if (consumed.length)
        await this.queue.addBulk(
          consumed.map((row) => ({
            name: row.type,
            data: { id: String(row.id), type: row.type, payload: row.payload, createdAt: new Date(row.created_at).toISOString() },
            opts: { jobId: `evt-${row.id}` },
          })),
        );
      const ids = rows.map((r) => String(r.id));
      await this.hooks.afterEnqueue?.(ids);
      // A PostgreSQL array literal: knex would otherwise expand a JS array into a value list.
      await tx.execute('update outbox_events set published_at = now() where id = any(?::bigint[])', [`{${ids.join(',')}}`]);
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    const idleMs = this.config.env.OUTBOX_POLL_MS;
    while (this.running) {
      let published = 0;
      try {
        published = await this.relayBatch();
      } catch (err) {
        this.logger.error({ err }, 'outbox relay batch failed; retrying');
        await this.sleep(Math.min(idleMs * 10, 5000));
        continue;
      }
      if (published === 0) await this.sleep(idleMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
