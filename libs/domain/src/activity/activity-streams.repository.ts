import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The streams as recorded (activity_streams): which one covered a moment, for events that arrive late. */
@Injectable()
export class ActivityStreamsRepository {
  /**
   * The stream that was live at `at` (started at or before it, not ended before it), or null. Streams follow each other
   * in id order, so the newest that started by then is found walking the primary key back (no index on times).
   */
  async streamAt(em: EntityManager, at: Date): Promise<string | null> {
    const [row] = await em.execute<{ id: string }[]>(
      `select id::text as id from (
         select id, ended_at from activity_streams where started_at <= ? order by id desc limit 1
       ) latest where ended_at is null or ended_at >= ?`,
      [at, at],
    );
    return row?.id ?? null;
  }
}
