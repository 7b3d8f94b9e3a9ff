import { memberFixture, settingsFixture } from '../test/fixtures';
import { readPageData } from './page-data';

describe('readPageData', () => {
  it('works without injected data (vite dev)', () => {
    expect(readPageData(undefined)).toEqual({
      injected: false,
      user: null,
      csrfToken: '',
      settings: null,
      affiliates: null,
      leaderboard: null,
      live: null,
    });
  });

  it('reads the injected session, settings and caches', () => {
    const page = readPageData({ user: memberFixture, csrfToken: 'abc', settings: settingsFixture, affiliates: [], leaderboard: null });
    expect(page).toMatchObject({ injected: true, user: memberFixture, csrfToken: 'abc', settings: settingsFixture, affiliates: [] });
  });

  it('reads the live state and drops a malformed one', () => {
    const live = { is_live: true, started_at: '2026-11-24T10:00:00.000Z', ended_at: null };
    expect(readPageData({ csrfToken: 'abc', live }).live).toEqual(live);
    expect(readPageData({ csrfToken: 'abc', live: { is_live: 'yes' } }).live).toBeNull();
  });

  it('tolerates partial data', () => {
    const page = readPageData({ csrfToken: 42, affiliates: 'nope' });
    expect(page).toMatchObject({ injected: true, user: null, csrfToken: '', settings: null, affiliates: null });
  });
});
