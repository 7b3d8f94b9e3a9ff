import { Link } from 'react-router-dom';
import { LoginCta } from '../../../components/ui/login-cta';
import { useCurrentUser } from '../../../lib/session';
import { TotalGivenAway } from './total-given-away';

interface HeroSectionProps {
  siteName: string;
  description: string;
  onBecomeAffiliate: () => void;
}

export function HeroSection({ siteName, description, onBecomeAffiliate }: HeroSectionProps) {
  const user = useCurrentUser();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <h1 id="hero-title" className="hero__title">
          {siteName}
        </h1>
        <p className="hero__description">{description}</p>
        {!user && (
          <p className="hero__invite" data-testid="hero-invite">
            <LoginCta label="Log in with Kick to earn points" /> Points enter raffles, buy store items and count towards your level.
          </p>
        )}
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
