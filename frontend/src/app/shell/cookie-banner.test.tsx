import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { CookieBanner } from './cookie-banner';
import { COOKIE_CONSENT_KEY } from './cookie-consent';

describe('CookieBanner', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows while no choice is stored and saves Accept as accepted', () => {
    renderWithProviders(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('saves Decline as declined', () => {
    renderWithProviders(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('declined');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it.each(['accepted', 'declined'])('stays hidden once the choice is %s', (value) => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
    renderWithProviders(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('shows again when the stored value is not a valid choice', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'maybe');
    renderWithProviders(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
  });
});
