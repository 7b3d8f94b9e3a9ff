import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { AppStore } from '../app/store';
import { useAppSelector } from '../app/hooks';
import { selectCurrentUser } from '../lib/session-slice';
import { RouteObjects } from '../lib/route-objects';
import { useSiteSettings } from '../lib/use-site-settings';
import { applyTheme } from '../lib/theme';
import { AdminLayout } from './admin-layout';
import { ADMIN_SECTIONS, adminSectionsFor, mayOpen } from './admin-nav';
import { Forbidden, SectionForbidden } from './forbidden';
import AdminNotFoundPage from './admin-not-found-page';

export const ADMIN_BASENAME = '/admin-new';

function AdminRoot() {
  const user = useAppSelector(selectCurrentUser);
  const settings = useSiteSettings();
  const [routes] = useState((): RouteObject[] => {
    const sections = adminSectionsFor(user?.role);
    return [
      {
        path: '/',
        element: <AdminShellRoute />,
        children: [
          ...(sections[0] ? [{ index: true, element: <Navigate to={`/${sections[0].path}`} replace /> }] : []),
          // A section the role may not open answers 403 in the panel (its API calls would be refused anyway).
          ...ADMIN_SECTIONS.map((section) => ({
            path: section.path,
            element: mayOpen(user?.role, section) ? <section.page /> : <SectionForbidden />,
          })),
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
    ];
  });

  useEffect(() => {
    applyTheme(settings.theme);
    document.title = `Admin Panel · ${settings.site_name}`;
  }, [settings]);

  // The server already refuses members; this keeps a stale or spoofed page from showing a dead panel.
  if (adminSectionsFor(user?.role).length === 0) return <Forbidden />;
  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      <RouteObjects routes={routes} />
    </BrowserRouter>
  );
}

function AdminShellRoute() {
  const user = useAppSelector(selectCurrentUser);
  const settings = useSiteSettings();
  if (!user) return <Forbidden />;
  return <AdminLayout siteName={settings.site_name} user={user} />;
}

export function AdminApp({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <AdminRoot />
    </Provider>
  );
}
