import { useState } from 'react';
import { Link } from 'react-router-dom';
import { readCookieConsent, saveCookieConsent, type CookieConsent } from './cookie-consent';
import './cookie-banner.css';

export function CookieBanner() {
  const [consent, setConsent] = useState<CookieConsent | null>(() => readCookieConsent());
  if (consent) return null;

  const choose = (value: CookieConsent) => {
    saveCookieConsent(value);
    setConsent(value);
  };

  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <p className="cookie-banner__text">
        We use cookies to keep you logged in and to remember your preferences. Read our <Link to="/privacy">Privacy Policy</Link> for
        details.
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => choose('declined')}>
          Decline
        </button>
        <button type="button" className="button button--primary button--small" onClick={() => choose('accepted')}>
          Accept
        </button>
      </div>
    </section>
  );
}
