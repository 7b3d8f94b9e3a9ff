import { Link } from 'react-router-dom';
import { TotalGivenAway } from './total-given-away';

interface HeroSectionProps {
  siteName: string;
  description: string;
  onBecomeAffiliate: () => void;
}

export function HeroSection({ siteName, description, onBecomeAffiliate }: HeroSectionProps) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <h1 id="hero-title" className="hero__title">
          {siteName}
        </h1>
        <p className="hero__description">{description}</p>
        <div className="hero__actions">
          <Link to="/leaderboard" className="button button--primary">
            View Leaderboard
          </Link>
          <button type="button" className="button button--ghost" onClick={onBecomeAffiliate}>
            Become an Affiliate
          </button>
        </div>
        <TotalGivenAway />
      </div>
    </section>
  );
}
