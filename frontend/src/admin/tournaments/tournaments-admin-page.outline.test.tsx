import { fireEvent, screen, within } from '@testing-library/react';
import { adminTournamentCreateSchema, type AdminTournament } from '@kickback/contracts';
import { contractAnswer } from '../../test/contract-answer';
import { mockFetch } from '../../test/fetch-polyfill';
import { cup as emptyCup, match } from '../../test/tournament-fixtures';
import { screenOutline } from '../../test/screen-outline';
import TournamentsAdminPage from './tournaments-admin-page';
import * as outline from '../testing/outline-steps';

/** The cup after a first multiplier and a first winner: C waits in the final. */
const cup: AdminTournament = {
  ...emptyCup,
  matches: [{ ...match(1, 1, 1, 'A', 'B'), slot1_multiplier: 12.5 }, match(2, 1, 2, 'C', 'D', 'C'), match(3, 2, 1, null, 'C')],
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
    await outline.recordList(<TournamentsAdminPage />);
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
