import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { authResolved, selectAuthLoading } from '../../lib/session-slice';
import { useGetSiteSettingsQuery } from '../../lib/site-api';

/** SPEC §1/§9: authentication loading ends at the latest 2000 ms after start. */
export const AUTH_LOADING_TIMEOUT_MS = 2000;

/**
 * The user arrives with the page, so auth is settled as soon as the site settings are known:
 * immediately with injected page data, after the settings fetch without it (vite dev).
 */
export function useAuthBootstrap(): boolean {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectAuthLoading);
  const { isLoading: settingsLoading } = useGetSiteSettingsQuery();

  useEffect(() => {
    if (loading && !settingsLoading) dispatch(authResolved());
  }, [dispatch, loading, settingsLoading]);

  useEffect(() => {
    if (!loading) return undefined;
    const timer = setTimeout(() => dispatch(authResolved()), AUTH_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [dispatch, loading]);

  return loading;
}
