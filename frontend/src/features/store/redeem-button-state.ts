import type { StoreItem } from '@kickback/contracts';

export type RedeemButtonState = 'redeem' | 'redeeming' | 'out-of-stock' | 'limit-reached' | 'not-enough-points' | 'busy';

export const REDEEM_BUTTON_LABELS: Record<RedeemButtonState, string> = {
  redeem: 'Redeem',
  redeeming: 'Redeeming...',
  'out-of-stock': 'Out of Stock',
  'limit-reached': 'Purchase Limit Reached',
  'not-enough-points': 'Not Enough Points',
  // Another item is being redeemed: only one redemption may be in flight (SPEC §5).
  busy: 'Redeem',
};

export const isOutOfStock = (item: Pick<StoreItem, 'quantity'>): boolean => item.quantity !== null && item.quantity <= 0;

export const isLimitReached = (item: Pick<StoreItem, 'max_purchases_per_user' | 'user_purchases'>): boolean =>
  item.max_purchases_per_user !== null && item.user_purchases >= item.max_purchases_per_user;

/** SPEC §4 store button: the first rule that applies wins; only 'redeem' is clickable. */
export function redeemButtonState(item: StoreItem, points: number, inFlightId: number | null): RedeemButtonState {
  if (inFlightId === item.id) return 'redeeming';
  if (isOutOfStock(item)) return 'out-of-stock';
  if (isLimitReached(item)) return 'limit-reached';
  if (points < item.cost) return 'not-enough-points';
  if (inFlightId !== null) return 'busy';
  return 'redeem';
}
