import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminOverlayToken, OverlayKind } from '@kickback/contracts';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import OverlaysPage from './overlays-page';

const KINDS: OverlayKind[] = ['hunt', 'raffle', 'tournament', 'leaderboard', 'alerts'];

describe('OverlaysPage', () => {
  it('issues a URL (shown once, with copy and preview), rotates after a confirmation and revokes', async () => {
    const state = new Map<OverlayKind, AdminOverlayToken>(
      KINDS.map((kind) => [kind, { kind, active: false, issued_at: null, revoked_at: null }]),
    );
    let issued = 0;
    const requests: TestRequest[] = [];
    mockFetch((request) => {
      requests.push(request);
      if (request.url === '/api/admin/overlays') return { body: { success: true, data: [...state.values()] } };
      const token = request.url.match(/^\/api\/admin\/overlays\/(\w+)\/token$/);
      if (token && request.method === 'POST') {
        const kind = token[1] as OverlayKind;
        issued += 1;
        state.set(kind, { kind, active: true, issued_at: new Date().toISOString(), revoked_at: null });
        return {
          status: 201,
          body: { success: true, data: { kind, token: `tok${issued}`, url: `http://localhost/overlay/${kind}?token=tok${issued}` } },
        };
      }
      if (token && request.method === 'DELETE') {
        const kind = token[1] as OverlayKind;
        state.set(kind, { kind, active: false, issued_at: new Date().toISOString(), revoked_at: new Date().toISOString() });
        return { body: { success: true, data: null, message: 'The overlay URL was revoked.' } };
      }
      return undefined;
    });
    renderWithProviders(<OverlaysPage />, { user: adminFixture });

    const hunt = (await screen.findByRole('heading', { name: 'Bonus Hunt board' })).closest('li')!;
    expect(within(hunt).getByText('No URL issued yet')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);

    fireEvent.click(within(hunt).getByRole('button', { name: 'Generate URL' }));
    const field = await within(hunt).findByLabelText('Browser source URL (shown only now)');
    expect(field).toHaveValue('http://localhost/overlay/hunt?token=tok1');
    expect(within(hunt).getByRole('button', { name: /Copy URL/ })).toBeInTheDocument();
    expect(within(hunt).getByTitle('Bonus Hunt board preview')).toHaveAttribute('src', 'http://localhost/overlay/hunt?token=tok1');
    expect(await within(hunt).findByText(/^Active since/)).toBeInTheDocument();

    fireEvent.click(within(hunt).getByRole('button', { name: 'Rotate URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate overlay URL' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await within(hunt).findByDisplayValue('http://localhost/overlay/hunt?token=tok2')).toBeInTheDocument();

    fireEvent.click(within(hunt).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke overlay URL' })).getByRole('button', { name: 'Revoke' }));
    expect(await within(hunt).findByText(/^Revoked/)).toBeInTheDocument();
    expect(within(hunt).queryByRole('textbox')).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/overlays/hunt/token',
      'POST /api/admin/overlays/hunt/token',
      'DELETE /api/admin/overlays/hunt/token',
    ]);
  });

  it('says so when the overlays cannot be loaded', async () => {
    mockFetch((request) =>
      request.url === '/api/admin/overlays' ? { status: 500, body: { success: false, message: 'down' } } : undefined,
    );
    renderWithProviders(<OverlaysPage />, { user: adminFixture });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load overlays.');
  });
});
