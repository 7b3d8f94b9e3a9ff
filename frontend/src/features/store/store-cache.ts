import type { CommunityPurchase, StoreData, StoreRedemption } from '@kickback/contracts';

/** How many entries the two lists keep, as the server sends them. */
export const LIST_LENGTH = 10;

/** 'store:purchase': someone bought something; the list grows and the item's stock drops for everyone. */
export function applyPurchase(
  draft: StoreData,
  push: { purchase: CommunityPurchase; item: { id: number; quantity: number | null } },
): void {
  applyStock(draft, push.item.id, push.item.quantity);
  if (draft.community_purchases.some((p) => p.id === push.purchase.id)) return;
  draft.community_purchases.unshift(push.purchase);
  draft.community_purchases.sort((a, b) => b.id - a.id);
  draft.community_purchases.length = Math.min(draft.community_purchases.length, LIST_LENGTH);
}

export function applyStock(draft: StoreData, itemId: number, quantity: number | null): void {
  const item = draft.store_items.find((i) => i.id === itemId);
  if (item) item.quantity = quantity;
}

/** The member's own redemption changed (processed, refunded, code delivered) or is new to this page. */
export function applyOwnRedemption(draft: StoreData, redemption: StoreRedemption): void {
  const index = draft.recent_redemptions.findIndex((r) => r.id === redemption.id);
  if (index >= 0) draft.recent_redemptions[index] = redemption;
  else {
    draft.recent_redemptions.unshift(redemption);
    draft.recent_redemptions.sort((a, b) => b.id - a.id);
    draft.recent_redemptions.length = Math.min(draft.recent_redemptions.length, LIST_LENGTH);
  }
  if (redemption.status === 'refunded') {
    draft.community_purchases = draft.community_purchases.filter((p) => p.id !== redemption.id);
  }
}

/** After a successful redeem: the answer carries the new balance, stock and the member's count. */
export function applyRedeemResult(
  draft: StoreData,
  result: { redemption: StoreRedemption; user_points: number; item: { id: number; quantity: number | null; user_purchases: number } },
): void {
  draft.user_points = result.user_points;
  const item = draft.store_items.find((i) => i.id === result.item.id);
  if (item) {
    item.quantity = result.item.quantity;
    item.user_purchases = result.item.user_purchases;
  }
  applyOwnRedemption(draft, result.redemption);
}
