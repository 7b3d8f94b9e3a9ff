import { useViewerSafety } from '../../lib/safety-api';

/**
 * Beside every casino offer (affiliate cards, casino-linked boards, casino-bonus items): "18+", the admin's terms
 * line and the responsible-gambling help link chosen for the viewer's country.
 */
export function OfferNotice({ className = '' }: { className?: string }) {
  const safety = useViewerSafety();
  if (!safety) return null;
  return (
    <p className={`offer-notice ${className}`.trim()} data-testid="offer-notice">
      <span className="offer-notice__age" aria-label="18 plus only">
        18+
      </span>{' '}
      {safety.terms_line} ·{' '}
      <a href={safety.help.url} target="_blank" rel="noopener noreferrer">
        {safety.help.name}
        <span className="visually-hidden"> (gambling help, opens in a new tab)</span>
      </a>
    </p>
  );
}

/** "Points have no cash value…" (the admin's text), in the store, the terms page and the points history. */
export function NoCashValue() {
  const safety = useViewerSafety();
  return safety ? (
    <p className="no-cash-value" data-testid="no-cash-value">
      {safety.no_cash_value}
    </p>
  ) : null;
}
