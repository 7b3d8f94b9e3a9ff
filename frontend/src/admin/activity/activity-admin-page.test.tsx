import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ActivityAdminPage from './activity-admin-page';
import { overview, rules } from '../../test/activity-fixtures';
import { recordFetches } from '../testing/fetch-mocks';

describe('ActivityAdminPage', () => {
  it('shows the live state, awards, deliveries with their verification result, and saves the rules', async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/activity') return { body: { success: true, data: overview } };
      if (request.url === '/api/admin/activity/rules')
        return request.method === 'PUT'
          ? { body: { success: true, data: { ...rules, chat_points: 8 }, message: 'Earning rules saved.' } }
          : { body: { success: true, data: rules } };
      if (request.url === '/api/admin/activity/exclusions') return { body: { success: true, data: [] } };
      if (request.url === '/api/admin/activity/rewards') return { body: { success: true, data: [] } };
      if (request.url === '/api/admin/activity/kick-rewards')
        return { body: { success: true, data: { available: true, reason: null, rewards: [], waiting_decisions: 0 } } };
      return undefined;
    });
    renderWithProviders(<ActivityAdminPage />, { user: adminFixture });
    expect(await screen.findByTestId('admin-live-state')).toHaveTextContent('Live since');
    const deliveries = within(screen.getByRole('region', { name: 'Recent Kick deliveries' }));
    expect(deliveries.getByText('bad-signature')).toBeInTheDocument();
    expect(deliveries.getByText('awarded')).toBeInTheDocument();
    // A gift whose gifter Kick hides is named as such.
    expect(deliveries.getByText('anonymous · from Anonymous')).toBeInTheDocument();
    expect(screen.getByText('1,250')).toBeInTheDocument();
    expect(screen.getByText("No excluded accounts. Add your chat bots and the streamer's own account.")).toBeInTheDocument();

    const points = await screen.findByLabelText('Chat points per interval');
    fireEvent.change(points, { target: { value: '8' } });
    // Typed as chat shows it; the "!" is not part of the word.
    fireEvent.change(screen.getByLabelText('Chat keyword to enter the raffle on stream'), { target: { value: '!enter' } });
    expect(screen.getByText('Viewers type it after "!" in chat, as in !enter. Letters and digits.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ ...rules, chat_points: 8, join_keyword: 'enter' });
  });
});
