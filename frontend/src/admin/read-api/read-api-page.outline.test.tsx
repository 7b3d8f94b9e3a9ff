import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminReadApiToken } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import ReadApiPage from './read-api-page';
import * as outline from '../testing/outline-steps';
import { refusedAnswer } from '../testing/fetch-mocks';

const TOKEN = `kbr_${'b'.repeat(43)}`;

const tokens: AdminReadApiToken[] = [
  {
    id: 1,
    name: 'Stream deck',
    scopes: ['leaderboard', 'winners'],
    prefix: 'kbr_aaaa',
    created_by: 'StreamBoss',
    created_at: '2026-11-27T15:00:00.000Z',
    last_used_at: '2026-11-28T10:00:00.000Z',
    revoked_at: null,
  },
  {
    id: 2,
    name: 'Old bot',
    scopes: ['raffles'],
    prefix: 'kbr_cccc',
    created_by: null,
    created_at: '2026-11-20T15:00:00.000Z',
    last_used_at: null,
    revoked_at: '2026-11-21T15:00:00.000Z',
  },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Read API screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  it('list, the form with its errors, the new token, revoke confirmation', async () => {
    mockFetch(({ url, method, body }) => {
      if (url === '/api/admin/read-api/tokens' && method === 'GET') return { body: { success: true, data: tokens } };
      if (url === '/api/admin/read-api/tokens' && method === 'POST') {
        const { name, scopes } = JSON.parse(String(body)) as Pick<AdminReadApiToken, 'name' | 'scopes'>;
        if (!name) return refusedAnswer({ name: ['Name the token after the tool that uses it'], scopes: ['Choose at least one scope'] });
        const created = { ...tokens[0]!, id: 3, name, scopes, prefix: TOKEN.slice(0, 8), last_used_at: null };
        return { status: 201, body: { success: true, data: { ...created, token: TOKEN } } };
      }
      return undefined;
    });
    await outline.recordList(<ReadApiPage />);
    const form = screen.getByRole('form', { name: 'New token' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    await within(form).findByText('Choose at least one scope');
    expect(screenOutline(form)).toMatchSnapshot('form with errors');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Bot' } });
    fireEvent.click(within(form).getByLabelText('Raffles'));
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    await screen.findByLabelText('Token (shown only now)');
    expect(screenOutline()).toMatchSnapshot('the new token shown once');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('revoke confirmation');
  });

  outline.itRecordsEmptyAndFailedLists(() => <ReadApiPage />, 'No tokens yet.', 'Failed to load tokens.');
});
