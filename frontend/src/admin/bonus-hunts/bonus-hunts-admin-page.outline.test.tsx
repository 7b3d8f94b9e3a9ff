import { fireEvent, screen } from '@testing-library/react';
import type { AdminHuntDetail } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import BonusHuntsAdminPage from './bonus-hunts-admin-page';
import * as outline from '../testing/outline-steps';

const hunt: AdminHuntDetail = {
  id: 5,
  name: 'Bonus Hunt #5',
  status: 'preparing',
  predictions_active: true,
  starting_balance: 100,
  prize_points: [1000, 500],
  games_count: 0,
  predictions_count: 2,
  created_at: '2026-11-22T00:00:00Z',
  completed_at: null,
  scored_at: null,
  games: [],
  statistics: {
    starting_balance: 100,
    winnings: 0,
    average_multiplier: 0,
    break_even_multiplier: 0,
    biggest_win: 0,
    highest_multiplier_game: null,
    projected_end_balance: 100,
    games_count: 0,
    opened_count: 0,
  },
};

const page = (data: unknown[]) => ({
  body: { success: true, data, pagination: { current_page: 1, last_page: 1, per_page: 25, total: data.length } },
});

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Bonus Hunts screen outline', () => {
  it('the new hunt form while none runs', async () => {
    mockFetch(({ url }) => (url.startsWith('/api/admin/bonus-hunts?page=1') ? page([]) : undefined));
    outline.renderAsAdmin(<BonusHuntsAdminPage />);
    await screen.findByRole('button', { name: 'Create Hunt' });
    expect(screenOutline()).toMatchSnapshot('new hunt');
  });

  it('the running hunt: its settings, the slot search and the new slot form', async () => {
    mockFetch(({ url }) => {
      if (url.startsWith('/api/admin/bonus-hunts?page=1')) return page([hunt]);
      if (url === '/api/admin/bonus-hunts/5') return { body: { success: true, data: hunt } };
      if (url.startsWith('/api/admin/hunt-catalogue/slots')) return { body: { success: true, data: [] } };
      if (url === '/api/admin/hunt-catalogue/providers') return { body: { success: true, data: [{ id: 1, name: 'Hacksaw Gaming' }] } };
      return undefined;
    });
    outline.renderAsAdmin(<BonusHuntsAdminPage />);
    await screen.findByRole('button', { name: 'Save Settings' });
    fireEvent.click(screen.getByRole('button', { name: 'New slot…' }));
    await screen.findByRole('option', { name: 'Hacksaw Gaming' });
    expect(screenOutline()).toMatchSnapshot('running hunt');
  });
});
