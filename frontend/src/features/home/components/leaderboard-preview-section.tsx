import { Link } from 'react-router-dom';
import { Countdown } from '../../../components/ui/countdown';
import { formatAmount } from '../../../lib/format';
import type { LeaderboardPreview } from '../leaderboard-preview-data';
import { OfferNotice } from '../../../components/ui/offer-notice';
import { PlayerPicture } from '../../../components/ui/player-picture';

const PLACES = ['1st', '2nd', '3rd'] as const;

export function LeaderboardPreviewSection({ preview }: { preview: LeaderboardPreview }) {
  return (
    <section className="home-section container" aria-labelledby="leaderboard-preview-title">
      <div className="home-section__header">
        <div>
          <h2 id="leaderboard-preview-title" className="home-section__title">
            {preview.platformName} Leaderboard
          </h2>
          <p className="home-section__lead">Top wagerers this period</p>
          <OfferNotice />
        </div>
        {preview.endTimestamp > 0 && <Countdown endMs={preview.endTimestamp} label="Leaderboard period ends in" />}
      </div>
      <ol className="podium">
        {preview.topThree.map((player, index) => (
          <li key={`${player.username}-${index}`} className={`podium__place podium__place--${index + 1} card`}>
            <span className="podium__rank">{PLACES[index]}</span>
            <PlayerPicture className="podium__avatar" avatar={player.avatar} seed={index} size={72} name={player.displayName} />
            <span className="podium__name">{player.displayName}</span>
            <span className="podium__wagered">{formatAmount(player.wagered, preview.currencySymbol)} wagered</span>
            {preview.prizes[index] !== undefined && preview.prizes[index]! > 0 && (
              <span className="podium__prize">Prize {formatAmount(preview.prizes[index], preview.currencySymbol)}</span>
            )}
          </li>
        ))}
      </ol>
      <Link to="/leaderboard" className="button button--ghost home-section__more">
        Full Leaderboard
      </Link>
    </section>
  );
}
