import type { EntityManager } from '@mikro-orm/postgresql';

export interface QueryCursorOptions {
  /** Rows fetched per round trip: what the reader holds at once. */
  batchRows: number;
  /** A reader that stops taking rows gives its connection and snapshot back after this long (the stream then fails). */
  stallSeconds: number;
}

/**
 * The rows of one statement read through a server-side cursor, a batch per round trip, on a connection of its own:
 * an export of 100,000 rows holds one batch in memory, and every batch comes from the one snapshot the cursor
 * started with, so rows committed during the read are neither half in nor skipped. Ending the iteration early (a
 * download that went away) closes the cursor and its transaction.
 */
export async function* queryCursor<T extends object>(
  em: EntityManager,
  sql: string,
  params: unknown[],
  options: QueryCursorOptions,
): AsyncGenerator<T[]> {
  const conn = em.fork();
  await conn.begin({ readOnly: true });
  try {
    // A statement-level setting would outlive the transaction on a pooled connection; set_config(…, true) does not.
    await conn.execute(`select set_config('idle_in_transaction_session_timeout', ?, true)`, [`${options.stallSeconds}s`]);
    await conn.execute(`declare query_cursor no scroll cursor for ${sql}`, params);
    for (;;) {
      const rows = await conn.execute<T[]>(`fetch forward ${Math.trunc(options.batchRows)} from query_cursor`);
      if (!rows.length) return;
      yield rows;
    }
  } finally {
    // Read only: nothing to keep. After a stall the server has ended the session, and the rollback's own failure
    // would only hide the error that ended the read.
    await conn.rollback().catch(() => undefined);
  }
}
