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
    });
  });

  it('reads the injected session, settings and caches', () => {
    const page = readPageData({ user: memberFixture, csrfToken: 'abc', settings: settingsFixture, affiliates: [], leaderboard: null });
    expect(page).toMatchObject({ injected: true, user: memberFixture, csrfToken: 'abc', settings: settingsFixture, affiliates: [] });
  });

  it('tolerates partial data', () => {
    const page = readPageData({ csrfToken: 42, affiliates: 'nope' });
    expect(page).toMatchObject({ injected: true, user: null, csrfToken: '', settings: null, affiliates: null });
  });
});
