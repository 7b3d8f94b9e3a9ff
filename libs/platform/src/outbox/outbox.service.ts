import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventMap, DomainEventType } from '@kickback/contracts';

/**
 * An array-of-objects payload field built from many source rows: one object per row, fields as SQL expressions,
 * gathered with jsonb_agg in `orderBy` order. It makes the statement an aggregate, so `from` groups the rows (one
 * event per group).
 */
export interface JsonAggSql<E> {
  each: JsonObjectSql<E>;
  orderBy: string;
}

/** SQL for one field: an expression, or for a field holding an array of objects, one object per source row. */
type FieldSql<V> = V extends readonly (infer E)[] ? (E extends object ? JsonAggSql<E> : string) : string;

/** SQL for every field of a JSON object P: the compiler asks for every field the contract declares. */
export type JsonObjectSql<P> = { [K in keyof P]-?: FieldSql<P[K]> };

/** SQL expressions, one per payload field of event T. */
export type OutboxPayloadSql<T extends DomainEventType> = JsonObjectSql<DomainEventMap[T]>;

/**
 * Writes a domain event in the caller's transaction, so the event exists exactly when the
 * change that caused it was committed. The worker's relay publishes it afterwards.
 */
@Injectable()
export class OutboxService {
  async add<T extends DomainEventType>(em: EntityManager, type: T, payload: DomainEventMap[T]): Promise<void> {
    await em.execute('insert into outbox_events (type, payload) values (?, ?::jsonb)', [type, JSON.stringify(payload)]);
  }

  /** Many events of one type in one statement, in the given order (group commit). */
  async addMany<T extends DomainEventType>(em: EntityManager, type: T, payloads: DomainEventMap[T][]): Promise<void> {
    if (!payloads.length) return;
    await em.execute(
      'insert into outbox_events (type, payload) select ?, p from jsonb_array_elements(?::jsonb) with ordinality as e(p, ord) order by ord',
      [type, JSON.stringify(payloads)],
    );
  }

  /**
   * The same event as a part of a larger statement (a CTE body): one event per row of `from`, its payload built
   * in SQL. Hot paths that write many rows in one statement (group commit) keep their events in that statement.
   * `from` and the expressions are SQL written in code, never user input; values travel as bound parameters.
   */
  insertSql<T extends DomainEventType>(type: T, payload: OutboxPayloadSql<T>, from: string): string {
    if (!/^[a-z][a-z.-]*$/.test(type)) throw new Error(`not an event type: ${type}`);
    return `insert into outbox_events (type, payload) select '${type}', ${objectSql(payload)} ${from}`;
  }
}

/** jsonb_build_object over the fields; names are written into the SQL, so only plain identifiers pass. */
function objectSql(fields: object): string {
  const parts = Object.entries(fields as Record<string, string | JsonAggSql<object>>).map(([key, sql]) => {
    if (!/^[A-Za-z]\w*$/.test(key)) throw new Error(`not a payload field: ${key}`);
    return `'${key}', ${typeof sql === 'string' ? sql : `jsonb_agg(${objectSql(sql.each)} order by ${sql.orderBy})`}`;
  });
  return `jsonb_build_object(${parts.join(', ')})`;
}
