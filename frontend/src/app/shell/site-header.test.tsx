import { fireEvent, screen, within } from '@testing-library/react';
import type { CurrentUser } from '@kickback/contracts';
import { adminFixture, memberFixture, settingsFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { normalizeSettings } from '../../lib/site-api';
import { SiteHeader } from './site-header';

function renderHeader(user: CurrentUser | null, onLogout = jest.fn()) {
  renderWithProviders(<SiteHeader settings={normalizeSettings(settingsFixture)} user={user} onLogout={onLogout} />);
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

const PUBLIC_LINKS: Array<[string, string]> = [
  ['Home', '/'],
  ['Leaderboard', '/leaderboard'],
  ['Races', '/races'],
  ['Store', '/store'],
  ['Contact', '/contact'],
  ['Recent Winners', '/winners'],
];

describe('SiteHeader navigation', () => {
  it('shows the public links and Login to anonymous visitors', () => {
    const nav = renderHeader(null);
    for (const [name, href] of PUBLIC_LINKS) expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    for (const name of ['Profile', 'Settings', 'My Tickets', 'Admin Panel'])
      expect(nav.queryByRole('link', { name })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows the member links and Logout to a logged-in member, without Admin Panel', () => {
    const onLogout = jest.fn();
    const nav = renderHeader(memberFixture, onLogout);
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(nav.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', '/tickets');
    expect(nav.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    fireEvent.click(nav.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('adds the Admin Panel link (a full page load to /admin-new) for admins', () => {
    const nav = renderHeader(adminFixture);
    expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin-new');
    expect(nav.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it('groups Bonus Hunts, Tournaments, Raffles and Slots under Stream', () => {
    const nav = renderHeader(null);
    const toggle = nav.getByRole('button', { name: 'Stream' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(group).getByRole('link', { name: 'Bonus Hunts' })).toHaveAttribute('href', '/bonus-hunts');
    expect(within(group).getByRole('link', { name: 'Tournaments' })).toHaveAttribute('href', '/tournaments');
    expect(within(group).getByRole('link', { name: 'Raffles' })).toHaveAttribute('href', '/raffles');
    expect(within(group).getByRole('link', { name: 'Slots' })).toHaveAttribute('href', '/slots');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('has a menu button that opens and closes the mobile menu', () => {
    renderHeader(null);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-menu')).toHaveClass('nav-menu--open');
    // The mobile menu is the same list, so the Stream group (with Slots) is in it.
    fireEvent.click(screen.getByRole('button', { name: 'Stream' }));
    expect(within(document.getElementById('main-menu')!).getByRole('link', { name: 'Slots' })).toHaveAttribute('href', '/slots');
  });

  it('shows the site name as the brand, and hides it when the theme says so', () => {
    const settings = normalizeSettings({ ...settingsFixture, theme: { ...settingsFixture.theme, show_nav_title: false } });
    renderWithProviders(<SiteHeader settings={settings} user={null} onLogout={jest.fn()} />);
    const brand = screen.getByRole('link', { name: 'Spin City home' });
    expect(brand).not.toHaveTextContent('Spin City');
    expect(brand.querySelector('img')).not.toBeNull();
  });
});
