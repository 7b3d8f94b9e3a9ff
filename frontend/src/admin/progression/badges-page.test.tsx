import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminBadge } from '@kickback/contracts';
import type { AppStore } from '../../app/store';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import BadgesAdminPage from './badges-page';
import { recordFetches } from '../testing/fetch-mocks';

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
    let list = [badge()];
    const requests = recordFetches((r) => {
      if (r.url === '/api/admin/badges' && r.method === 'GET') return { body: { success: true, data: list } };
      if (r.url === '/api/admin/badges' && r.method === 'POST') {
        list = [...list, badge({ id: 2, ...JSON.parse(String(r.body)), holders_count: 0 })];
        return { status: 201, body: { success: true, data: list[1] } };
      }
      if (r.url === '/api/admin/badges/1' && r.method === 'PUT') {
        list = list.map((b) => (b.id === 1 ? { ...b, ...JSON.parse(String(r.body)) } : b));
        return { body: { success: true, data: list[0] } };
      }
      if (r.url === '/api/admin/badges/1' && r.method === 'DELETE') {
        list = list.filter((b) => b.id !== 1);
        return { body: { success: true, message: 'Badge deleted.' } };
      }
      return undefined;
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
