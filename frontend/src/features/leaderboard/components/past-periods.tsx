import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useGetLeaderboardPeriodQuery, useGetLeaderboardPeriodsQuery } from '../leaderboard-api';
import { LeaderboardBoard } from './leaderboard-board';

/** Finished periods of one platform, newest first; choosing one shows its final standings. */
export function PastPeriods({ slug }: { slug: string }) {
  const { data, isLoading, isError } = useGetLeaderboardPeriodsQuery(slug);
  const archived = (data?.periods ?? []).filter((p) => p.status === 'archived');
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? archived[0]?.id ?? null;
  const detail = useGetLeaderboardPeriodQuery({ slug, id: selected ?? 0 }, { skip: selected === null });

  if (isLoading) return <p role="status">Loading past periods...</p>;
  if (isError) return <p className="leaderboard-table__empty">Past periods could not be loaded.</p>;
  if (archived.length === 0) {
    return (
      <div className="card empty-state">
        <h2 className="empty-state__title">No Past Periods</h2>
        <p className="empty-state__text">Finished periods will appear here.</p>
      </div>
    );
  }
  return (
    <div className="leaderboard-past">
      <label className="leaderboard-past__picker">
        <span>Period</span>
        <select className="input" value={selected ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
          {archived.map((p) => (
            <option key={p.id} value={p.id}>
              {formatDate(p.start)} – {formatDate(p.endTimestamp - 1)} ({p.entry_count} players)
            </option>
          ))}
        </select>
      </label>
      {detail.isFetching && !detail.data && <p role="status">Loading period...</p>}
      {detail.data && <LeaderboardBoard board={detail.data.board} archived />}
    </div>
  );
}
