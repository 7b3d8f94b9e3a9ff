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
      friends: null,
      safety: null,
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

  it("reads a member's friends badge and drops a malformed one", () => {
    expect(readPageData({ csrfToken: 'abc', user: memberFixture, friends: { pending_count: 3 } }).friends).toEqual({ pending_count: 3 });
    expect(readPageData({ csrfToken: 'abc', user: null, friends: null }).friends).toBeNull();
    expect(readPageData({ csrfToken: 'abc', friends: { pending_count: '3' } }).friends).toBeNull();
    expect(readPageData({ csrfToken: 'abc', friends: { pending_count: 1.5 } }).friends).toBeNull();
  });

  it('tolerates partial data', () => {
    const page = readPageData({ csrfToken: 42, affiliates: 'nope' });
    expect(page).toMatchObject({ injected: true, user: null, csrfToken: '', settings: null, affiliates: null });
  });
});
