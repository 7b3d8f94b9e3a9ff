import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

export type RedemptionAction = 'accept' | 'reject';

/** kick_redemption_actions: pending redemptions the site acted on, until Kick is told. */
@Injectable()
export class KickRedemptionActionsRepository {
  /** The first decision for a redemption stands (a redelivery or a later status changes nothing). */
  async queue(em: EntityManager, redemptionId: string, action: RedemptionAction): Promise<boolean> {
    const rows = await em.execute(
      `insert into kick_redemption_actions (redemption_id, action) values (?, ?) on conflict (redemption_id) do nothing returning 1`,
      [redemptionId, action],
    );
    return rows.length > 0;
  }

  /** Up to `limit` unsent decisions of one kind, oldest first, locked so two flushes never send the same ids. */
  unsent(em: EntityManager, action: RedemptionAction, limit: number): Promise<{ redemption_id: string }[]> {
    return em.execute<{ redemption_id: string }[]>(
      `select redemption_id from kick_redemption_actions where sent_at is null and action = ?
       order by created_at, redemption_id limit ? for update skip locked`,
      [action, limit],
    );
  }

  async markSent(em: EntityManager, ids: string[], error: string | null): Promise<void> {
    if (!ids.length) return;
    await em.execute(
      `update kick_redemption_actions set sent_at = now(), error = ?
       where redemption_id in (select jsonb_array_elements_text(?::jsonb))`,
      [error, JSON.stringify(ids)],
    );
  }

  async markFailed(em: EntityManager, ids: string[], error: string): Promise<void> {
    if (!ids.length) return;
    await em.execute(`update kick_redemption_actions set error = ? where redemption_id in (select jsonb_array_elements_text(?::jsonb))`, [
      error.slice(0, 300),
      JSON.stringify(ids),
    ]);
  }

  async waiting(em: EntityManager): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from kick_redemption_actions where sent_at is null`);
    return row?.n ?? 0;
  }
}
