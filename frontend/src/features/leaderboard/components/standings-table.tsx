import { useMemo, useState } from 'react';
import type { LeaderboardPlayer } from '@kickback/contracts';
import { formatAmount } from '../../../lib/format';
import { filterPlayers, prizeFor, tableRows } from '../leaderboard-view';
import { TableHead } from '../../../components/ui/table-head';
import { SearchInput } from '../../../components/ui/search-input';
import { PlayerPicture } from '../../../components/ui/player-picture';

interface StandingsTableProps {
  podiumCount: number;
  players: LeaderboardPlayer[];
  prizes: number[];
  currencySymbol: string;
}

/** Everyone after the podium, with the 'Search players...' box that filters only this table. */
export function StandingsTable({ podiumCount, players, prizes, currencySymbol }: StandingsTableProps) {
  const [query, setQuery] = useState('');
  const rows = useMemo(() => tableRows(podiumCount, players), [podiumCount, players]);
  const shown = useMemo(() => filterPlayers(rows, query), [rows, query]);
  if (rows.length === 0) return null;
  return (
    <section className="card leaderboard-table-card" aria-label="Standings">
      <SearchInput
        className="leaderboard-search"
        placeholder="Search players..."
        aria-label="Search players"
        value={query}
        onChange={setQuery}
      />
      <div className="leaderboard-table-wrap">
        <table className="leaderboard-table">
          <TableHead columns={['Rank', 'Player', 'Wagered', 'Prize']} />
          <tbody>
            {shown.map((row) => {
              const prize = prizeFor(prizes, row.rank);
              return (
                <tr key={`${row.rank}-${row.username}`}>
                  <td className="leaderboard-table__rank">#{row.rank}</td>
                  <td>
                    <span className="leaderboard-table__player">
                      <PlayerPicture className="leaderboard-table__avatar" avatar={row.avatar} seed={row.rank} size={28} />
                      {row.displayName}
                    </span>
                  </td>
                  <td className="leaderboard-table__amount">{formatAmount(row.wagered, currencySymbol)}</td>
                  <td className="leaderboard-table__amount">{prize === null ? '—' : formatAmount(prize, currencySymbol)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {shown.length === 0 && <p className="leaderboard-table__empty">No players found matching "{query.trim()}"</p>}
      </div>
    </section>
  );
}
