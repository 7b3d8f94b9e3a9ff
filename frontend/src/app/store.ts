import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../lib/api';
import { friendsBadgeApi } from '../lib/friends-badge-api';
import { liveApi } from '../lib/live-api';
import type { PageBootstrap } from '../lib/page-data';
import { sessionSlice } from '../lib/session-slice';
import { siteApi } from '../lib/site-api';
import { toastsSlice } from '../lib/toasts-slice';
import { safetyApi } from '../lib/safety-api';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  toasts: toastsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * The store for one page load: session from the injected data, and its settings/affiliates/live state and a member's
 * friends badge as warm cache entries.
 */
export function makeStoreFromPageData(page: PageBootstrap): AppStore {
  const store = makeStore({
    session: { user: page.user, csrfToken: page.csrfToken, authLoading: true },
  });
  const entries = [];
  if (page.settings) entries.push({ endpointName: 'getSiteSettings' as const, arg: undefined, value: page.settings });
  if (page.affiliates) entries.push({ endpointName: 'getAffiliates' as const, arg: undefined, value: page.affiliates });
  if (entries.length > 0) store.dispatch(siteApi.util.upsertQueryEntries(entries));
  if (page.safety) store.dispatch(safetyApi.util.upsertQueryEntries([{ endpointName: 'getSafety', arg: undefined, value: page.safety }]));
  if (page.live) store.dispatch(liveApi.util.upsertQueryEntries([{ endpointName: 'getLiveState', arg: undefined, value: page.live }]));
  if (page.user && page.friends) {
    store.dispatch(friendsBadgeApi.util.upsertQueryEntries([{ endpointName: 'getFriendsBadge', arg: undefined, value: page.friends }]));
  }
  return store;
}
