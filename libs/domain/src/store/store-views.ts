import type { CommunityPurchase, StoreRedemption } from '@kickback/contracts';
import type { RedemptionRow } from './store-redemptions.repository';

export function toRedemption(r: RedemptionRow): StoreRedemption {
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

/** Everyone's purchases carry no code. */
export function toCommunityPurchase(r: RedemptionRow): CommunityPurchase {
  return {
    id: Number(r.id),
    item: { id: r.item_id, name: r.item_name, image: r.item_image, cost: r.cost },
    user: { username: r.username, kick_username: r.kick_username },
    created_at: new Date(r.created_at).toISOString(),
  };
}
