import { act, fireEvent, screen, within } from '@testing-library/react';
import { affiliateFixture, settingsFixture } from '../../../test/fixtures';
import { makeTestStore, renderWithProviders } from '../../../test/render';
import { homeApi } from '../home-api';
import HomePage from './home-page';

function renderHome(options: Parameters<typeof makeTestStore>[0] = {}) {
  const store = makeTestStore(options);
  store.dispatch(
    homeApi.util.upsertQueryEntries([
      { endpointName: 'getTotalGivenAway', arg: undefined, value: { total: 125000, formatted_total: '$125,000.00' } },
    ]),
  );
  return renderWithProviders(<HomePage />, { store });
}

const leaderboard = (endTimestamp: number) => ({
  platforms: [{ name: 'Stake', slug: 'stake' }],
  selected_platform: 'stake',
  all_leaderboards: {
    stake: {
      platform: { name: 'Stake' },
      currency_symbol: '$',
      prizes: [1000, 500, 250],
      current_period: { start: '2026-11-01', end: '2026-11-30', endTimestamp },
      top_three: [
        { displayName: 'Alpha', username: 'alpha', avatar: null, wagered: 150000.5 },
        { displayName: 'Bravo', username: 'bravo', avatar: '/a.png', wagered: 90000 },
        { displayName: 'Charlie', username: 'charlie', avatar: null, wagered: 1234.567 },
      ],
      rest_of_users: [],
    },
  },
});

describe('HomePage', () => {
  afterEach(() => {
    delete window.__APP__;
  });

  it('shows the hero, the two calls to action, the quick links and the total given away', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Spin City' })).toBeInTheDocument();
    expect(screen.getByText('Slots, hunts and giveaways every night.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    expect(screen.getByRole('button', { name: 'Become an Affiliate' })).toBeInTheDocument();
    expect(screen.getByText('$125,000.00')).toBeInTheDocument();

    const quickLinks = within(screen.getByRole('region', { name: 'Explore' }));
    const expected: Array<[string, string]> = [
      ['Leaderboard', '/leaderboard'],
      ['Bonus Hunts', '/bonus-hunts'],
      ['Tournaments', '/tournaments'],
      ['Raffles', '/raffles'],
      ['Store', '/store'],
      ['Winners', '/winners'],
    ];
    for (const [name, href] of expected)
      expect(quickLinks.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  });

  it('embeds the Kick player for the lower-cased channel slug', () => {
    renderHome();
    const player = screen.getByTitle('SpinCity live stream on Kick');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://player.kick.com/spincity?autoplay=true&muted=true');
    // Fullscreen through the permissions policy alone: a second, legacy allowfullscreen makes Chromium warn on every load.
    expect(player.getAttribute('allow')?.split('; ')).toContain('fullscreen');
    expect(player).not.toHaveAttribute('allowfullscreen');
  });

  it('leaves out the leaderboard preview and the affiliates when there are none', () => {
    renderHome();
    expect(screen.queryByRole('region', { name: /Leaderboard$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Our Partners' })).not.toBeInTheDocument();
    // Nothing to scroll to, and clicking must not throw.
    fireEvent.click(screen.getByRole('button', { name: 'Become an Affiliate' }));
  });

  it('previews the cached leaderboard top three with a countdown', () => {
    jest.useFakeTimers();
    try {
      window.__APP__ = { leaderboard: leaderboard(Date.now() + 3 * 86_400_000) };
      renderHome();
      const preview = within(screen.getByRole('region', { name: 'Stake Leaderboard' }));
      expect(preview.getByText('Alpha')).toBeInTheDocument();
      expect(preview.getByText('$150,000.50 wagered')).toBeInTheDocument();
      expect(preview.getByText('$1,234.57 wagered')).toBeInTheDocument();
      expect(preview.getByText('Prize $1,000.00')).toBeInTheDocument();
      expect(preview.getByRole('timer')).toHaveTextContent('03days');
      act(() => jest.advanceTimersByTime(1000));
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows affiliates with logo, benefits and code, and scrolls to them', () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderHome({ affiliates: [affiliateFixture] });
    const section = screen.getByRole('region', { name: 'Our Partners' });
    const card = within(section);
    expect(card.getByRole('img', { name: 'Stake logo' })).toHaveAttribute('src', '/uploads/stake.png');
    expect(card.getByText('200% deposit bonus')).toBeInTheDocument();
    expect(card.getByText('SPINCITY')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Copy Code for Stake' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: /Sign Up at Stake/ })).toHaveAttribute('href', affiliateFixture.redirect_url);

    fireEvent.click(screen.getByRole('button', { name: 'Become an Affiliate' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(section).toHaveAttribute('id', 'affiliates');
  });

  it('uses the default product name when settings are missing', () => {
    renderHome({ settings: { ...settingsFixture, site_name: '', site_description: '' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Kickback' })).toBeInTheDocument();
  });
});
