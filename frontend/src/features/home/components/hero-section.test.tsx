import { screen } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-polyfill';
import { memberFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { HeroSection } from './hero-section';

describe('HeroSection', () => {
  beforeEach(() => mockFetch(() => undefined));

  it('invites a visitor to log in with Kick to earn points', async () => {
    renderWithProviders(<HeroSection siteName="Kickback" description="Community" onBecomeAffiliate={() => undefined} />, { user: null });
    expect(await screen.findByRole('link', { name: 'Log in with Kick to earn points' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'View Leaderboard' })).toBeInTheDocument();
  });

  it('does not invite a member', () => {
    renderWithProviders(<HeroSection siteName="Kickback" description="Community" onBecomeAffiliate={() => undefined} />, {
      user: memberFixture,
    });
    expect(screen.queryByTestId('hero-invite')).not.toBeInTheDocument();
  });
});
