import { DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_NAME, DEFAULT_THEME } from '@kickback/contracts';

/** What a fresh install shows until an admin edits the settings. */
export const SITE_DEFAULTS = {
  siteName: DEFAULT_SITE_NAME,
  siteDescription: DEFAULT_SITE_DESCRIPTION,
  crypto1Label: 'Roobet username',
  crypto2Label: 'Stake username',
  crypto3Label: 'Gamdom username',
  theme: DEFAULT_THEME,
  kickChannelSlug: 'kickback',
  logoUrl: null,
  termsText: '',
  privacyText: '',
};
