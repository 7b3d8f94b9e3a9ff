import type { StoreItem } from '@kickback/contracts';
import { REDEEM_BUTTON_LABELS, redeemButtonState } from './redeem-button-state';

const item = (over: Partial<StoreItem> = {}): StoreItem => ({
  id: 1,
  name: 'Cap',
  description: '',
  image: null,
  cost: 500,
  quantity: 5,
  max_purchases_per_user: 2,
  user_purchases: 0,
  category: 'merch',
  fulfilment: 'manual',
  is_casino_bonus: false,
  ...over,
});

describe('store button (SPEC §4)', () => {
  it.each([
    ['affordable', item(), 1000, null, 'Redeem'],
    ['exactly affordable', item(), 500, null, 'Redeem'],
    ['too expensive', item(), 499, null, 'Not Enough Points'],
    ['sold out', item({ quantity: 0 }), 1000, null, 'Out of Stock'],
    ['negative stock reads as sold out', item({ quantity: -1 }), 1000, null, 'Out of Stock'],
    ['unlimited stock', item({ quantity: null }), 1000, null, 'Redeem'],
    ['limit reached', item({ user_purchases: 2 }), 1000, null, 'Purchase Limit Reached'],
    ['no limit', item({ max_purchases_per_user: null, user_purchases: 40 }), 1000, null, 'Redeem'],
    ['this one in flight', item(), 1000, 1, 'Redeeming...'],
  ] as const)('%s → %s', (_name, it, points, inFlight, label) => {
    expect(REDEEM_BUTTON_LABELS[redeemButtonState(it, points, inFlight)]).toBe(label);
  });

  it('allows only one redemption in flight: other buttons are disabled while one runs', () => {
    expect(redeemButtonState(item({ id: 2 }), 1000, 1)).toBe('busy');
  });
});
