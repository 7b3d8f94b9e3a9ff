import type { StoreData, StoreRedemption } from '@kickback/contracts';
import { applyOwnRedemption, applyPurchase, applyRedeemResult } from './store-cache';

const summary = { id: 3, name: 'Cap', image: null, cost: 500 };
const data = (): StoreData => ({
  user_points: 1000,
  store_items: [
    {
      id: 3,
      name: 'Cap',
      description: '',
      image: null,
      cost: 500,
      quantity: 4,
      max_purchases_per_user: 1,
      user_purchases: 0,
      category: 'merch',
      fulfilment: 'manual',
      is_casino_bonus: false,
    },
  ],
  recent_redemptions: [],
  community_purchases: [],
  categories: ['merch'],
});
const own = (status: StoreRedemption['status'], code: string | null = null): StoreRedemption => ({
  id: 9,
  item: summary,
  created_at: '2026-11-22T01:00:00Z',
  is_processed: status === 'processed',
  status,
  code,
});

describe('store cache updates', () => {
  it('a community purchase is listed once and lowers the stock', () => {
    const draft = data();
    const push = {
      purchase: { id: 9, item: summary, user: { username: 'ann', kick_username: 'ann' }, created_at: 'x' },
      item: { id: 3, quantity: 3 },
    };
    applyPurchase(draft, push);
    applyPurchase(draft, push);
    expect(draft.community_purchases).toHaveLength(1);
    expect(draft.store_items[0]!.quantity).toBe(3);
  });

  it('a redeem answer sets points, stock, count and adds the pending entry; a push then marks it processed', () => {
    const draft = data();
    applyRedeemResult(draft, { redemption: own('pending'), user_points: 500, item: { id: 3, quantity: 3, user_purchases: 1 } });
    expect(draft).toMatchObject({
      user_points: 500,
      store_items: [{ quantity: 3, user_purchases: 1 }],
      recent_redemptions: [{ id: 9, status: 'pending' }],
    });
    applyOwnRedemption(draft, own('processed', 'ABC-123'));
    expect(draft.recent_redemptions).toEqual([own('processed', 'ABC-123')]);
  });

  it('a refund removes the purchase from the community list', () => {
    const draft = data();
    draft.community_purchases = [{ id: 9, item: summary, user: { username: 'me', kick_username: null }, created_at: 'x' }];
    applyOwnRedemption(draft, own('refunded'));
    expect(draft.community_purchases).toEqual([]);
  });
});
