import { Suspense, useCallback, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { fullPageLoad, postLogout } from '../../lib/http';
import { useGetLiveStateQuery } from '../../lib/live-api';
import { selectCsrfToken, selectCurrentUser } from '../../lib/session-slice';
import { useSiteSettings } from '../../lib/use-site-settings';
import { CookieBanner } from './cookie-banner';
import { LoadingGate } from './loading-gate';
import { RouteFallback } from './route-fallback';
import { ScrollRestoration } from './scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { Toaster } from './toaster';
import { useApplyTheme } from './use-apply-theme';
import { useAuthBootstrap } from './use-auth-bootstrap';
import { useRealtimeNotifications } from './use-realtime-notifications';
import './shell-layout.css';

export function ShellLayout() {
  const settings = useSiteSettings();
  const user = useAppSelector(selectCurrentUser);
  const csrfToken = useAppSelector(selectCsrfToken);
  const authLoading = useAuthBootstrap();
  const { data: live } = useGetLiveStateQuery();
  useApplyTheme(settings);
  useRealtimeNotifications(user !== null);

  useEffect(() => {
    document.documentElement.dataset.authLoading = String(authLoading);
  }, [authLoading]);

  const logout = useCallback(async () => {
    if (await postLogout(csrfToken)) fullPageLoad('/');
  }, [csrfToken]);

  return (
    <LoadingGate loading={authLoading} siteName={settings.site_name} loaderStyle={settings.theme.loader_style}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader settings={settings} user={user} onLogout={logout} isLive={live?.is_live === true} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter settings={settings} />
      <CookieBanner />
      <Toaster />
      <ScrollRestoration />
    </LoadingGate>
  );
}
