import { screen } from '@testing-library/react';
import type { RaffleTemplate } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import { StartRaffleFromTemplate } from './start-raffle-from-template';

const template: RaffleTemplate = {
  id: 3,
  name: 'Weekly community raffle',
  created_at: '2026-11-27T10:00:00Z',
  settings: {
    description: '',
    image: null,
    prize_description: '$25 gift card',
    prize_value_usd: 25,
    number_of_winners: 1,
    duration_minutes: 30,
    allow_passwordless_entry: true,
    allow_points_entry: false,
    points_per_entry: null,
    max_tickets_per_user: null,
    entry_rules: null,
    claim_window_minutes: 10,
    casino_credit_prize: false,
  },
};

// What a person meets on the form, recorded before it read the contract and compared since.
describe('Start a raffle from a template: outline', () => {
  it('the template picker, its summary and the title', async () => {
    mockFetch(({ url }) => (url === '/api/admin/raffle-templates' ? { body: { success: true, data: [template] } } : undefined));
    renderWithProviders(<StartRaffleFromTemplate />, { user: adminFixture });
    const form = await screen.findByRole('form', { name: 'Start a raffle from a template' });
    expect(screenOutline(form)).toMatchSnapshot('form');
  });
});
