import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppStore } from '../../app/store';
import { mockFetch } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { achievement } from '../../test/achievement-fixtures';
import { renderWithProviders } from '../../test/render';
import AchievementsAdminPage from './achievements-page';
import { catalogueServer } from '../../test/catalogue-server';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`);

describe('Achievements admin', () => {
  it('lists, validates and creates one with its rule, archives one, and deletes one after confirmation', async () => {
    const { requests } = catalogueServer('/api/admin/achievements', [achievement()], {
      create: (body, id) => achievement({ id, ...body, unlocked_count: 0 }),
      messages: { created: 'Achievement created.', deleted: 'Achievement deleted.' },
    });
    const { store } = renderWithProviders(<AchievementsAdminPage />, { user: adminFixture });
    const row = (await screen.findByText('Raffle Regular')).closest('tr')!;
    expect(row).toHaveTextContent('Raffle entries ≥ 10');
    expect(row).toHaveTextContent('Active');

    fireEvent.click(screen.getByRole('button', { name: 'Add Achievement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Achievement' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Social Butterfly' } });
    fireEvent.change(screen.getByLabelText('Icon'), { target: { value: '🦋' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'social' } });
    fireEvent.change(screen.getByLabelText('Rule: counter'), { target: { value: 'friends' } });
    fireEvent.change(screen.getByLabelText('Rule: threshold'), { target: { value: 'five' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Achievement' }));
    expect(await screen.findByText('The threshold must be a number.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Rule: threshold'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Achievement' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Social Butterfly created'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({
      name: 'Social Butterfly',
      icon: '🦋',
      description: '',
      category: 'social',
      rule: { counter: 'friends', threshold: 5 },
      active: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Archive Raffle Regular' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Raffle Regular archived'));
    expect(JSON.parse(String(requests.find((r) => r.method === 'PUT')!.body)).active).toBe(false);
    expect(await screen.findByRole('button', { name: 'Restore Raffle Regular' })).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Social Butterfly' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Achievement deleted.'));
    await waitFor(() => expect(screen.queryByText('Social Butterfly')).toBeNull());
  });

  it('shows the empty catalogue and the load failure', async () => {
    mockFetch(() => ({ body: { success: true, data: [] } }));
    const first = renderWithProviders(<AchievementsAdminPage />, { user: adminFixture });
    expect(await screen.findByText('No achievements yet. Add one to give members something to unlock.')).toBeInTheDocument();
    first.unmount();
    mockFetch(() => ({ status: 500, body: { success: false, message: 'boom' } }));
    renderWithProviders(<AchievementsAdminPage />, { user: adminFixture });
    expect(await screen.findByText('Failed to load achievements.')).toBeInTheDocument();
  });
});
