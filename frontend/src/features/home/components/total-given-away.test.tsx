import { screen } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-polyfill';
import { renderWithProviders } from '../../../test/render';
import { TotalGivenAway } from './total-given-away';

/** The figure sits beside `data` in the envelope (the product's contract for this call). */
const answer = (extra: Record<string, unknown>) => ({ body: { success: true, total: 1250, formatted_total: '$1,250.00', ...extra } });

describe('TotalGivenAway', () => {
  it('shows what was paid, leading to the Payouts page, and nothing owed unless the streamer shows it', async () => {
    mockFetch((r) => (r.url === '/api/r/stats/total-given-away' ? answer({}) : undefined));
    renderWithProviders(<TotalGivenAway />);
    expect(await screen.findByText('$1,250.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Total Given Away' })).toHaveAttribute('href', '/payouts');
    expect(screen.queryByTestId('total-pending')).toBeNull();
  });

  it('shows what is still owed apart when the streamer chose to', async () => {
    mockFetch((r) =>
      r.url === '/api/r/stats/total-given-away' ? answer({ pending_total: 250, formatted_pending_total: '$250.00' }) : undefined,
    );
    renderWithProviders(<TotalGivenAway />);
    expect(await screen.findByTestId('total-pending')).toHaveTextContent('$250.00 on its way');
    expect(screen.getByText('$1,250.00')).toBeInTheDocument();
  });
});
