import { Injectable } from '@nestjs/common';
import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@kickback/contracts';
import { AppConfig } from '../config/app-config';
import { FAILED_JOB_KEEP_MS } from '../queue/failed-job-age';

/** Ids per delete statement (at most as many rows): each commits on its own, so a purge holds no long transaction. */
const PURGE_CHUNK = 5_000;

export interface EventPurge {
  failedJobs: number;
  outboxEvents: number;
  processedEvents: number;
}

/**
 * Deletes what the event bus no longer needs: outbox rows relayed longer ago than the retention, and the
 * processed-event rows of those events that were also written that long ago. A processed row is what makes a
 * redelivered event apply once, and a redelivery comes from a retried failed job at the latest, so failed event jobs
 * older than FAILED_JOB_KEEP_MS are removed first: after that no job can bring back an event whose rows go.
 *
 * Neither table has an index on time. Outbox ids grow with time, so the purge finds the first row that is unrelayed
 * or recent by walking the primary key from the start (after the previous purge, about one interval of rows) and
 * deletes below it by key range; processed rows are reached per consumer through their primary key.
 */
@Injectable()
export class EventRetentionService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    @InjectQueue(QUEUES.domainEvents) private readonly events: Queue,
    @InjectQueue(QUEUES.domainEventBatches) private readonly batches: Queue,
  ) {}

  async purge(chunk = PURGE_CHUNK): Promise<EventPurge> {
    let failedJobs = 0;
    for (const queue of [this.events, this.batches]) failedJobs += (await queue.clean(FAILED_JOB_KEEP_MS, 0, 'failed')).length;

    const em = this.em.fork();
    const [{ cutoff }] = await em.execute<{ cutoff: Date }[]>(`select now() - make_interval(days => ?) as cutoff`, [
      this.config.env.EVENT_RETENTION_DAYS,
    ]);
    const bound = await this.firstKeptId(em, cutoff);
    if (bound === null) return { failedJobs, outboxEvents: 0, processedEvents: 0 };

    // published_at is checked again: a row whose transaction took an id below the bound but committed after the walk
    // above is still unrelayed.
    const outboxEvents = await this.deleteByIdRange(em, 'select min(id)::text as id from outbox_events', [], bound, chunk, (from, to) => [
      'delete from outbox_events where id >= ? and id < ? and published_at < ?',
      [from, to, cutoff],
    ]);
    let processedEvents = 0;
    for (const consumer of await this.consumers(em))
      processedEvents += await this.deleteByIdRange(
        em,
        'select min(event_id)::text as id from processed_events where consumer = ?',
        [consumer],
        bound,
        chunk,
        (from, to) => [
          'delete from processed_events where consumer = ? and event_id >= ? and event_id < ? and processed_at < ?',
          [consumer, from, to, cutoff],
        ],
      );
    return { failedJobs, outboxEvents, processedEvents };
  }

  /** The lowest outbox id to keep: every row below it was relayed before the cutoff. Null when there are no rows. */
  private async firstKeptId(em: EntityManager, cutoff: Date): Promise<number | null> {
    const [row] = await em.execute<{ id: string | null }[]>(
      `select coalesce(
         (select id from outbox_events where published_at is null or published_at >= ? order by id limit 1),
         (select max(id) + 1 from outbox_events)
       )::text as id`,
      [cutoff],
    );
    return row?.id == null ? null : Number(row.id);
  }

  /** Every consumer with rows, one index probe each instead of a scan of the table. */
  private async consumers(em: EntityManager): Promise<string[]> {
    const rows = await em.execute<{ consumer: string }[]>(
      `with recursive consumers(consumer) as (
         (select consumer from processed_events order by consumer limit 1)
         union all
         select (select p.consumer from processed_events p where p.consumer > c.consumer order by p.consumer limit 1)
         from consumers c where c.consumer is not null
       )
       select consumer from consumers where consumer is not null`,
    );
    return rows.map((r) => r.consumer);
  }

  /**
   * Deletes by consecutive key ranges of `chunk` ids from the lowest up to the bound. Each statement reads only its own
   * range, where a delete of the next `chunk` rows by `order by … limit` would first walk past every row the previous
   * statements deleted (the backlog purge took three times as long that way; docs/performance/history.md, "Event retention").
   */
  private async deleteByIdRange(
    em: EntityManager,
    lowestSql: string,
    lowestParams: unknown[],
    bound: number,
    chunk: number,
    statement: (from: number, to: number) => [string, unknown[]],
  ): Promise<number> {
    const [lowest] = await em.execute<{ id: string | null }[]>(lowestSql, lowestParams);
    let total = 0;
    for (let from = Number(lowest?.id ?? bound); from < bound; from += chunk) {
      const [sql, params] = statement(from, Math.min(from + chunk, bound));
      total += (await em.execute<QueryResult>(sql, params, 'run')).affectedRows;
    }
    return total;
  }
}
