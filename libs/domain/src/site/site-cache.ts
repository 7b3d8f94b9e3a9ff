/** Redis keys of the cached public site data; deleted whenever an admin changes the source. */
export const SITE_CACHE_KEYS = {
  settings: 'cache:site:settings:v1',
  affiliates: 'cache:site:affiliates:v1',
  totalGivenAway: 'cache:site:total-given-away:v1',
} as const;

export const SITE_CACHE_TTL_SECONDS = 3600;
