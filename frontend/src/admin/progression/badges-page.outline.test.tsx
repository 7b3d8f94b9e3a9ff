import { fireEvent, screen } from '@testing-library/react';
import type { AdminBadge } from '@kickback/contracts';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import BadgesAdminPage from './badges-page';

const badges: AdminBadge[] = [
  {
    id: 1,
    name: 'Level 10',
    icon: '🔟',
    description: 'Reached level 10',
    rule: { counter: 'level', threshold: 10 },
    holders_count: 1500,
    created_at: '2026-11-01T00:00:00.000Z',
  },
  { id: 2, name: 'Founder', icon: null, description: '', rule: null, holders_count: 2, created_at: '2026-11-02T00:00:00.000Z' },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Badges screen outline', () => {
  it('list, new form with its errors, edit forms with and without a rule, delete confirmation', async () => {
    mockFetch(({ url, method }) =>
      url === '/api/admin/badges' && method === 'GET' ? { body: { success: true, data: badges } } : undefined,
    );
    renderWithProviders(<BadgesAdminPage />, { user: adminFixture });
    await screen.findAllByRole('row');
    expect(screenOutline()).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'Add Badge' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Badge' }));
    await screen.findByText('The name field is required.');
    expect(screenOutline()).toMatchSnapshot('new form with errors');
    fireEvent.change(screen.getByLabelText('Rule: counter'), { target: { value: 'level' } });
    fireEvent.change(screen.getByLabelText('Rule: threshold'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Badge' }));
    await screen.findByText('The threshold must be a number.');
    expect(screenOutline()).toMatchSnapshot('new form with a rule and its error');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Level 10' }));
    expect(screenOutline()).toMatchSnapshot('edit form with a rule');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Founder' }));
    expect(screenOutline()).toMatchSnapshot('edit form without a rule');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Level 10' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('delete confirmation');
  });

  it('empty and failed lists', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const { unmount } = renderWithProviders(<BadgesAdminPage />, { user: adminFixture });
    await screen.findByText('No badges yet.');
    expect(screenOutline()).toMatchSnapshot('empty');
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<BadgesAdminPage />, { user: adminFixture });
    await screen.findByText('Failed to load badges.');
    expect(screenOutline()).toMatchSnapshot('failed');
  });
});
