import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRedemption, RedemptionStatus, StoreFulfilment, StoreRedemption } from '@kickback/contracts';

/** A redemption as read with its item, its code and its member (the views in store-views.ts shape it). */
export type RedemptionRow = Pick<StoreRedemption, 'status' | 'code'> & {
  id: string;
  item_id: number;
  item_name: string;
  item_image: string | null;
  cost: number;
  created_at: Date;
  username: string;
  kick_username: string | null;
};

const SELECT_REDEMPTION = `
  select r.id::text as id, r.item_id, i.name as item_name, i.image_url as item_image, r.cost, r.status,
         c.code, r.created_at, u.username, u.kick_username
  from store_redemptions r
  join store_items i on i.id = r.item_id
  join users u on u.id = r.user_id
  left join store_codes c on c.redemption_id = r.id`;

/** A redemption locked for a change of status, with what fulfilment needs of its item. */
export type LockedRedemption = Pick<AdminRedemption, 'status' | 'cost'> & {
  id: string;
  user_id: number;
  item_id: number;
  fulfilment: StoreFulfilment;
  value_usd: string;
  item_name: string;
};

/** A row of the admin's redemptions queue as stored. */
export type AdminRedemptionRow = Pick<AdminRedemption, 'status' | 'cost' | 'code' | 'processed_by'> & {
  id: string;
  item_id: number;
  item_name: string;
  fulfilment: StoreFulfilment;
  user_id: number;
  username: string;
  kick_username: string | null;
  created_at: Date;
  processed_at: Date | null;
};

/** Redemption rows: the member's and community's lists, the admin queue, and the status changes of fulfilment. */
@Injectable()
export class StoreRedemptionsRepository {
  async ofMember(em: EntityManager, userId: number, limit: number): Promise<RedemptionRow[]> {
    return em.execute<RedemptionRow[]>(`${SELECT_REDEMPTION} where r.user_id = ? order by r.id desc limit ?`, [userId, limit]);
  }

  async byId(em: EntityManager, id: number): Promise<RedemptionRow | null> {
    const [row] = await em.execute<RedemptionRow[]>(`${SELECT_REDEMPTION} where r.id = ?`, [id]);
    return row ?? null;
  }

  /** Everyone's latest purchases; refunds are not purchases. */
  async latestPurchases(em: EntityManager, limit: number): Promise<RedemptionRow[]> {
    return em.execute<RedemptionRow[]>(`${SELECT_REDEMPTION} where r.status <> 'refunded' order by r.id desc limit ?`, [limit]);
  }

  /** The redemption an Idempotency-Key opened before. */
  async byIdempotencyKey(em: EntityManager, userId: number, key: string): Promise<{ id: string; item_id: number } | null> {
    const [row] = await em.execute<{ id: string; item_id: number }[]>(
      'select id::text as id, item_id from store_redemptions where user_id = ? and idempotency_key = ?',
      [userId, key],
    );
    return row ?? null;
  }

  async lock(em: EntityManager, redemptionId: number): Promise<LockedRedemption | null> {
    const [row] = await em.execute<LockedRedemption[]>(
      `select r.id::text as id, r.user_id, r.item_id, r.cost, r.status, i.fulfilment, i.value_usd::text as value_usd, i.name as item_name
       from store_redemptions r join store_items i on i.id = r.item_id where r.id = ? for update of r`,
      [redemptionId],
    );
    return row ?? null;
  }

  /** Pending code redemptions of an item, oldest first; rows another transaction holds are skipped, not waited for. */
  async lockWaitingForCodes(em: EntityManager, itemId: number): Promise<number[]> {
    const rows = await em.execute<{ id: string }[]>(
      `select r.id::text as id from store_redemptions r join store_items i on i.id = r.item_id
       where r.item_id = ? and r.status = 'pending' and i.fulfilment = 'code' order by r.id for update of r skip locked`,
      [itemId],
    );
    return rows.map((r) => Number(r.id));
  }

  async markProcessed(em: EntityManager, id: string, actorId: number | null): Promise<void> {
    await em.execute(
      `update store_redemptions set status = 'processed', processed_at = now(), processed_by = ? where id = ? and status = 'pending'`,
      [actorId, id],
    );
  }

  async markRefunded(em: EntityManager, id: number, actorId: number): Promise<void> {
    await em.execute(`update store_redemptions set status = 'refunded', refunded_at = now(), processed_by = ? where id = ?`, [actorId, id]);
  }

  async adminCount(em: EntityManager, status: RedemptionStatus | null): Promise<number> {
    const [{ total }] = await em.execute<{ total: number }[]>(
      `select count(*)::int as total from store_redemptions r ${status ? 'where r.status = ?' : ''}`,
      status ? [status] : [],
    );
    return total;
  }

  async pendingCount(em: EntityManager): Promise<number> {
    const [{ pending }] = await em.execute<{ pending: number }[]>(
      `select count(*)::int as pending from store_redemptions where status = 'pending'`,
    );
    return pending;
  }

  /** Pending first (oldest first, the order to work through), then the rest newest first. */
  async adminPage(em: EntityManager, status: RedemptionStatus | null, limit: number, offset: number): Promise<AdminRedemptionRow[]> {
    return em.execute<AdminRedemptionRow[]>(
      `select r.id::text as id, r.status, r.cost, i.id as item_id, i.name as item_name, i.fulfilment, u.id as user_id, u.username, u.kick_username,
              c.code, r.created_at, coalesce(r.processed_at, r.refunded_at) as processed_at, a.username as processed_by
       from store_redemptions r
       join store_items i on i.id = r.item_id
       join users u on u.id = r.user_id
       left join users a on a.id = r.processed_by
       left join store_codes c on c.redemption_id = r.id
       ${status ? 'where r.status = ?' : ''}
       order by (r.status = 'pending') desc, case when r.status = 'pending' then r.id end asc, r.id desc
       limit ? offset ?`,
      [...(status ? [status] : []), limit, offset],
    );
  }
}
