import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_OVERLAY_SETTINGS, type AdminOverlayToken, type OverlayKind } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import OverlaysPage from './overlays-page';
import { recordFetches } from '../../test/fetch-mocks';

const KINDS: OverlayKind[] = ['hunt', 'raffle', 'tournament', 'leaderboard', 'alerts', 'race', 'poll', 'next-up', 'contest'];

describe('OverlaysPage', () => {
  it('issues a URL (with copy and preview), shows the same URL again, rotates after a confirmation and revokes', async () => {
    const row = (kind: OverlayKind, over: Partial<AdminOverlayToken>): AdminOverlayToken => ({
      kind,
      active: false,
      issued_at: null,
      revoked_at: null,
      url_kept: false,
      settings: DEFAULT_OVERLAY_SETTINGS[kind],
      ...over,
    });
    const state = new Map<OverlayKind, AdminOverlayToken>(KINDS.map((kind) => [kind, row(kind, {})]));
    let issued = 0;
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/overlays') return { body: { success: true, data: [...state.values()] } };
      const token = request.url.match(/^\/api\/admin\/overlays\/(\w+)\/token$/);
      if (token && request.method === 'POST') {
        const kind = token[1] as OverlayKind;
        issued += 1;
        state.set(kind, row(kind, { active: true, issued_at: new Date().toISOString(), url_kept: true }));
        return {
          status: 201,
          body: { success: true, data: { kind, token: `tok${issued}`, url: `http://localhost/overlay/${kind}?token=tok${issued}` } },
        };
      }
      if (token && request.method === 'DELETE') {
        const kind = token[1] as OverlayKind;
        state.set(kind, row(kind, { issued_at: new Date().toISOString(), revoked_at: new Date().toISOString() }));
        return { body: { success: true, data: null, message: 'The overlay URL was revoked.' } };
      }
      const shown = request.url.match(/^\/api\/admin\/overlays\/(\w+)\/url$/);
      if (shown)
        return {
          body: {
            success: true,
            data: { kind: shown[1], token: `tok${issued}`, url: `http://localhost/overlay/${shown[1]}?token=tok${issued}` },
          },
        };
      return undefined;
    });
    renderWithProviders(<OverlaysPage />, { user: adminFixture });

    const hunt = (await screen.findByRole('heading', { name: 'Bonus Hunt board' })).closest('li')!;
    expect(within(hunt).getByText('No URL issued yet')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(KINDS.length);

    fireEvent.click(within(hunt).getByRole('button', { name: 'Generate URL' }));
    const urlLabel = 'Browser source URL (admins only: anyone with it sees this overlay)';
    const field = await within(hunt).findByLabelText(urlLabel);
    expect(field).toHaveValue('http://localhost/overlay/hunt?token=tok1');
    expect(within(hunt).getByRole('button', { name: /Copy URL/ })).toBeInTheDocument();
    expect(within(hunt).getByTitle('Bonus Hunt board preview')).toHaveAttribute('src', 'http://localhost/overlay/hunt?token=tok1');
    expect(await within(hunt).findByText(/^Active since/)).toBeInTheDocument();

    // Hidden and shown again: the same URL, nothing rotated.
    fireEvent.click(within(hunt).getByRole('button', { name: 'Hide URL' }));
    expect(within(hunt).queryByLabelText(urlLabel)).toBeNull();
    fireEvent.click(within(hunt).getByRole('button', { name: 'Show URL' }));
    expect(await within(hunt).findByLabelText(urlLabel)).toHaveValue('http://localhost/overlay/hunt?token=tok1');

    fireEvent.click(within(hunt).getByRole('button', { name: 'Rotate URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate overlay URL' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await within(hunt).findByDisplayValue('http://localhost/overlay/hunt?token=tok2')).toBeInTheDocument();

    fireEvent.click(within(hunt).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke overlay URL' })).getByRole('button', { name: 'Revoke' }));
    expect(await within(hunt).findByText(/^Revoked/)).toBeInTheDocument();
    expect(within(hunt).queryByRole('textbox')).toBeNull();
    expect(requests.filter((r) => r.url !== '/api/admin/overlays').map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/overlays/hunt/token',
      'GET /api/admin/overlays/hunt/url',
      'POST /api/admin/overlays/hunt/token',
      'DELETE /api/admin/overlays/hunt/token',
    ]);
  });

  it("saves an overlay's place, colours, fields and the raffle's lines, and shows the server's field errors", async () => {
    let refuse = true;
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/overlays')
        return {
          body: {
            success: true,
            data: KINDS.map((kind) => ({
              kind,
              active: true,
              issued_at: '2026-11-27T10:00:00Z',
              revoked_at: null,
              url_kept: false,
              settings: DEFAULT_OVERLAY_SETTINGS[kind],
            })),
          },
        };
      if (request.url === '/api/admin/overlays/raffle/settings' && refuse) {
        refuse = false;
        return {
          status: 422,
          body: { success: false, message: 'Invalid input', errors: { x: ['The panel must fit on the 1920 px wide stage.'] } },
        };
      }
      if (request.url === '/api/admin/overlays/raffle/settings') return { body: { success: true, data: JSON.parse(String(request.body)) } };
      return undefined;
    });
    const { store } = renderWithProviders(<OverlaysPage />, { user: adminFixture });
    const raffle = (await screen.findByRole('heading', { name: 'Raffle' })).closest('li')!;
    // A URL from before URLs were kept: no Show URL, and a word on how to get one that can be shown.
    expect(within(raffle).queryByRole('button', { name: 'Show URL' })).toBeNull();
    expect(within(raffle).getByText(/issued before URLs were kept/)).toBeInTheDocument();

    const form = within(raffle).getByRole('form', { name: 'Raffle settings' });
    fireEvent.change(within(form).getByLabelText('Left edge (px)'), { target: { value: '1500' } });
    fireEvent.change(within(form).getByLabelText('Width (px)'), { target: { value: '600' } });
    fireEvent.change(within(form).getByLabelText('Highlight colour'), { target: { value: 'accent_color' } });
    fireEvent.click(within(form).getByLabelText('Latest entrants'));
    fireEvent.change(within(form).getByLabelText('How to enter'), { target: { value: 'Type !join in chat' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('The panel must fit on the 1920 px wide stage.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Left edge (px)'), { target: { value: '1300' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((t) => t.message)).toContain('Raffle: settings saved; open overlays show them now'),
    );
    const saved = requests.filter((r) => r.url === '/api/admin/overlays/raffle/settings' && r.method === 'PUT').at(-1)!;
    expect(JSON.parse(String(saved.body))).toEqual({
      ...DEFAULT_OVERLAY_SETTINGS.raffle,
      x: 1300,
      width: 600,
      accent: 'accent_color',
      hidden: ['entrants'],
      how_to_enter: 'Type !join in chat',
    });
    expect(within(form).queryByText('The panel must fit on the 1920 px wide stage.')).toBeNull();
  });

  it('says so when the overlays cannot be loaded', async () => {
    mockFetch((request) =>
      request.url === '/api/admin/overlays' ? { status: 500, body: { success: false, message: 'down' } } : undefined,
    );
    renderWithProviders(<OverlaysPage />, { user: adminFixture });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load overlays.');
  });
});
