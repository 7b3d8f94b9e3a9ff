import { parseLeaderboardPreview } from './leaderboard-preview-data';

describe('parseLeaderboardPreview', () => {
  it('is null without cached data', () => {
    expect(parseLeaderboardPreview(null)).toBeNull();
    expect(parseLeaderboardPreview({})).toBeNull();
    expect(parseLeaderboardPreview({ all_leaderboards: { stake: { top_three: [] } } })).toBeNull();
  });

  it('reads the selected platform and falls back to the first one', () => {
    const board = (name: string) => ({
      platform: { name },
      currency_symbol: '€',
      prizes: [{ amount: 300 }, 100],
      current_period: { endTimestamp: 123 },
      top_three: [{ username: 'solo', wagered: '12.5' }],
    });
    const preview = parseLeaderboardPreview({ platforms: [{ slug: 'b' }], all_leaderboards: { a: board('A'), b: board('B') } });
    expect(preview).toEqual({
      platformName: 'B',
      currencySymbol: '€',
      prizes: [300, 100],
      endTimestamp: 123,
      topThree: [{ displayName: 'solo', username: 'solo', avatar: null, wagered: 12.5 }],
    });
  });
});
