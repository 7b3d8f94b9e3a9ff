import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type DomainEvent, type DomainEventBatch } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { DomainEventHandlers } from './domain-event-handlers';
import { OutboxEventsRepository, type OutboxRow } from './outbox-events.repository';
import { OutboxListener } from './outbox-listener';

/** Rows per claim; a claim that finds fewer has caught up. */
const CLAIM_LIMIT = 200;
/** Wait after a failed claim (the database or Redis is down) before the next. */
const RETRY_MS = 1_000;

const toEvent = (row: OutboxRow): DomainEvent =>
  ({ id: String(row.id), type: row.type, payload: row.payload, createdAt: new Date(row.created_at).toISOString() }) as DomainEvent;

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
 * the worker and Redis more than the change that wrote it. For the same reason the events of a claim whose
 * type only batch consumers read (raffle.entries-added) become one job per type on the batches queue.
 *
 * The relay sleeps until the outbox's trigger notifies a commit (OutboxListener), so an idle site costs no queries
 * and an event is claimed as soon as it commits. A claim that follows the previous one by less than
 * OUTBOX_CLAIM_GAP_MS waits out the rest: the first event after a quiet spell goes at once, while a busy stream's
 * events gather into fewer, larger jobs instead of one claim per commit. A slow poll (OUTBOX_POLL_MS) stands in for
 * notifications lost while the listening connection was down.
 */
@Injectable()
export class OutboxRelayService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private running = false;
  private loop: Promise<void> | null = null;
  private interrupt: (() => void) | null = null;
  /** Sleeping until a notification (rather than out a claim gap, which a notification does not cut short). */
  private idle = false;
  /** A notification arrived since the current claim began: the rows it announces may have missed that claim. */
  private notified = false;
  hooks: RelayHooks = {};

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.domainEvents) private readonly queue: Queue,
    @InjectQueue(QUEUES.domainEventBatches) private readonly batches: Queue,
    private readonly config: AppConfig,
    private readonly handlers: DomainEventHandlers,
    private readonly listener: OutboxListener,
    private readonly repository: OutboxEventsRepository,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.interrupt?.();
    await this.listener.stop();
    await this.loop;
    this.loop = null;
  }

  /** Before MikroORM closes its pool (onApplicationShutdown), so a claim in progress finishes instead of hanging. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Relays one batch; returns how many rows were published. */
  async relayBatch(limit = CLAIM_LIMIT): Promise<number> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const rows = await this.repository.claimUnpublished(tx, limit);
      if (rows.length === 0) return 0;
      await this.enqueue(rows.filter((row) => this.handlers.for(row.type).length > 0).map(toEvent));
      const ids = rows.map((r) => String(r.id));
      await this.hooks.afterEnqueue?.(ids);
      await this.repository.markPublished(tx, ids);
      return rows.length;
    });
  }

  private async enqueue(events: DomainEvent[]): Promise<void> {
    const single: DomainEvent[] = [];
    const byType = new Map<string, DomainEvent[]>();
    for (const event of events) {
      if (!this.handlers.batchable(event.type)) single.push(event);
      else {
        const group = byType.get(event.type);
        if (group) group.push(event);
        else byType.set(event.type, [event]);
      }
    }
    if (single.length)
      await this.queue.addBulk(single.map((event) => ({ name: event.type, data: event, opts: { jobId: `evt-${event.id}` } })));
    if (byType.size)
      await this.batches.addBulk(
        [...byType.values()].map((group) => ({
          name: group[0]!.type,
          data: { type: group[0]!.type, events: group } satisfies DomainEventBatch,
          // The same claim enqueued again (a crash before marking) is the same job; a different grouping of the
          // same rows is not, and the consumers' processed-event rows apply each event once.
          opts: { jobId: `evts-${group[0]!.id}-${group[group.length - 1]!.id}-${group.length}` },
        })),
      );
  }

  private async run(): Promise<void> {
    const { OUTBOX_POLL_MS: pollMs, OUTBOX_CLAIM_GAP_MS: gapMs } = this.config.env;
    this.listener.start(() => this.onNotify());
    let claimedAt = 0;
    while (this.running) {
      const since = Date.now() - claimedAt;
      if (since < gapMs) await this.sleep(gapMs - since, false);
      if (!this.running) break;
      this.notified = false;
      claimedAt = Date.now();
      let published = 0;
      try {
        published = await this.relayBatch();
      } catch (err) {
        this.logger.error({ err }, 'outbox relay batch failed; retrying');
        await this.sleep(RETRY_MS, false);
        continue;
      }
      if (published < CLAIM_LIMIT && !this.notified) await this.sleep(pollMs, true);
    }
  }

  private onNotify(): void {
    this.notified = true;
    if (this.idle) this.interrupt?.();
  }

  /** `idle`: a notification ends the sleep; stop() always does. */
  private sleep(ms: number, idle: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.interrupt = null;
        this.idle = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.interrupt = done;
      this.idle = idle;
    });
  }
}
