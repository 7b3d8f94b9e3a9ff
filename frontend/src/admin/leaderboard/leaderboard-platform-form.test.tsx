import { fireEvent, render, screen } from '@testing-library/react';
import type { AdminPlatform } from '@kickback/contracts';
import { platform } from '../../test/leaderboard-fixtures';
import { LeaderboardPlatformForm } from './leaderboard-platform-form';

const stored = platform({ id: 7, last_updated: null, last_error: null });

function renderForm(initial: AdminPlatform | null) {
  const onSubmit = jest.fn();
  render(
    <LeaderboardPlatformForm
      initial={initial}
      saving={false}
      serverErrors={{ 'source_config.user_id': 'The Roobet user id is required' }}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return onSubmit;
}

describe('LeaderboardPlatformForm', () => {
  it('never shows the stored secret and keeps it when the field is left empty', () => {
    const onSubmit = renderForm(stored);
    const secret = screen.getByLabelText('API token (Bearer)');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'Stored — leave empty to keep');
    expect(screen.getByText('The Roobet user id is required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save Platform' }));
    const input = onSubmit.mock.calls[0][0];
    expect('credentials' in input).toBe(false);
    expect(input).toMatchObject({
      source_type: 'roobet',
      source_config: { user_id: 'aff-1', timeout_ms: 5000 },
      prizes: [1000, 500],
      excluded_usernames: ['streamer'],
    });
  });

  it('replaces or removes the secret on request', () => {
    const onSubmit = renderForm(stored);
    fireEvent.change(screen.getByLabelText('API token (Bearer)'), { target: { value: 'new-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Platform' }));
    expect(onSubmit.mock.calls[0][0].credentials).toBe('new-token');
    fireEvent.change(screen.getByLabelText('API token (Bearer)'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Remove the stored credentials'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Platform' }));
    expect(onSubmit.mock.calls[1][0].credentials).toBeNull();
  });

  it('sends only the chosen source fields, prizes by line and a custom window in UTC', () => {
    const onSubmit = renderForm(null);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Manual' } });
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'manual' } });
    fireEvent.change(screen.getByLabelText('Prizes by rank'), { target: { value: '$1,000\n500.50\n\n' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Start (UTC)'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(screen.getByLabelText('End (UTC)'), { target: { value: '2026-12-15T12:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Platform' }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      source_type: 'manual_csv',
      source_config: {},
      prizes: [1000, 500.5],
      period_type: 'custom',
      custom_start: '2026-12-01T00:00:00.000Z',
      custom_end: '2026-12-15T12:30:00.000Z',
    });
  });
});
