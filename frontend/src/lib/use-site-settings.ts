import { useMemo } from 'react';
import type { SiteSettings } from '@kickback/contracts';
import { normalizeSettings, useGetSiteSettingsQuery } from './site-api';

/** Current site settings (page data, then live refetches), defaults until anything arrives. */
export function useSiteSettings(): SiteSettings {
  const { data } = useGetSiteSettingsQuery();
  return useMemo(() => normalizeSettings(data), [data]);
}
