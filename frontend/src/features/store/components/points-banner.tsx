import { LoginCta } from '../../../components/ui/login-cta';
import { formatNumber } from '../../../lib/format';

/** The member's balance on top of the store; anonymous visitors get the way in. */
export function PointsBanner({ points, loggedIn }: { points: number; loggedIn: boolean }) {
  return (
    <div className="card store-banner" data-testid="points-banner">
      <div>
        <p className="store-banner__label">Your Points</p>
        <p className="store-banner__value" aria-live="polite">
          {loggedIn ? formatNumber(points) : '—'}
        </p>
      </div>
      {loggedIn ? (
        <p className="store-banner__hint">Earn points by watching and taking part on stream, then spend them here.</p>
      ) : (
        <p className="store-banner__hint">
          <LoginCta className="button button--primary button--small" /> to see your points and redeem items.
        </p>
      )}
    </div>
  );
}
