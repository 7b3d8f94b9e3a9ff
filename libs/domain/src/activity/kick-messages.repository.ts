import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Rows per delete statement: each commits on its own, so the purge never holds a long transaction. */
const PURGE_CHUNK = 5_000;

/** The Kick message ids already applied (kick_messages): kept so a redelivery within the retention applies nothing. */
@Injectable()
export class KickMessagesRepository {
  /** Deletes ids first received more than `days` ago, in chunks (index kick_messages_received); answers how many. */
  async purgeOlderThan(em: EntityManager, days: number, chunk = PURGE_CHUNK): Promise<number> {
    let purged = 0;
    for (;;) {
      const rows = await em.execute<{ message_id: string }[]>(
        `delete from kick_messages where message_id in (
           select message_id from kick_messages where received_at < now() - make_interval(days => ?) limit ?
         ) returning message_id`,
        [days, chunk],
      );
      purged += rows.length;
      if (rows.length < chunk) return purged;
    }
  }
}
