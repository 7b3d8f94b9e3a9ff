import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminReadApiToken } from '@kickback/contracts';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ReadApiPage from './read-api-page';
import { recordFetches, refusedAnswer } from '../testing/fetch-mocks';

const TOKEN = `kbr_${'a'.repeat(43)}`;

describe('ReadApiPage', () => {
  it('creates a token with its scopes, shows it once, lists it by prefix and revokes it after a confirmation', async () => {
    const tokens: AdminReadApiToken[] = [];
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/read-api/tokens' && request.method === 'GET') return { body: { success: true, data: tokens } };
      if (request.url === '/api/admin/read-api/tokens' && request.method === 'POST') {
        const { name, scopes } = JSON.parse(String(request.body)) as Pick<AdminReadApiToken, 'name' | 'scopes'>;
        if (!name) {
          return refusedAnswer({ name: ['Name the token after the tool that uses it'], scopes: ['Choose at least one scope'] });
        }
        const created = {
          id: 7,
          name,
          scopes,
          prefix: TOKEN.slice(0, 8),
          created_by: 'StreamBoss',
          created_at: '2026-11-27T15:00:00.000Z',
          last_used_at: null,
          revoked_at: null,
        };
        tokens.push(created);
        return { status: 201, body: { success: true, data: { ...created, token: TOKEN } } };
      }
      if (request.url === '/api/admin/read-api/tokens/7' && request.method === 'DELETE') {
        tokens[0] = { ...tokens[0]!, revoked_at: '2026-11-27T16:00:00.000Z' };
        return { body: { success: true, data: tokens[0] } };
      }
      return undefined;
    });
    renderWithProviders(<ReadApiPage />, { user: adminFixture });
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New token' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Name the token after the tool that uses it')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one scope')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Stream deck' } });
    fireEvent.click(within(form).getByLabelText('Leaderboard'));
    fireEvent.click(within(form).getByLabelText('Recent winners'));
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));

    expect(await screen.findByLabelText('Token (shown only now)')).toHaveValue(TOKEN);
    const row = (await screen.findByRole('cell', { name: 'Stream deck' })).closest('tr')!;
    expect(row).toHaveTextContent('kbr_aaaa…');
    expect(row).toHaveTextContent('Leaderboard, Recent winners');
    expect(row).not.toHaveTextContent(TOKEN);

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke "Stream deck"' })).getByRole('button', { name: 'Revoke' }));
    expect(await within(row).findByText(/^Revoked/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Token (shown only now)')).toBeNull();
    const writes = requests.filter((r) => r.method !== 'GET');
    // The empty name is refused on screen by the contract and never sent.
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/admin/read-api/tokens', 'DELETE /api/admin/read-api/tokens/7']);
    expect(JSON.parse(String(writes[0]!.body))).toEqual({ name: 'Stream deck', scopes: ['leaderboard', 'winners'] });
  });
});
