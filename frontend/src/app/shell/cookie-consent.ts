/** SPEC §4: consent is saved locally under one key, as 'accepted' or 'declined'. */
export const COOKIE_CONSENT_KEY = 'cookie_consent';
export type CookieConsent = 'accepted' | 'declined';

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    // Storage can be blocked (private modes); the banner then simply shows again.
    return null;
  }
}

export function saveCookieConsent(value: CookieConsent): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Same as above: nothing to persist to, the choice lasts for this page only.
  }
}
