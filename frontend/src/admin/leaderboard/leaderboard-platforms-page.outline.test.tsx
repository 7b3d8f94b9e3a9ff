import { fireEvent, screen } from '@testing-library/react';
import type { LeaderboardFetchRecord } from '@kickback/contracts';
import { platformInputSchema } from '@kickback/contracts/api/leaderboard';
import { contractAnswer } from '../../test/contract-answer';
import { mockFetch } from '../../test/fetch-polyfill';
import { platform } from '../../test/leaderboard-fixtures';
import { screenOutline } from '../../test/screen-outline';
import LeaderboardPlatformsPage from './leaderboard-platforms-page';
import * as outline from '../testing/outline-steps';

const platforms = [
  platform({}),
  platform({
    id: 2,
    name: 'Manual',
    slug: 'manual',
    source_type: 'manual_csv',
    source_config: {},
    credentials: 'not set',
    period_type: 'custom',
    custom_start: '2026-12-01T00:00:00.000Z',
    custom_end: '2026-12-15T12:30:00.000Z',
    is_active: false,
    display_order: 1,
    last_updated: null,
    last_error: null,
  }),
];

const fetches: LeaderboardFetchRecord[] = [
  {
    id: 3,
    trigger: 'schedule',
    started_at: '2026-11-29T08:00:00.000Z',
    finished_at: '2026-11-29T08:00:01.000Z',
    ok: false,
    entry_count: null,
    error: 'HTTP 401 from Roobet',
    duration_ms: 812,
  },
  {
    id: 2,
    trigger: 'manual',
    started_at: '2026-11-28T08:00:00.000Z',
    finished_at: '2026-11-28T08:00:01.000Z',
    ok: true,
    entry_count: 42,
    error: null,
    duration_ms: 640,
  },
];

// What a person meets on the screen, recorded before it became a declaration and compared since.
describe('Leaderboard platforms screen outline', () => {
  outline.freezeClockAt('2026-11-29T09:00:00.000Z');

  // Eleven states in one walk: on a machine shared by several test runs it can outlast jest's default 5 s.
  it('list, new form with its errors, other sources and a custom period, edit form, panels, delete confirmation', async () => {
    mockFetch(({ url, method, body }) => {
      if (url === '/api/admin/leaderboard/platforms' && method === 'GET') return { body: { success: true, data: platforms } };
      if (url === '/api/admin/leaderboard/platforms' && method === 'POST') return contractAnswer(platformInputSchema, body);
      if (url.endsWith('/fetches')) return { body: { success: true, data: url.includes('/1/') ? fetches : [] } };
      return undefined;
    });
    await outline.recordList(<LeaderboardPlatformsPage />);

    fireEvent.click(screen.getByRole('button', { name: 'Add Platform' }));
    expect(screenOutline(screen.getByRole('form'))).toMatchSnapshot('new form');
    fireEvent.click(screen.getByRole('button', { name: 'Create Platform' }));
    await screen.findByText('Name is required');
    expect(screenOutline()).toMatchSnapshot('new form with errors');
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'generic_json' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    expect(screenOutline(screen.getByRole('form'))).toMatchSnapshot('new form, generic JSON source and custom period');
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'stake' } });
    expect(screenOutline(screen.getByRole('form'))).toMatchSnapshot('new form, Stake source');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Roobet' }));
    expect(screenOutline()).toMatchSnapshot('edit form, credentials stored');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Manual' }));
    expect(screenOutline(screen.getByRole('form'))).toMatchSnapshot('edit form, manual source and custom period');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'History of Roobet' }));
    await screen.findByText('42');
    expect(screenOutline()).toMatchSnapshot('history panel');
    fireEvent.click(screen.getByRole('button', { name: 'Import and history of Manual' }));
    await screen.findByText('No fetches yet.');
    expect(screenOutline()).toMatchSnapshot('import and history panel');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Roobet' }));
    expect(screenOutline(screen.getByRole('dialog'))).toMatchSnapshot('delete confirmation');
  }, 30_000);

  outline.itRecordsEmptyAndFailedLists(() => <LeaderboardPlatformsPage />, /No platforms yet/, 'Failed to load platforms.');
});
