import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import type { CurrentUser } from '@kickback/contracts';
import { RouteFallback } from '../app/shell/route-fallback';
import { Toaster } from '../app/shell/toaster';
import { adminSectionsFor } from './admin-nav';

/** The panel's badge beside the site name: who is signed in, so a moderator knows why most sections are missing. */
const ROLE_BADGES: Record<CurrentUser['role'], string> = { Admin: 'Admin', staff: 'Staff', moderator: 'Moderator', member: 'Member' };

export function AdminLayout({ siteName, user }: { siteName: string; user: CurrentUser }) {
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <aside className="admin-sidebar" aria-label="Admin panel">
        <p className="admin-sidebar__brand">
          {siteName}
          <span className="admin-sidebar__badge">{ROLE_BADGES[user.role]}</span>
        </p>
        <nav aria-label="Admin">
          <ul className="admin-nav">
            {adminSectionsFor(user.role).map((section) => (
              <li key={section.path}>
                <NavLink
                  to={`/${section.path}`}
                  className={({ isActive }) => (isActive ? 'admin-nav__link admin-nav__link--active' : 'admin-nav__link')}
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__footer">
          <p className="field-hint">Signed in as {user.username}</p>
          <a href="/" className="admin-nav__link">
            ← Back to Site
          </a>
        </div>
      </aside>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster />
    </div>
  );
}
