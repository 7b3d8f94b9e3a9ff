import { planBatch, purchaseKey, type BatchFacts, type BatchItem } from './redemption-batch-plan';

const item = (fields: Partial<BatchItem> & { id: number }): BatchItem => ({
  cost: 100,
  quantity: null,
  max_purchases_per_user: null,
  is_active: true,
  ...fields,
});

function facts(
  items: BatchItem[],
  balances: [number, number][],
  opened: boolean[],
  purchases: [number, number, number][] = [],
): BatchFacts {
  return {
    items: new Map(items.map((i) => [i.id, i])),
    balances: new Map(balances),
    purchases: new Map(purchases.map(([userId, itemId, n]) => [purchaseKey(userId, itemId), n])),
    opened,
  };
}

describe('planBatch', () => {
  it('checks in the order a lone redemption does: item, key, on sale, stock, points, limit', () => {
    const items = [item({ id: 1, is_active: false }), item({ id: 2, quantity: 0 }), item({ id: 3, max_purchases_per_user: 1 })];
    const plan = planBatch(
      [
        { userId: 7, itemId: 99 }, // no such item, even with its key used before
        { userId: 7, itemId: 1 }, // key used before: replayed, although the item is hidden now
        { userId: 7, itemId: 1 }, // hidden item, although the member has no points
        { userId: 7, itemId: 2 }, // sold out, although the member has no points
        { userId: 7, itemId: 3 }, // no points, although the limit is reached too
        { userId: 8, itemId: 3 }, // the limit
      ],
      facts(
        items,
        [
          [7, 0],
          [8, 1000],
        ],
        [false, false, true, true, true, true],
        [
          [7, 3, 1],
          [8, 3, 1],
        ],
      ),
    );
    expect(plan.verdicts).toEqual(['not-found', 'replay', 'unavailable', 'out-of-stock', 'no-points', 'limit']);
    expect(plan.after).toEqual([null, null, null, null, null, null]);
  });

  it('carries balances, purchases and stock from one redemption to the next, and only accepted ones change them', () => {
    const plan = planBatch(
      [
        { userId: 1, itemId: 5 },
        { userId: 2, itemId: 5 },
        { userId: 1, itemId: 5 },
        { userId: 1, itemId: 5 }, // limit of 2 reached: nothing taken
        { userId: 2, itemId: 5 }, // 50 left after one: not enough points
        { userId: 3, itemId: 5 }, // the last one in stock
        { userId: 1, itemId: 6 }, // another item: its own stock and counter, the same balance
      ],
      facts(
        [item({ id: 5, quantity: 4, max_purchases_per_user: 2 }), item({ id: 6, cost: 300 })],
        [
          [1, 1000],
          [2, 150],
          [3, 100],
        ],
        Array(7).fill(true),
      ),
    );
    expect(plan.verdicts).toEqual(['accepted', 'accepted', 'accepted', 'limit', 'no-points', 'accepted', 'accepted']);
    expect(plan.after).toEqual([
      { balance: 900, quantity: 3, purchases: 1 },
      { balance: 50, quantity: 2, purchases: 1 },
      { balance: 800, quantity: 1, purchases: 2 },
      null,
      null,
      { balance: 0, quantity: 0, purchases: 1 },
      { balance: 500, quantity: null, purchases: 1 },
    ]);
  });

  it('a member without a wallet has no points', () => {
    expect(planBatch([{ userId: 4, itemId: 1 }], facts([item({ id: 1, cost: 1 })], [], [true])).verdicts).toEqual(['no-points']);
  });
});
