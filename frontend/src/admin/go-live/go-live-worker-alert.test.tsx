import { screen, waitFor } from '@testing-library/react';
import type { WorkerStatus } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { renderWithProviders } from '../../test/render';
import { WorkerAlert } from './go-live-worker-alert';

function answer(status: WorkerStatus) {
  const fetchMock = mockFetch((r) => (r.url === '/api/admin/worker-status' ? { body: { success: true, data: status } } : undefined));
  renderWithProviders(<WorkerAlert />);
  return fetchMock;
}

describe('WorkerAlert', () => {
  it('warns when the worker has not beaten for over a minute', async () => {
    answer({ status: 'stale', last_beat_at: new Date(Date.now() - 5 * 60_000).toISOString() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The background worker last reported 5 minutes ago: draws, redemptions, XP and Kick upkeep wait until it runs again.',
    );
  });

  it('warns when no worker has ever beaten', async () => {
    answer({ status: 'unknown', last_beat_at: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('The background worker has not reported yet');
  });

  it('says nothing while the worker beats', async () => {
    const fetchMock = answer({ status: 'up', last_beat_at: new Date().toISOString() });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
