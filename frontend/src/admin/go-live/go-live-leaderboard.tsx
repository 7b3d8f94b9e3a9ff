import { useGetLeaderboardPlatformsQuery } from '../leaderboard/admin-leaderboard-api';
import { useChooseFeaturedLeaderboardMutation, useGetFeaturedQuery } from './admin-go-live-api';
import { OnStreamPanel } from './go-live-others';

/** Which casino board the leaderboard overlay shows: a streamer with several partners shows the one they play on. */
export function LeaderboardPanel() {
  const featured = useGetFeaturedQuery();
  const platforms = useGetLeaderboardPlatformsQuery();
  const [choose, chooseState] = useChooseFeaturedLeaderboardMutation();
  const featuredId = featured.data?.leaderboard ?? null;
  const active = (platforms.data ?? []).filter((p) => p.is_active);
  const onStream = active.find((p) => p.id === featuredId);
  return (
    <OnStreamPanel
      id="go-live-leaderboard"
      title="Leaderboard on stream"
      queries={[featured, platforms]}
      texts={{
        loading: 'Loading the leaderboards...',
        error: 'Failed to load the leaderboards.',
        empty: 'No leaderboard is active. Add one in Leaderboard.',
      }}
      others={{
        heading: 'Other boards',
        label: 'Other active leaderboards',
        kind: 'leaderboard',
        items: active.filter((p) => p.id !== featuredId),
        busy: chooseState.isLoading,
        choose: (id) => choose(id).unwrap(),
      }}
    >
      {onStream && (
        <p className="go-live__title" data-testid="go-live-leaderboard-name">
          {onStream.name}
        </p>
      )}
    </OnStreamPanel>
  );
}
