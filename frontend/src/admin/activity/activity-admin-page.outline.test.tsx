import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { screenOutline } from '../../test/screen-outline';
import ActivityAdminPage from './activity-admin-page';
import { overview, rules } from '../../test/activity-fixtures';
import * as outline from '../testing/outline-steps';

const kickRewards = {
  available: true,
  reason: null,
  waiting_decisions: 2,
  rewards: [
    { id: 'r1', title: 'Hydrate', description: 'Drink water', cost: 500, enabled: true, paused: false, skips_queue: false, points: 100 },
  ],
};

// What a person meets on the screen, recorded before its forms read the contract and compared since.
describe('Activity screen outline', () => {
  outline.freezeClockAt('2026-11-24T11:00:00.000Z');

  it('rules, exclusions and rewards, with the server refusing each form', async () => {
    mockFetch(({ url, method }) => {
      if (method !== 'GET')
        return {
          status: 422,
          body: {
            success: false,
            message: 'Check the fields.',
            errors: { chat_points: ['Too many'], label: ['Unknown name'], title: ['Taken'], points: ['Too many points'] },
          },
        };
      if (url === '/api/admin/activity') return { body: { success: true, data: overview } };
      if (url === '/api/admin/activity/rules') return { body: { success: true, data: rules } };
      if (url === '/api/admin/activity/exclusions')
        return { body: { success: true, data: [{ kick_user_id: 4242, label: 'botrix', created_at: '2026-11-20T10:00:00Z' }] } };
      if (url === '/api/admin/activity/rewards')
        return { body: { success: true, data: [{ reward_id: 'gone', title: 'Old reward', points: 5 }] } };
      if (url === '/api/admin/activity/kick-rewards') return { body: { success: true, data: kickRewards } };
      return undefined;
    });
    outline.renderAsAdmin(<ActivityAdminPage />);
    await screen.findByLabelText('Chat points per interval');
    await screen.findByText('Hydrate');
    expect(screenOutline()).toMatchSnapshot('loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Too many');
    const create = within(screen.getByRole('form', { name: 'Create a reward on Kick' }));
    fireEvent.change(create.getByLabelText('Reward title'), { target: { value: 'Hydrate again' } });
    fireEvent.change(create.getByLabelText('Cost (channel points)'), { target: { value: '100' } });
    fireEvent.change(create.getByLabelText('Points here'), { target: { value: '10' } });
    fireEvent.click(create.getByRole('button', { name: 'Create on Kick' }));
    await screen.findByText('Taken');
    fireEvent.change(screen.getByLabelText('Kick user id'), { target: { value: '77' } });
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'bot2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exclude' }));
    await screen.findByText('Unknown name');
    fireEvent.click(screen.getByRole('button', { name: 'Save grant' }));
    await screen.findByText('Too many points');
    expect(screenOutline()).toMatchSnapshot('refused');
  }, 30_000);
});
