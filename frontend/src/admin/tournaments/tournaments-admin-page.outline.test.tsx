import { fireEvent, screen, within } from '@testing-library/react';
import { adminTournamentCreateSchema, type AdminTournament } from '@kickback/contracts';
import { contractAnswer } from '../../test/contract-answer';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import TournamentsAdminPage from './tournaments-admin-page';

const cup: AdminTournament = {
  id: 3,
  name: 'Cup',
  size: 4,
  is_active: true,
  predictions_active: true,
  matches_count: 3,
  predictions_count: 0,
  progress: 0,
  winner: null,
  prize_points: [100],
  created_at: '2026-11-22T00:00:00Z',
  completed_at: null,
  matches: [
    {
      id: 1,
      round: 1,
      match_number: 1,
      slot1_name: 'A',
      slot2_name: 'B',
      slot1_multiplier: 12.5,
      slot2_multiplier: null,
      winner_name: null,
    },
    {
      id: 2,
      round: 1,
      match_number: 2,
      slot1_name: 'C',
      slot2_name: 'D',
      slot1_multiplier: null,
      slot2_multiplier: null,
      winner_name: 'C',
    },
    {
      id: 3,
      round: 2,
      match_number: 1,
      slot1_name: null,
      slot2_name: 'C',
      slot1_multiplier: null,
      slot2_multiplier: null,
      winner_name: null,
    },
  ],
};

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Tournaments screen outline', () => {
  it('list, new form with its errors, bracket editor', async () => {
    mockFetch(({ url, method, body }) => {
      if (url === '/api/admin/tournaments' && method === 'POST') return contractAnswer(adminTournamentCreateSchema, body);
      if (url === '/api/admin/tournaments') return { body: { success: true, data: [cup] } };
      if (url === '/api/admin/tournaments/3') return { body: { success: true, data: cup } };
      return undefined;
    });
    renderWithProviders(<TournamentsAdminPage />, { user: adminFixture });
    await screen.findAllByRole('row');
    expect(screenOutline()).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'New Tournament' }));
    const form = screen.getByRole('form', { name: 'New tournament' });
    fireEvent.change(within(form).getByLabelText('Size'), { target: { value: '4' } });
    expect(screenOutline(form)).toMatchSnapshot('new form');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Tournament' }));
    await within(form).findByText('The name is required.');
    expect(screenOutline(form)).toMatchSnapshot('new form with errors');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Prize points (top predictors)' }), { target: { value: '1000, x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Tournament' }));
    expect(screenOutline(form)).toMatchSnapshot('new form with bad prize points');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Manage Cup' }));
    await screen.findByTestId('admin-match-1');
    expect(screenOutline(screen.getByRole('region', { name: 'Bracket: Cup' }))).toMatchSnapshot('bracket editor');
  });
});
