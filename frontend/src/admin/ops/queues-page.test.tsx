import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { makeStoreFromPageData } from '../../app/store';
import { readPageData } from '../../lib/page-data';
import { recordFetches } from '../../test/fetch-mocks';
import { adminFixture, settingsFixture } from '../../test/fixtures';
import { AdminApp } from '../admin-app';

describe('Background Jobs admin page', () => {
  it('shows queue counts, lists failed jobs and retries one with the CSRF header', async () => {
    let failed = [
      {
        id: '7',
        name: 'raffle.entries-added',
        failed_reason: 'database unavailable',
        attempts_made: 8,
        failed_at: '2026-11-22T00:00:00Z',
        data: {},
      },
    ];
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/queues')
        return {
          body: {
            success: true,
            data: [{ name: 'domain-events', counts: { wait: 3, active: 1, delayed: 0, failed: failed.length, completed: 120 } }],
          },
        };
      if (request.url === '/api/admin/queues/domain-events/failed') return { body: { success: true, data: failed } };
      if (request.url === '/api/admin/queues/domain-events/jobs/7/retry' && request.method === 'POST') {
        failed = [];
        return { status: 201, body: { success: true, message: 'Job queued again.' } };
      }
      if (request.url === '/api/r/settings') return { body: { success: true, data: settingsFixture } };
      return undefined;
    });
    window.history.pushState({}, '', '/admin-new/queues');
    const store = makeStoreFromPageData(
      readPageData({ user: adminFixture, csrfToken: 'csrf-q', settings: settingsFixture, affiliates: [], leaderboard: null }),
    );
    render(<AdminApp store={store} />);

    expect(await screen.findByRole('heading', { name: 'Background Jobs' })).toBeInTheDocument();
    expect(await screen.findByText('domain-events')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('database unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No failed jobs in domain-events.')).toBeInTheDocument();
    const retry = requests.find((r) => r.method === 'POST')!;
    await waitFor(() => expect(retry.headers.get('x-csrf-token')).toBe('csrf-q'));
  });
});
