import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KickChannelReward, KickRewardsView } from '@kickback/contracts';
import type { AppStore } from '../../app/store';
import { mockFetch, type TestRequest } from '../../test/fetch-polyfill';
import { adminFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ActivityRewards } from './activity-rewards';

const toasts = (store: AppStore) => store.getState().toasts.items.map((t) => `${t.type}: ${t.message}`);
const reward = (over: Partial<KickChannelReward> = {}): KickChannelReward => ({
  id: '01JREWARD0000000000000000A',
  title: 'Hydrate',
  description: 'Drink water',
  cost: 100,
  enabled: true,
  paused: false,
  skips_queue: false,
  points: null,
  ...over,
});

function serve(view: KickRewardsView, requests: TestRequest[]) {
  mockFetch((r) => {
    requests.push(r);
    if (r.url === '/api/admin/activity/kick-rewards' && r.method === 'GET') return { body: { success: true, data: view } };
    if (r.url === '/api/admin/activity/kick-rewards' && r.method === 'POST')
      return { status: 201, body: { success: true, message: 'Reward created on Kick and mapped.', data: reward({ points: 5 }) } };
    if (r.url === '/api/admin/activity/rewards' && r.method === 'GET') return { body: { success: true, data: [] } };
    if (r.url === '/api/admin/activity/rewards' && r.method === 'POST')
      return { body: { success: true, message: 'Reward mapping saved.', data: [] } };
    return undefined;
  });
}

describe('Channel reward grants', () => {
  it("lists the channel's rewards from Kick and maps one to points without typing its id", async () => {
    const requests: TestRequest[] = [];
    serve({ available: true, reason: null, rewards: [reward()], waiting_decisions: 0 }, requests);
    const { store } = renderWithProviders(<ActivityRewards />, { user: adminFixture });
    const table = within(await screen.findByRole('table', { name: "The channel's rewards on Kick and their points here" }));
    expect(table.getByRole('rowheader', { name: /Hydrate/ })).toBeInTheDocument();
    fireEvent.change(table.getByLabelText('Points for Hydrate'), { target: { value: '40' } });
    fireEvent.click(table.getByRole('button', { name: 'Save grant' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Reward mapping saved.'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ reward_id: '01JREWARD0000000000000000A', title: 'Hydrate', points: 40 });
  });

  it("refuses a grant below the contract's minimum before sending it, and bounds the box by the contract", async () => {
    const requests: TestRequest[] = [];
    serve({ available: true, reason: null, rewards: [reward()], waiting_decisions: 0 }, requests);
    renderWithProviders(<ActivityRewards />, { user: adminFixture });
    const table = within(await screen.findByRole('table', { name: "The channel's rewards on Kick and their points here" }));
    const box = table.getByLabelText('Points for Hydrate');
    expect(box).toHaveAttribute('min', '1');
    expect(box).toHaveAttribute('max', '1000000');
    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.submit(box.closest('form')!);
    expect(await table.findByText('The reward points must be at least 1.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates a reward on Kick with its points here', async () => {
    const requests: TestRequest[] = [];
    serve({ available: true, reason: null, rewards: [], waiting_decisions: 2 }, requests);
    const { store } = renderWithProviders(<ActivityRewards />, { user: adminFixture });
    expect(await screen.findByText('The channel has no rewards on Kick yet: create one below.')).toBeInTheDocument();
    expect(screen.getByTestId('kick-rewards-waiting')).toHaveTextContent('2 redemption decision(s) wait');
    fireEvent.change(screen.getByLabelText(/Reward title/), { target: { value: 'Hydrate' } });
    fireEvent.change(screen.getByLabelText(/Cost \(channel points\)/), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/Points here/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create on Kick' }));
    await waitFor(() => expect(toasts(store)).toContain('success: Reward created on Kick and mapped.'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ title: 'Hydrate', description: '', cost: 100, points: 5 });
  });

  it('says why the rewards cannot be read (no connection, scope missing)', async () => {
    serve(
      {
        available: false,
        reason: 'The connected account did not grant channel:rewards:read: reconnect and allow it.',
        rewards: [],
        waiting_decisions: 0,
      },
      [],
    );
    renderWithProviders(<ActivityRewards />, { user: adminFixture });
    expect(await screen.findByTestId('kick-rewards-unavailable')).toHaveTextContent('did not grant channel:rewards:read');
    expect(screen.queryByRole('button', { name: 'Create on Kick' })).toBeNull();
  });
});
