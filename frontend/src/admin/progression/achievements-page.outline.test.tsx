import { fireEvent, screen } from '@testing-library/react';
import { achievement } from '../../test/achievement-fixtures';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { screenOutline } from '../../test/screen-outline';
import AchievementsAdminPage from './achievements-page';

const achievements = [
  achievement({ unlocked_count: 1234, created_at: '2026-11-01T00:00:00.000Z' }),
  achievement({
    id: 2,
    name: 'Old Friend',
    icon: null,
    description: '',
    category: 'social',
    rule: { counter: 'friends', threshold: 3 },
    active: false,
    unlocked_count: 0,
    created_at: '2026-11-02T00:00:00.000Z',
  }),
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Achievements screen outline', () => {
  it('list, new form with its errors, edit form, delete confirmation', async () => {
    mockFetch(({ url, method }) =>
      url === '/api/admin/achievements' && method === 'GET' ? { body: { success: true, data: achievements } } : undefined,
    );
    renderWithProviders(<AchievementsAdminPage />, { user: adminFixture });
    await screen.findAllByRole('row');
    expect(screenOutline()).toMatchSnapshot('list');
    fireEvent.click(screen.getByRole('button', { name: 'Add Achievement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Achievement' }));
    await screen.findByText('The name field is required.');
    expect(screenOutline()).toMatchSnapshot('new form with errors');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Raffle Regular' }));
    expect(screenOutline()).toMatchSnapshot('edit form');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Raffle Regular' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('delete confirmation');
  });

  it('empty and failed lists', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const { unmount } = renderWithProviders(<AchievementsAdminPage />, { user: adminFixture });
    await screen.findByText(/No achievements yet/);
    expect(screenOutline()).toMatchSnapshot('empty');
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<AchievementsAdminPage />, { user: adminFixture });
    await screen.findByText('Failed to load achievements.');
    expect(screenOutline()).toMatchSnapshot('failed');
  });
});
