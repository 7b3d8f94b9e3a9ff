/** One redemption of a batch as it arrived. */
export interface BatchRequest {
  userId: number;
  itemId: number;
}

/** An item as the batch read it (not locked: the writes that follow are guarded). */
export interface BatchItem {
  id: number;
  cost: number;
  quantity: number | null;
  max_purchases_per_user: number | null;
  is_active: boolean;
}

/** What the batch read before deciding: items, balances, purchase counters, and which requests opened a slot. */
export interface BatchFacts {
  items: Map<number, BatchItem>;
  balances: Map<number, number>;
  /** Purchases by `${userId}:${itemId}`. */
  purchases: Map<string, number>;
  /** Per request (same index): whether its redemption row was opened; false means its Idempotency-Key was used before. */
  opened: boolean[];
}

export type Verdict = 'accepted' | 'not-found' | 'replay' | 'unavailable' | 'out-of-stock' | 'no-points' | 'limit';

/** The verdicts, and for accepted ones the balance, stock and purchases right after each, as if run one by one. */
export interface BatchPlan {
  verdicts: Verdict[];
  after: ({ balance: number; quantity: number | null; purchases: number } | null)[];
}

export const purchaseKey = (userId: number, itemId: number): string => `${userId}:${itemId}`;

/**
 * Decides a batch in its order exactly as the redemptions would be decided one after another, each check in the
 * order a lone redemption makes them (item, key, on sale, stock, points, limit). The batch's writes are guarded by
 * the same conditions, so a fact that changed since it was read fails the batch instead of breaking a rule.
 */
export function planBatch(requests: readonly BatchRequest[], facts: BatchFacts): BatchPlan {
  const balances = new Map(facts.balances);
  const purchases = new Map(facts.purchases);
  const stock = new Map([...facts.items.values()].map((item) => [item.id, item.quantity]));
  const verdicts: Verdict[] = [];
  const after: BatchPlan['after'] = [];
  requests.forEach((request, i) => {
    const verdict = decide(request, facts.opened[i]!);
    verdicts.push(verdict);
    if (verdict !== 'accepted') return after.push(null);
    const item = facts.items.get(request.itemId)!;
    const balance = (balances.get(request.userId) ?? 0) - item.cost;
    const bought = (purchases.get(purchaseKey(request.userId, request.itemId)) ?? 0) + 1;
    const quantity = item.quantity === null ? null : stock.get(item.id)! - 1;
    balances.set(request.userId, balance);
    purchases.set(purchaseKey(request.userId, request.itemId), bought);
    stock.set(item.id, quantity);
    after.push({ balance, quantity, purchases: bought });
  });
  return { verdicts, after };

  function decide({ userId, itemId }: BatchRequest, opened: boolean): Verdict {
    const item = facts.items.get(itemId);
    if (!item) return 'not-found';
    if (!opened) return 'replay';
    if (!item.is_active) return 'unavailable';
    const left = stock.get(itemId)!;
    if (left !== null && left <= 0) return 'out-of-stock';
    if ((balances.get(userId) ?? 0) < item.cost) return 'no-points';
    const limit = item.max_purchases_per_user;
    if (limit !== null && (purchases.get(purchaseKey(userId, itemId)) ?? 0) >= limit) return 'limit';
    return 'accepted';
  }
}
