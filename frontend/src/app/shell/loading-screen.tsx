import type { Theme } from '@kickback/contracts';
import './loading-screen.css';

interface LoadingScreenProps {
  siteName: string;
  progress: number;
  loaderStyle: Theme['loader_style'];
  /** Fading out over the revealed page: no longer announced or clickable. */
  leaving?: boolean;
}

/** Branded screen shown while the session is being established (SPEC §2 "Loading screen"). */
export function LoadingScreen({ siteName, progress, loaderStyle, leaving = false }: LoadingScreenProps) {
  return (
    <div
      className={`loading-screen loading-screen--${loaderStyle}${leaving ? ' loading-screen--leaving' : ''}`}
      role="status"
      aria-live="polite"
      aria-hidden={leaving || undefined}
      data-testid="loading-screen"
    >
      <p className="loading-screen__name">{siteName}</p>
      <div
        className="loading-screen__indicator"
        role="progressbar"
        aria-label="Loading progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        {loaderStyle === 'bar' ? (
          <span className="loading-screen__bar" style={{ width: `${progress}%` }} />
        ) : (
          <span className={`loading-screen__${loaderStyle}`} aria-hidden="true" />
        )}
      </div>
      <p className="loading-screen__text">Loading...</p>
    </div>
  );
}
