import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../store';
import { AUTH_LOADING_TIMEOUT_MS, useAuthBootstrap } from './use-auth-bootstrap';
import { makeTestStore } from '../../test/render';

jest.mock('../../lib/site-api', () => {
  const actual = jest.requireActual('../../lib/site-api');
  return {
    ...actual,
    // Settings that never arrive, to prove the 2000 ms cap.
    useGetSiteSettingsQuery: (...args: unknown[]) =>
      (globalThis as { __settingsPending?: boolean }).__settingsPending ? { isLoading: true } : actual.useGetSiteSettingsQuery(...args),
  };
});

const pending = globalThis as { __settingsPending?: boolean };

describe('useAuthBootstrap', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    pending.__settingsPending = false;
  });

  it('ends auth loading at once when the page data carried the settings', () => {
    // Same warm cache as a page with injected data, but auth still marked as loading.
    const warm = makeTestStore();
    const fresh = makeStore({ session: { user: null, csrfToken: '', authLoading: true }, api: warm.getState().api });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={fresh}>{children}</Provider>;
    const { result } = renderHook(() => useAuthBootstrap(), { wrapper });
    expect(result.current).toBe(false);
  });

  it('ends auth loading after 2000 ms at the latest', () => {
    pending.__settingsPending = true;
    const store = makeStore({ session: { user: null, csrfToken: '', authLoading: true } });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useAuthBootstrap(), { wrapper });
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(AUTH_LOADING_TIMEOUT_MS - 1));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    expect(AUTH_LOADING_TIMEOUT_MS).toBe(2000);
  });
});
