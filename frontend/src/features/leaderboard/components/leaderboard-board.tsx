import type { LeaderboardBoard as Board } from '@kickback/contracts';
import { Countdown } from '../../../components/ui/countdown';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { LeaderboardPodium } from './leaderboard-podium';
import { StandingsTable } from './standings-table';

/** One platform's period: dates and countdown, podium, then the table. */
export function LeaderboardBoard({ board, archived = false }: { board: Board; archived?: boolean }) {
  const { current_period: period } = board;
  const empty = board.top_three.length === 0;
  return (
    <div className="leaderboard-board">
      <div className="leaderboard-period card">
        <div>
          <p className="leaderboard-period__dates">
            {formatDate(period.start)} – {formatDate(period.endTimestamp - 1)} (UTC)
          </p>
          {board.last_updated && (
            <p className="leaderboard-period__updated" title={board.last_updated}>
              Last updated {formatRelativeTime(board.last_updated)}
            </p>
          )}
        </div>
        {archived ? (
          <p className="countdown countdown--ended">Ended</p>
        ) : (
          <Countdown endMs={period.endTimestamp} label="Time left in this period" />
        )}
      </div>
      {empty ? (
        <div className="card empty-state">
          <h2 className="empty-state__title">No Wagers Yet</h2>
          <p className="empty-state__text">
            {archived ? 'Nobody wagered in this period.' : 'Wager with our code to be the first on the board!'}
          </p>
        </div>
      ) : (
        <>
          <LeaderboardPodium players={board.top_three} prizes={board.prizes} currencySymbol={board.currency_symbol} />
          <StandingsTable
            podiumCount={board.top_three.length}
            players={board.rest_of_users}
            prizes={board.prizes}
            currencySymbol={board.currency_symbol}
          />
        </>
      )}
    </div>
  );
}
