import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountExport } from '@kickback/contracts';
import { mockFetch } from '../../../test/fetch-polyfill';
import { recordFetches } from '../../../test/fetch-mocks';
import { renderWithProviders } from '../../../test/render';
import { memberFixture } from '../../../test/fixtures';
import { createdSockets } from '../../../test/socket-io-client-stub';
import { fullPageNavigation } from '../full-page-navigation';
import { AccountDataSection } from './account-data-section';

describe('AccountDataSection', () => {
  it('asks for an archive and offers its download when the worker pushes it built', async () => {
    let latest: AccountExport | null = null;
    mockFetch((request) => {
      if (request.url !== '/api/r/account/export') return undefined;
      if (request.method === 'POST') {
        latest = {
          id: 4,
          status: 'pending',
          requested_at: '2026-11-27T12:00:00.000Z',
          ready_at: null,
          expires_at: null,
          download_url: null,
        };
        return { status: 202, body: { success: true, data: latest } };
      }
      return { body: { success: true, data: latest } };
    });
    renderWithProviders(<AccountDataSection username={memberFixture.username} />, { user: memberFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my archive' }));
    expect(await screen.findByText('Preparing your archive...')).toBeInTheDocument();
    const built: AccountExport = {
      id: 4,
      status: 'ready',
      requested_at: '2026-11-27T12:00:00.000Z',
      ready_at: '2026-11-27T12:00:05.000Z',
      expires_at: '2026-11-29T12:00:05.000Z',
      download_url: '/api/r/account/export/4/download',
    };
    const socket = createdSockets.at(-1)!;
    act(() => socket.serverConnect());
    act(() => socket.serverEmit('user:account-export', built));
    const link = await screen.findByRole('link', { name: 'Download archive' });
    expect(link).toHaveAttribute('href', '/api/r/account/export/4/download');
    expect(screen.getByRole('button', { name: 'Prepare a new archive' })).toBeInTheDocument();
  });

  it('deletes the account only after the username is typed, then leaves as a visitor', async () => {
    const go = jest.spyOn(fullPageNavigation, 'go').mockImplementation(() => undefined);
    const requests = recordFetches((request) => {
      if (request.url === '/api/r/account/export') return { body: { success: true, data: null } };
      if (request.url === '/api/r/account/delete') return { body: { success: true, data: null, message: 'Your account was deleted.' } };
      return undefined;
    });
    renderWithProviders(<AccountDataSection username={memberFixture.username} />, { user: memberFixture });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/Type your username/), { target: { value: memberFixture.username.toUpperCase() } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/account-deleted'));
    expect(JSON.parse(String(requests.find((r) => r.url === '/api/r/account/delete')!.body))).toEqual({
      confirm_username: memberFixture.username.toUpperCase(),
    });
    go.mockRestore();
  });
});
