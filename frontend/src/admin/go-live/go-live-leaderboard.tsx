import { QueryStatus } from '../../components/ui/query-status';
import { useAdminAction } from '../use-admin-crud';
import { useGetLeaderboardPlatformsQuery } from '../leaderboard/admin-leaderboard-api';
import { useChooseFeaturedLeaderboardMutation, useGetFeaturedQuery } from './admin-go-live-api';

/** Which casino board the leaderboard overlay shows: a streamer with several partners shows the one they play on. */
export function LeaderboardPanel() {
  const featured = useGetFeaturedQuery();
  const platforms = useGetLeaderboardPlatformsQuery();
  const [choose, chooseState] = useChooseFeaturedLeaderboardMutation();
  const act = useAdminAction();
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
      {others.length > 0 && (
        <>
          <h3 className="go-live__subtitle">Other boards</h3>
          <ul className="go-live__others" aria-label="Other active leaderboards">
            {others.map((p) => (
              <li key={p.id}>
                <span>{p.name}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={chooseState.isLoading}
                  aria-label={`Show ${p.name} on stream`}
                  onClick={() =>
                    void act(() => choose(p.id).unwrap(), `${p.name} is on stream now`, 'Failed to change the leaderboard on stream')
                  }
                >
                  Show on stream
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
