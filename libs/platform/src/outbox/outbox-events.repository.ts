import { Injectable } from '@nestjs/common';
import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';

export interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

/** A PostgreSQL array literal of ids: knex would otherwise expand a JS array into a value list. */
const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The event bus's SQL: relaying outbox_events, the processed_events rows that make a consumer apply an event once,
 * and the purge of both. (Events are written by OutboxService, also inside other repositories' statements.)
 */
@Injectable()
export class OutboxEventsRepository {
  /** The oldest unrelayed rows, locked; rows another relay holds are skipped. */
  claimUnpublished(tx: EntityManager, limit: number): Promise<OutboxRow[]> {
    return tx.execute<OutboxRow[]>(
      'select id, type, payload, created_at from outbox_events where published_at is null order by id limit ? for update skip locked',
      [limit],
    );
  }

  async markPublished(tx: EntityManager, ids: readonly string[]): Promise<void> {
    await tx.execute('update outbox_events set published_at = now() where id = any(?::bigint[])', [idArray(ids)]);
  }

  /**
   * Records the events as applied by `consumer` and answers the ids that were not before. In id order, so two
   * transactions claiming overlapping ids (a re-relayed claim) wait instead of deadlocking.
   */
  async claimProcessed(tx: EntityManager, consumer: string, eventIds: readonly string[]): Promise<string[]> {
    const inserted = await tx.execute<{ event_id: string }[]>(
      `insert into processed_events (consumer, event_id)
       select ?, id from unnest(?::bigint[]) as t(id) order by id
       on conflict do nothing returning event_id::text`,
      [consumer, idArray(eventIds)],
    );
    return inserted.map((r) => String(r.event_id));
  }

  async retentionCutoff(em: EntityManager, days: number): Promise<Date> {
    const [{ cutoff }] = await em.execute<{ cutoff: Date }[]>(`select now() - make_interval(days => ?) as cutoff`, [days]);
    return cutoff;
  }

  /** The lowest outbox id to keep: every row below it was relayed before the cutoff. Null when there are no rows. */
  async firstKeptId(em: EntityManager, cutoff: Date): Promise<number | null> {
    const [row] = await em.execute<{ id: string | null }[]>(
      `select coalesce(
         (select id from outbox_events where published_at is null or published_at >= ? order by id limit 1),
         (select max(id) + 1 from outbox_events)
       )::text as id`,
      [cutoff],
    );
    return row?.id == null ? null : Number(row.id);
  }

  async lowestOutboxId(em: EntityManager): Promise<number | null> {
    const [row] = await em.execute<{ id: string | null }[]>('select min(id)::text as id from outbox_events');
    return row?.id == null ? null : Number(row.id);
  }

  /** published_at is checked again: a row whose transaction took an id below the bound but committed later is unrelayed. */
  async deleteRelayed(em: EntityManager, from: number, to: number, cutoff: Date): Promise<number> {
    const result = await em.execute<QueryResult>(
      'delete from outbox_events where id >= ? and id < ? and published_at < ?',
      [from, to, cutoff],
      'run',
    );
    return result.affectedRows;
  }

  /** Every consumer with rows, one index probe each instead of a scan of the table. */
  async consumers(em: EntityManager): Promise<string[]> {
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

  async lowestProcessedId(em: EntityManager, consumer: string): Promise<number | null> {
    const [row] = await em.execute<{ id: string | null }[]>('select min(event_id)::text as id from processed_events where consumer = ?', [
      consumer,
    ]);
    return row?.id == null ? null : Number(row.id);
  }

  async deleteProcessed(em: EntityManager, consumer: string, from: number, to: number, cutoff: Date): Promise<number> {
    const result = await em.execute<QueryResult>(
      'delete from processed_events where consumer = ? and event_id >= ? and event_id < ? and processed_at < ?',
      [consumer, from, to, cutoff],
      'run',
    );
    return result.affectedRows;
  }
}
