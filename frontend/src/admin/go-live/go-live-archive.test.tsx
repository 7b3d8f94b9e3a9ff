import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ArchivePanel } from './go-live-archive';

describe('ArchivePanel', () => {
  it('archives the chosen kinds after a confirmation that says what stays, and toasts the count', async () => {
    const requests: TestRequest[] = [];
    mockFetch((r) => {
      requests.push(r);
      if (r.url === '/api/admin/archive')
        return {
          body: {
            success: true,
            data: { raffles: 2, hunts: 1, tournaments: 0, store_items: 0 },
            message: 'Archived 2 ended raffles and 1 completed hunt. Their pages and winners stay.',
          },
        };
      return undefined;
    });
    const { store } = renderWithProviders(<ArchivePanel />, { user: adminFixture });
    fireEvent.click(screen.getByLabelText('Finished tournaments'));
    fireEvent.click(screen.getByLabelText('Sold-out store items'));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive what is over?' });
    expect(dialog).toHaveTextContent('Drawn and cancelled raffles, Completed hunts leave');
    expect(dialog).toHaveTextContent('Their pages, draw verification and winners stay.');
    expect(requests).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => t.message)).toContain(
        'Archived 2 ended raffles and 1 completed hunt. Their pages and winners stay.',
      ),
    );
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ kinds: ['raffles', 'hunts'] });
  });

  it('offers nothing to archive when no kind is chosen', () => {
    renderWithProviders(<ArchivePanel />, { user: adminFixture });
    for (const label of ['Drawn and cancelled raffles', 'Completed hunts', 'Finished tournaments', 'Sold-out store items'])
      fireEvent.click(screen.getByLabelText(label));
    expect(screen.getByRole('button', { name: 'Archive' })).toBeDisabled();
  });
});
