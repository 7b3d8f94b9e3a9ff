import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SAFETY_MESSAGES, type ViewerSafety } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { viewerSafetyFixture as standing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TakeABreakSection } from './take-a-break-section';

jest.mock('../../../lib/http', () => ({ ...jest.requireActual('../../../lib/http'), reloadPage: jest.fn() }));
const { reloadPage } = jest.requireMock('../../../lib/http') as { reloadPage: jest.Mock };

function renderWith(safety: ViewerSafety) {
  return renderWithProviders(<TakeABreakSection />, { safety });
}

describe('TakeABreakSection', () => {
  it('says what a break does and that it cannot be shortened before it starts one, then reloads the page', async () => {
    const requests = recordFetches((request) => {
      return request.url === '/api/r/safety/break' ? { status: 201, body: { success: true, data: { period: '7d' } } } : undefined;
    });
    renderWith(standing());
    expect(screen.getByRole('link', { name: 'BeGambleAware' })).toHaveAttribute('href', 'https://www.begambleaware.org');
    fireEvent.change(screen.getByLabelText('How long'), { target: { value: '7d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    expect(screen.getByText(SAFETY_MESSAGES.breakConfirm('7 days'))).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Start my break' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ period: '7d', confirm: true });
  });

  it('shows a running break with its end and offers nothing to shorten it', () => {
    mockFetch(() => undefined);
    renderWith(standing({ offers: false, break: { period: 'until_asked', started_at: '2026-11-29T00:00:00Z', ends_at: null } }));
    expect(screen.getByRole('status')).toHaveTextContent('until you ask an admin to end it. It cannot be shortened.');
    expect(screen.queryByRole('button', { name: 'Take a break' })).toBeNull();
  });
});
