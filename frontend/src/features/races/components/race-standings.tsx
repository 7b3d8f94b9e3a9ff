import type { RaceStanding } from '@kickback/contracts';
import { racePrizeLabel } from '@kickback/contracts/race-prizes';
import { formatAmount } from '../../../lib/format';
import { TableHead } from '../../../components/ui/table-head';
import { PlayerPicture } from '../../../components/ui/player-picture';

/** The race's placed players in rank order, each with what they wagered inside the race and the prize of their place. */
export function RaceStandings({ standings, currencySymbol }: { standings: RaceStanding[]; currencySymbol: string }) {
  if (standings.length === 0) return <p className="race-muted">Nobody is placed yet.</p>;
  return (
    <table className="race-table" aria-label="Race standings">
      <TableHead columns={['Rank', 'Player', 'Wagered', 'Prize']} />
      <tbody>
        {standings.map((s) => (
          <tr key={`${s.rank}-${s.username}`} data-testid="race-standing">
            <td>#{s.rank}</td>
            <td>
              <span className="race-table__player">
                <PlayerPicture avatar={s.avatar} seed={s.rank} size={28} />
                {s.displayName}
              </span>
            </td>
            <td>{formatAmount(s.wagered, currencySymbol)}</td>
            <td>{s.prize ? racePrizeLabel(s.prize, currencySymbol) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
