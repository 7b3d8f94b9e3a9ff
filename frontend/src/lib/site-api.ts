import type { Affiliate, SiteSettings } from '@kickback/contracts';
import { SITE_ROOM } from '@kickback/contracts/realtime';
import { DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_NAME } from '@kickback/contracts/site-defaults';
import { baseApi } from './api';
import { followLive } from './live-cache';
import { resolveTheme } from './theme';

/** SPEC §7: settings and affiliate fetch failures stay silent apart from the log. */
async function logFailure(what: string, queryFulfilled: Promise<unknown>): Promise<void> {
  try {
    await queryFulfilled;
  } catch (error) {
    console.warn(`Failed to load ${what}`, error);
  }
}

/** Site-wide data used by the shell and several screens, so it lives in lib rather than in one feature. */
export const siteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSiteSettings: build.query<SiteSettings, void>({
      query: () => '/api/r/settings',
      providesTags: ['SiteSettings'],
      onQueryStarted: (_arg, { queryFulfilled }) => logFailure('site settings', queryFulfilled),
      // An admin saving settings pushes 'site:updated'; refetching updates theme and name on every open page.
      onCacheEntryAdded: (_arg, lifecycle) =>
        followLive(lifecycle, (live) => {
          live.join(SITE_ROOM);
          live.on('site:updated', () => lifecycle.dispatch(siteApi.util.invalidateTags(['SiteSettings'])));
        }),
    }),
    getAffiliates: build.query<Affiliate[], void>({
      query: () => '/api/r/affiliates',
      providesTags: ['Affiliates'],
      onQueryStarted: (_arg, { queryFulfilled }) => logFailure('affiliates', queryFulfilled),
    }),
  }),
});

export const { useGetSiteSettingsQuery, useGetAffiliatesQuery } = siteApi;

/** Settings with every gap filled from the product defaults, so screens never check for missing keys. */
export function normalizeSettings(settings: Partial<SiteSettings> | null | undefined): SiteSettings {
  return {
    site_name: settings?.site_name?.trim() || DEFAULT_SITE_NAME,
    site_description: settings?.site_description?.trim() || DEFAULT_SITE_DESCRIPTION,
    casino: {
      crypto1_label: settings?.casino?.crypto1_label || 'Casino 1',
      crypto2_label: settings?.casino?.crypto2_label || 'Casino 2',
      crypto3_label: settings?.casino?.crypto3_label || 'Casino 3',
    },
    theme: resolveTheme(settings?.theme),
    kick_channel_slug: settings?.kick_channel_slug?.trim() ?? '',
    logo_url: settings?.logo_url || null,
    powered_by: {
      label: settings?.powered_by?.label?.trim() || '',
      url: settings?.powered_by?.url?.trim() || '',
    },
  };
}
