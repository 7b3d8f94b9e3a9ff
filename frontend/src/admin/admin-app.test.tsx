import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminAffiliate, AdminSiteSettings } from '@kickback/contracts';
import { makeStoreFromPageData } from '../app/store';
import { readPageData } from '../lib/page-data';
import { mockFetch } from '../test/fetch-polyfill';
import { adminFixture, memberFixture, settingsFixture } from '../test/fixtures';
import { AdminApp } from './admin-app';
import { recordFetches } from './testing/fetch-mocks';

const adminSettings: AdminSiteSettings = {
  ...settingsFixture,
  terms_text: 'Be nice.',
  privacy_text: 'We keep little.',
  updated_at: '2026-11-22T00:00:00Z',
};

const affiliates: AdminAffiliate[] = [
  {
    id: 1,
    name: 'Stake',
    logo_url: null,
    redirect_url: 'https://stake.example',
    code: 'A',
    benefits: [],
    position: 1,
    is_active: true,
    countries: { mode: 'everywhere', countries: [] },
  },
  {
    id: 2,
    name: 'Roobet',
    logo_url: null,
    redirect_url: 'https://roobet.example',
    code: 'B',
    benefits: [],
    position: 2,
    is_active: true,
    countries: { mode: 'everywhere', countries: [] },
  },
];

function renderAdmin(path: string, user = adminFixture as typeof adminFixture | null) {
  window.history.pushState({}, '', path);
  const store = makeStoreFromPageData(
    readPageData({ user, csrfToken: 'csrf-a', settings: settingsFixture, affiliates: [], leaderboard: null }),
  );
  render(<AdminApp store={store} />);
}

describe('AdminApp', () => {
  it('refuses non-admins with a 403 message', () => {
    renderAdmin('/admin-new', memberFixture);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('gives a moderator Go live alone: the navigation lists it, any other section answers 403 inside the panel', async () => {
    renderAdmin('/admin-new/settings', { ...adminFixture, role: 'moderator' });
    const nav = within(await screen.findByRole('navigation', { name: 'Admin' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Go live']);
    expect(await screen.findByTestId('admin-section-forbidden')).toHaveTextContent('Access Denied');
    expect(screen.queryByLabelText('Site name')).not.toBeInTheDocument();
    expect(screen.getByText('Moderator')).toBeInTheDocument();
  });

  it('refuses anonymous visitors too', () => {
    renderAdmin('/admin-new', null);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('edits site settings with a live theme preview and saves them with PUT', async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/settings' && request.method === 'GET') return { body: { success: true, data: adminSettings } };
      if (request.url === '/api/admin/settings' && request.method === 'PUT')
        return { body: { success: true, data: adminSettings, message: 'Settings updated' } };
      if (request.url === '/api/r/settings') return { body: { success: true, data: settingsFixture } };
      return undefined;
    });
    renderAdmin('/admin-new/settings');

    const nav = within(await screen.findByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Site Settings' })).toHaveAttribute('href', '/admin-new/settings');
    expect(nav.getByRole('link', { name: 'Affiliates' })).toHaveAttribute('href', '/admin-new/affiliates');
    expect(nav.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/admin-new/audit-log');

    const siteName = await screen.findByLabelText('Site name');
    expect(siteName).toHaveValue('Spin City');
    expect(screen.getByLabelText('Terms of Service')).toHaveValue('Be nice.');
    expect(screen.getByLabelText('Casino 1 label')).toHaveValue('Stake');
    expect(screen.getByLabelText('Kick channel slug')).toHaveValue('SpinCity');

    fireEvent.change(screen.getByLabelText('Primary colour'), { target: { value: '#112233' } });
    const preview = screen.getByRole('figure', { name: 'Theme preview' });
    expect(preview.style.getPropertyValue('--color-primary')).toBe('#112233');

    fireEvent.change(screen.getByLabelText('Kick channel slug'), { target: { value: 'spincity' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    });
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.headers.get('x-csrf-token')).toBe('csrf-a');
    expect(JSON.parse(put!.body as string)).toMatchObject({
      theme: { primary_color: '#112233' },
      kick_channel_slug: 'spincity',
      terms_text: 'Be nice.',
    });
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
  });

  it('stops an invalid colour before saving', async () => {
    mockFetch((request) => (request.url === '/api/admin/settings' ? { body: { success: true, data: adminSettings } } : undefined));
    renderAdmin('/admin-new/settings');
    fireEvent.change(await screen.findByLabelText('Accent colour'), { target: { value: 'orange' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Must be a hex colour such as #C66A35')).toBeInTheDocument();
    expect(screen.getByLabelText('Accent colour')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reorders affiliates with the up/down buttons and deletes after confirmation', async () => {
    let list = affiliates;
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/affiliates' && request.method === 'GET') return { body: { success: true, data: list } };
      if (request.url === '/api/admin/affiliates/reorder') {
        const { ids } = JSON.parse(request.body as string) as { ids: number[] };
        list = ids.map((id, index) => ({ ...affiliates.find((a) => a.id === id)!, position: index + 1 }));
        return { body: { success: true } };
      }
      if (request.url === '/api/admin/affiliates/1' && request.method === 'DELETE') {
        list = list.filter((a) => a.id !== 1);
        return { body: { success: true } };
      }
      return undefined;
    });
    renderAdmin('/admin-new/affiliates');

    expect(await screen.findByRole('rowheader', { name: 'Stake' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Stake up' })).toBeDisabled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Move Roobet up' }));
    });
    const reorder = requests.find((r) => r.url === '/api/admin/affiliates/reorder');
    expect(JSON.parse(reorder!.body as string)).toEqual({ ids: [2, 1] });
    await waitFor(() => expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Roobet', 'Stake']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Stake' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete affiliate?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/admin/affiliates/1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Stake' })).not.toBeInTheDocument());
  });

  it('validates and creates an affiliate', async () => {
    const requests = recordFetches((request) => {
      if (request.url === '/api/admin/affiliates' && request.method === 'GET') return { body: { success: true, data: [] } };
      if (request.url === '/api/admin/affiliates' && request.method === 'POST')
        return { body: { success: true, data: { ...affiliates[0], id: 9, name: 'Gamdom' } } };
      return undefined;
    });
    renderAdmin('/admin-new/affiliates');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Affiliate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Affiliate' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Gamdom' } });
    fireEvent.change(screen.getByLabelText('Referral link'), { target: { value: 'https://gamdom.example/r/spin' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SPIN' } });
    fireEvent.change(screen.getByLabelText('Benefits'), { target: { value: 'Free spins\n\n 10% rakeback ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Affiliate' }));
    });
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post!.body as string)).toEqual({
      name: 'Gamdom',
      redirect_url: 'https://gamdom.example/r/spin',
      code: 'SPIN',
      benefits: ['Free spins', '10% rakeback'],
      logo_url: null,
      is_active: true,
      countries: { mode: 'everywhere', countries: [] },
    });
  });
});
