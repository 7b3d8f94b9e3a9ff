import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import type { Affiliate, CurrentUser, SiteSettings, ViewerSafety } from '@kickback/contracts';
import { makeStore, type AppStore } from '../app/store';
import { RouteObjects } from '../lib/route-objects';
import { safetyApi } from '../lib/safety-api';
import { siteApi } from '../lib/site-api';
import { settingsFixture } from './fixtures';

export interface RenderOptions {
  route?: string;
  path?: string;
  user?: CurrentUser | null;
  settings?: SiteSettings;
  affiliates?: Affiliate[];
  /** The viewer's standing as the page data would seed it; left out, it is fetched (and usually not mocked). */
  safety?: ViewerSafety;
  extraRoutes?: RouteObject[];
}

/**
 * A store whose site queries are already cached, so components render without network
 * (jsdom has no fetch), inside a memory router.
 */
export function makeTestStore({ user = null, settings = settingsFixture, affiliates = [], safety }: RenderOptions = {}): AppStore {
  const store = makeStore({ session: { user, csrfToken: 'csrf-test-token', authLoading: false } });
  store.dispatch(
    siteApi.util.upsertQueryEntries([
      { endpointName: 'getSiteSettings', arg: undefined, value: settings },
      { endpointName: 'getAffiliates', arg: undefined, value: affiliates },
    ]),
  );
  if (safety) store.dispatch(safetyApi.util.upsertQueryEntries([{ endpointName: 'getSafety', arg: undefined, value: safety }]));
  return store;
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { store?: AppStore } = {},
): RenderResult & { store: AppStore } {
  const store = options.store ?? makeTestStore(options);
  const routes = [{ path: options.path ?? '*', element: ui }, ...(options.extraRoutes ?? [])];
  // The same declarative router as the app (app.tsx), so a page meets the router it meets in the browser.
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <RouteObjects routes={routes} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
