import { screen } from '@testing-library/react';
import type { SlotPublicDetail } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { slotFixture } from '../../../test/slot-fixtures';
import SlotPage from './slot-page';

const gates: SlotPublicDetail = {
  ...slotFixture({
    id: 7,
    name: 'Gates of Olympus',
    provider: { id: 2, name: 'Pragmatic Play' },
    rtp: [96.5],
    volatility: 'high',
    max_win_x: 5000,
  }),
  hunts: [],
};

describe('SlotPage request', () => {
  beforeEach(() => mockFetch((request) => (request.url === '/api/r/slots/7' ? { body: { success: true, data: gates } } : undefined)));

  it('invites a visitor to log in to request the slot', async () => {
    renderWithProviders(<SlotPage />, { user: null, route: '/slots/7', path: '/slots/:id' });
    expect(await screen.findByTestId('login-cta')).toHaveTextContent('to request Gates of Olympus');
    expect(screen.queryByRole('button', { name: 'Request Gates of Olympus' })).not.toBeInTheDocument();
  });

  it('gives a member the Request button', async () => {
    renderWithProviders(<SlotPage />, { user: memberFixture, route: '/slots/7', path: '/slots/:id' });
    expect(await screen.findByRole('button', { name: 'Request Gates of Olympus' })).toBeEnabled();
    expect(screen.queryByTestId('login-cta')).not.toBeInTheDocument();
  });
});
