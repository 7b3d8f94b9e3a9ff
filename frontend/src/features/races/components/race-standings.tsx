import type { RaceStanding } from '@kickback/contracts';
import { racePrizeLabel } from '@kickback/contracts/race-prizes';
import { defaultAvatarUrl, formatAmount } from '../../../lib/format';
import { TableHead } from '../../../components/ui/table-head';

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
                <img src={s.avatar ?? defaultAvatarUrl(s.rank)} alt="" width={28} height={28} loading="lazy" />
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
