import { fireEvent, screen } from '@testing-library/react';
import { adminRaffleCreateSchema, adminRaffleUpdateSchema } from '@kickback/contracts';
import { contractAnswer } from '../../test/contract-answer';
import { mockFetch } from '../../test/fetch-polyfill';
import { raffle } from '../../test/raffle-fixtures';
import { screenOutline } from '../../test/screen-outline';
import RafflesAdminPage from './raffles-admin-page';
import * as outline from '../testing/outline-steps';

/** A raffle with every option and a rule set, so the edit form shows them all. */
const chair = raffle({
  description: 'A gaming chair',
  allow_points_entry: true,
  points_per_entry: 50,
  max_tickets_per_user: 4,
  has_password_entry: true,
  prize_description: 'Chair',
  prize_value_usd: 250,
  entry_rules: {
    followers_only: true,
    subscribers_only: false,
    min_level: 3,
    min_account_age_days: null,
    min_watch_minutes: null,
    min_chat_messages: null,
    activity_days: null,
    exclude_winners_days: 7,
    subscriber_multiplier: null,
  },
  claim_window_minutes: 10,
});

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Raffles screen outline', () => {
  it('list, new form with its errors, edit form with its options and rules', async () => {
    mockFetch(({ url, method, body }) => {
      if (url.startsWith('/api/admin/raffles?page=1'))
        return { body: { success: true, data: [chair], pagination: { current_page: 1, last_page: 1, per_page: 25, total: 1 } } };
      if (url === '/api/admin/raffles' && method === 'POST') return contractAnswer(adminRaffleCreateSchema, body);
      if (url === '/api/admin/raffles/5' && method === 'PUT') return contractAnswer(adminRaffleUpdateSchema, body);
      return undefined;
    });
    outline.renderAsAdmin(<RafflesAdminPage />);
    await screen.findAllByRole('row');
    expect(screenOutline(screen.getByRole('table'))).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'New Raffle' }));
    const form = () => screen.getByRole('form');
    // Dates follow the clock: the outline keeps their labels, not their values.
    const dateless = () => screenOutline(form()).map((line) => line.replace(/= "\d{4}-\d\d-\d\dT\d\d:\d\d"/, '= "<date>"'));
    expect(dateless()).toMatchSnapshot('new form');
    // An empty title is refused by the browser before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(dateless()).toMatchSnapshot('new form after an empty submit');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Points entry' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Followers only' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Number of winners' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Points per ticket' }), { target: { value: '-1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Minimum level' }), { target: { value: '-2' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Desk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('At least 1 winner.');
    expect(dateless()).toMatchSnapshot('new form with points, rules and their errors');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Chair' }));
    expect(dateless()).toMatchSnapshot('edit form');
  });
});
