import { storeItemInputSchema, storeQuerySchema } from './store';

describe('store contracts', () => {
  it('defaults the store query to category all and price_asc, and refuses unknown filters', () => {
    expect(storeQuerySchema.parse({})).toEqual({ search: '', category: 'all', price_range: '', sort: 'price_asc' });
    expect(storeQuerySchema.safeParse({ price_range: '10000+', sort: 'popular' }).success).toBe(true);
    expect(storeQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
    expect(storeQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });

  it('validates items: whole positive cost, empty quantity or limit means unlimited, dollars with 2 decimals', () => {
    const ok = storeItemInputSchema.parse({ name: ' Cap ', cost: 100, category: 'Merch' });
    expect(ok).toMatchObject({
      name: 'Cap',
      quantity: null,
      max_purchases_per_user: null,
      category: 'merch',
      fulfilment: 'manual',
      value_usd: '0',
      is_active: true,
    });
    const bad = storeItemInputSchema.safeParse({
      name: '',
      cost: 1.5,
      quantity: -1,
      max_purchases_per_user: 0,
      category: 'all',
      value_usd: '1.234',
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => String(i.path[0])));
    expect([...fields].sort()).toEqual(['category', 'cost', 'max_purchases_per_user', 'name', 'quantity', 'value_usd']);
  });
});
