import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminBadge } from '@kickback/contracts';
import type { AppStore } from '../../app/store';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import BadgesAdminPage from './badges-page';
import { catalogueServer } from '../../test/catalogue-server';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`);

const badge = (over: Partial<AdminBadge> = {}): AdminBadge => ({
  id: 1,
  name: 'Level 10',
  icon: '🔟',
  description: 'Reached level 10',
  rule: { counter: 'level', threshold: 10 },
  holders_count: 2,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});

describe('Badges admin', () => {
  it('creates an admin-granted badge (no rule), edits a rule badge, and deletes one after confirmation', async () => {
    const { requests } = catalogueServer('/api/admin/badges', [badge()], {
      create: (body, id) => badge({ id, ...body, holders_count: 0 }),
      messages: { deleted: 'Badge deleted.' },
    });
    const { store } = renderWithProviders(<BadgesAdminPage />, { user: adminFixture });
    expect((await screen.findByText('Level 10')).closest('tr')).toHaveTextContent('Level reached ≥ 10');

    fireEvent.click(screen.getByRole('button', { name: 'Add Badge' }));
    expect(screen.getByLabelText('Rule: counter')).toHaveValue('');
    expect(screen.queryByLabelText('Rule: threshold')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Founder' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Joined in the first month' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Badge' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Founder created'));
    expect(JSON.parse(String(requests.find((r) => r.method === 'POST')!.body))).toEqual({
      name: 'Founder',
      icon: null,
      description: 'Joined in the first month',
      rule: null,
    });
    expect((await screen.findByText('Founder')).closest('tr')).toHaveTextContent('Granted by admins');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Level 10' }));
    fireEvent.change(screen.getByLabelText('Rule: threshold'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Level 10 updated'));
    expect(JSON.parse(String(requests.find((r) => r.method === 'PUT')!.body)).rule).toEqual({ counter: 'level', threshold: 20 });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Level 10' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('from the 2 members who hold it');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Badge deleted.'));
  });
});
