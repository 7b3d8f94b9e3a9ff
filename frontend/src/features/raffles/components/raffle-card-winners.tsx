import type { RaffleUser } from '@kickback/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { CARD_WINNERS_SHOWN } from '../raffle-logic';
import { personName } from '../../../lib/person-name';

/** SPEC §2/§9: up to 3 winners, then 'and N more winner(s)'. */
export function RaffleCardWinners({ winners }: { winners: RaffleUser[] }) {
  if (!winners.length) return null;
  const shown = winners.slice(0, CARD_WINNERS_SHOWN);
  const more = winners.length - shown.length;
  return (
    <div className="raffle-card__winners" aria-label="Winners">
      <span className="raffle-card__winners-title">Winners</span>
      <ul>
        {shown.map((w) => (
          <li key={w.id}>
            <Avatar user={w} name={personName(w)} size={20} />
            <span>{personName(w)}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="raffle-card__more">and {more} more winner(s)</p>}
    </div>
  );
}
