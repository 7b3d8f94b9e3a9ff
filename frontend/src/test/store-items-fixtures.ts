import type { AdminStoreItem } from '@kickback/contracts';

/** Answers the store items screen's tests share. */
export const item = (over: Partial<AdminStoreItem>): AdminStoreItem => ({
  id: 1,
  name: 'Gift Card',
  description: '',
  image_url: null,
  cost: 4000,
  quantity: 10,
  max_purchases_per_user: null,
  category: 'gift-cards',
  is_active: true,
  fulfilment: 'code',
  is_casino_bonus: false,
  value_usd: '10.00',
  redemptions_count: 2,
  pending_count: 1,
  codes_available: 0,
  codes_total: 2,
  created_at: '2026-11-22T00:00:00Z',
  updated_at: '2026-11-22T00:00:00Z',
  ...over,
});
