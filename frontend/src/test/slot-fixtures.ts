import type { SlotCatalogueItem } from '@kickback/contracts';

/** A catalogue slot with no published facts and no play yet; each test sets what it reads. */
export const slotFixture = (overrides: Partial<SlotCatalogueItem> & Pick<SlotCatalogueItem, 'id' | 'name'>): SlotCatalogueItem => ({
  provider: { id: overrides.id * 10, name: 'Pragmatic Play' },
  image_url: null,
  rtp: [],
  volatility: null,
  max_win_x: null,
  release_date: null,
  features: [],
  themes: [],
  figures: {
    times_opened: 0,
    total_bet: 0,
    total_won: 0,
    average_multiplier: null,
    best_multiplier: null,
    biggest_win: null,
    biggest_win_hunt: null,
    last_played_at: null,
  },
  ...overrides,
});
