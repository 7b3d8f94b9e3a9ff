import type { LeaderboardPlayer } from '@kickback/contracts';
import { formatAmount } from '../../../lib/format';
import { prizeFor } from '../leaderboard-view';
import { PlayerPicture } from '../../../components/ui/player-picture';

const PLACES = ['1st', '2nd', '3rd'] as const;

interface PodiumProps {
  players: LeaderboardPlayer[];
  prizes: number[];
  currencySymbol: string;
}

/** The top three: avatar, name, wagered amount and prize badge. */
export function LeaderboardPodium({ players, prizes, currencySymbol }: PodiumProps) {
  if (players.length === 0) return null;
  return (
    <ol className="leaderboard-podium" aria-label="Top three">
      {players.map((player, index) => {
        const prize = prizeFor(prizes, index + 1);
        return (
          <li key={`${player.username}-${index}`} className={`leaderboard-podium__place leaderboard-podium__place--${index + 1} card`}>
            <span className="leaderboard-podium__rank">{PLACES[index]}</span>
            <PlayerPicture className="leaderboard-podium__avatar" avatar={player.avatar} seed={index} size={80} name={player.displayName} />
            <span className="leaderboard-podium__name">{player.displayName}</span>
            <span className="leaderboard-podium__wagered">{formatAmount(player.wagered, currencySymbol)}</span>
            <span className="leaderboard-podium__label">Wagered</span>
            {prize !== null && <span className="leaderboard-prize-badge">{formatAmount(prize, currencySymbol)}</span>}
          </li>
        );
      })}
    </ol>
  );
}
