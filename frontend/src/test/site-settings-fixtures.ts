import type { AdminSiteSettings } from '@kickback/contracts';
import { settingsFixture } from './fixtures';

/** The settings as the admin endpoint answers them, with a footer link set. */
export const adminSettings: AdminSiteSettings = {
  ...settingsFixture,
  powered_by: { label: 'Kickback', url: 'https://kick.com' },
  terms_text: '',
  privacy_text: '',
  updated_at: '2026-11-24T00:00:00Z',
};
