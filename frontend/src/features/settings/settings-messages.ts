import { PROFILE_MESSAGES, type ProfileSection } from '@kickback/contracts';

export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'connections', label: 'Connections' },
  { id: 'social', label: 'Social Media' },
] as const satisfies readonly { id: ProfileSection; label: string }[];

export const parseTab = (value: string | null): ProfileSection | null =>
  SETTINGS_TABS.some((tab) => tab.id === value) ? (value as ProfileSection) : null;

/** SPEC §9. */
export const HIGHLIGHT_MS = 3000;
export const NUDGE_DELAY_MS = 500;

/** SPEC §8 Settings: success, failure and exception texts per action. */
export const SAVE_TEXTS: Record<ProfileSection | 'kick', { success: string; failure: string; exception: string }> = {
  profile: {
    success: PROFILE_MESSAGES.profile,
    failure: 'Failed to update profile',
    exception: 'An error occurred while updating profile',
  },
  connections: {
    success: PROFILE_MESSAGES.connections,
    failure: 'Failed to update connections',
    exception: 'An error occurred while updating connections',
  },
  social: {
    success: PROFILE_MESSAGES.social,
    failure: 'Failed to update social media links',
    exception: 'An error occurred while updating social media links',
  },
  kick: {
    success: PROFILE_MESSAGES.kickDisconnected,
    failure: 'Failed to disconnect Kick account',
    exception: 'An error occurred while disconnecting Kick account',
  },
};

export const KICK_NUDGE = 'Connect your Kick account to continue';

/** What /auth/kick/callback reports in ?error= when linking fails (apps/api/src/pages/kick-auth.controller.ts). */
const OAUTH_ERRORS: Record<string, string> = {
  linked: 'That Kick account is already linked to another user.',
  denied: 'Kick connection was cancelled.',
  state: 'The Kick connection expired or was interrupted. Please try again.',
  failed: 'Could not connect your Kick account. Please try again.',
};

export const oauthErrorMessage = (code: string): string => OAUTH_ERRORS[code] ?? OAUTH_ERRORS.failed;

/** A status that is not a number means the request never got an HTTP answer (network down, bad JSON). */
export const isException = (status: number | string | null): boolean => typeof status !== 'number';
