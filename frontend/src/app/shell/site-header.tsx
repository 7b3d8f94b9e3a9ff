import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { CurrentUser, SiteSettings } from '@kickback/contracts';
import { loginHref } from '../../lib/login-link';
import { ADMIN_PATH, MEMBER_LINKS, SITE_LINKS } from './nav-links';
import { FriendsMenu } from './friends-menu';
import { MemberStanding, MemberStandingChip } from './member-standing';
import { StreamMenu } from './stream-menu';
import './site-header.css';

interface SiteHeaderProps {
  settings: SiteSettings;
  user: CurrentUser | null;
  onLogout: () => void;
  /** The streamer is live on Kick: a LIVE badge links to the home page's player. */
  isLive?: boolean;
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');

export function SiteHeader({ settings, user, onLogout, isLive = false }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const { theme, site_name: siteName } = settings;

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={`${siteName} home`}>
          {theme.show_nav_logo && <img className="brand__logo" src={settings.logo_url || '/favicon.svg'} alt="" width={36} height={36} />}
          {theme.show_nav_title && <span className="brand__title">{siteName}</span>}
        </Link>
        {isLive && (
          <Link to="/" className="live-badge" data-testid="live-badge" aria-label="Live now on Kick: watch on the home page">
            LIVE
          </Link>
        )}
        {user && <MemberStandingChip />}
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((value) => !value)}
        >
          <span className="nav-toggle__bars" aria-hidden="true" />
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <nav aria-label="Main" className="site-nav">
          <ul id="main-menu" className={menuOpen ? 'nav-menu nav-menu--open' : 'nav-menu'}>
            <li>
              <NavLink to="/" end className={linkClass}>
                Home
              </NavLink>
            </li>
            <StreamMenu />
            {SITE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {user ? (
              <>
                {MEMBER_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <FriendsMenu />
                <MemberStanding />
                {user.role === 'Admin' && (
                  <li>
                    <a href={ADMIN_PATH} className="nav-link nav-link--admin">
                      Admin Panel
                    </a>
                  </li>
                )}
                {user.role === 'moderator' && (
                  <li>
                    <a href={`${ADMIN_PATH}/go-live`} className="nav-link nav-link--admin" data-testid="nav-go-live">
                      Go live
                    </a>
                  </li>
                )}
                <li>
                  <button type="button" className="nav-link nav-link--button" onClick={onLogout}>
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <li>
                <a
                  href={loginHref(`${pathname}${search}`)}
                  className="button button--primary button--small nav-login"
                  data-testid="nav-login"
                >
                  Login
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
