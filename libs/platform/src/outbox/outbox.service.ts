import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventMap, DomainEventType } from '@kickback/contracts';

/** SQL expressions, one per payload field of event T: the compiler asks for every field the contract declares. */
export type OutboxPayloadSql<T extends DomainEventType> = { [K in keyof DomainEventMap[T]]-?: string };

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
    const fields = Object.entries(payload as Record<string, string>).map(([key, sql]) => {
      if (!/^[A-Za-z]\w*$/.test(key)) throw new Error(`not a payload field: ${key}`);
      return `'${key}', ${sql}`;
    });
    return `insert into outbox_events (type, payload) select '${type}', jsonb_build_object(${fields.join(', ')}) ${from}`;
  }
}
