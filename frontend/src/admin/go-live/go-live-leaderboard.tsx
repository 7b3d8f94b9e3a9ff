import { QueryStatus } from '../../components/ui/query-status';
import { useGetLeaderboardPlatformsQuery } from '../leaderboard/admin-leaderboard-api';
import { useChooseFeaturedLeaderboardMutation, useGetFeaturedQuery } from './admin-go-live-api';
import { OthersOnStream } from './go-live-others';

/** Which casino board the leaderboard overlay shows: a streamer with several partners shows the one they play on. */
export function LeaderboardPanel() {
  const featured = useGetFeaturedQuery();
  const platforms = useGetLeaderboardPlatformsQuery();
  const [choose, chooseState] = useChooseFeaturedLeaderboardMutation();
  const featuredId = featured.data?.leaderboard ?? null;
  const active = (platforms.data ?? []).filter((p) => p.is_active);
  const onStream = active.find((p) => p.id === featuredId);
  const others = active.filter((p) => p.id !== featuredId);
  const isLoading = featured.isLoading || platforms.isLoading;
  const isError = featured.isError || platforms.isError;
  return (
    <section className="card go-live__panel" aria-labelledby="go-live-leaderboard">
      <h2 id="go-live-leaderboard">Leaderboard on stream</h2>
      <QueryStatus
        isLoading={isLoading}
        isError={isError}
        isEmpty={!isLoading && !isError && !onStream}
        loadingText="Loading the leaderboards..."
        errorText="Failed to load the leaderboards."
        emptyText="No leaderboard is active. Add one in Leaderboard."
      />
      {onStream && (
        <p className="go-live__title" data-testid="go-live-leaderboard-name">
          {onStream.name}
        </p>
      )}
      <OthersOnStream
        heading="Other boards"
        label="Other active leaderboards"
        kind="leaderboard"
        items={others}
        busy={chooseState.isLoading}
        choose={(id) => choose(id).unwrap()}
      />
    </section>
  );
}
