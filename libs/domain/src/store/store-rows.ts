import type { EntityManager } from '@mikro-orm/postgresql';
import type { CommunityPurchase, RedemptionStatus, StoreRedemption } from '@kickback/contracts';

interface RedemptionRow {
  id: string;
  item_id: number;
  item_name: string;
  item_image: string | null;
  cost: number;
  status: RedemptionStatus;
  code: string | null;
  created_at: Date;
  username?: string;
}

const SELECT_REDEMPTION = `
  select r.id::text as id, r.item_id, i.name as item_name, i.image_url as item_image, r.cost, r.status,
         c.code, r.created_at, u.username
  from store_redemptions r
  join store_items i on i.id = r.item_id
  join users u on u.id = r.user_id
  left join store_codes c on c.redemption_id = r.id`;

function toRedemption(r: RedemptionRow): StoreRedemption {
  return {
    id: Number(r.id),
    item: { id: r.item_id, name: r.item_name, image: r.item_image, cost: r.cost },
    created_at: new Date(r.created_at).toISOString(),
    is_processed: r.status === 'processed',
    status: r.status,
    // A code is the member's prize: only once it is delivered, and only to them (callers scope by user).
    code: r.status === 'processed' ? r.code : null,
  };
}

/** The member's own latest redemptions, newest first (SPEC §3 recent_redemptions). */
export async function memberRedemptions(em: EntityManager, userId: number, limit = 10): Promise<StoreRedemption[]> {
  const rows = await em.execute<RedemptionRow[]>(`${SELECT_REDEMPTION} where r.user_id = ? order by r.id desc limit ?`, [userId, limit]);
  return rows.map(toRedemption);
}

export async function redemptionById(em: EntityManager, id: number): Promise<(StoreRedemption & { username: string }) | null> {
  const [row] = await em.execute<RedemptionRow[]>(`${SELECT_REDEMPTION} where r.id = ?`, [id]);
  return row ? { ...toRedemption(row), username: row.username ?? '' } : null;
}

/** Everyone's latest purchases, without codes (SPEC §3 community_purchases). Refunds are not purchases. */
export async function communityPurchases(em: EntityManager, limit = 10): Promise<CommunityPurchase[]> {
  const rows = await em.execute<RedemptionRow[]>(`${SELECT_REDEMPTION} where r.status <> 'refunded' order by r.id desc limit ?`, [limit]);
  return rows.map((r) => ({
    id: Number(r.id),
    item: { id: r.item_id, name: r.item_name, image: r.item_image, cost: r.cost },
    user: { username: r.username ?? '' },
    created_at: new Date(r.created_at).toISOString(),
  }));
}
