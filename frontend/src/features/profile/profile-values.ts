import type { FriendshipView, ProfileAchievement, PublicProfile } from '@kickback/contracts';
import { NO_FRIENDSHIP, PROFILE_RECENT_ACHIEVEMENTS } from '@kickback/contracts/api/profiles';

/**
 * SPEC §3 describes the profile with two naming variants (flat fields and the `stats` object) and says both are
 * read: the stats object wins where it has a value, the flat field fills in.
 */
export interface ProfileCounts {
  bonusHuntPredictions: number;
  tournamentPredictions: number;
  raffleEntries: number;
  achievements: number;
  totalPredictions: number;
  rank: number;
}

const count = (...values: Array<number | null | undefined>): number => {
  for (const value of values) if (typeof value === 'number' && Number.isFinite(value)) return value;
  return 0;
};

export function profileCounts(profile: PublicProfile): ProfileCounts {
  const stats: Partial<PublicProfile['stats']> = profile.stats ?? {};
  const bonusHuntPredictions = count(stats.bonus_hunt_predictions, profile.bonus_hunt_predictions);
  const tournamentPredictions = count(stats.tournament_predictions, profile.tournament_predictions);
  return {
    bonusHuntPredictions,
    tournamentPredictions,
    raffleEntries: count(stats.raffle_entries, profile.raffle_entries),
    achievements: count(stats.achievement_count, profile.achievements_count),
    // SPEC §2 Member Info: total predictions = bonus hunt + tournament.
    totalPredictions: bonusHuntPredictions + tournamentPredictions,
    rank: count(stats.rank, profile.rank),
  };
}

export const displayNameOf = (profile: PublicProfile): string => profile.display_name || profile.global_name || profile.username;

/** The achievement's text under either of the SPEC's names. */
export const achievementName = (achievement: Pick<ProfileAchievement, 'name' | 'title'>): string => achievement.name || achievement.title;

/** SPEC §2 overview "Recent Achievements": the first three unlocked, newest first. */
export function recentAchievements(achievements: ProfileAchievement[]): ProfileAchievement[] {
  return achievements
    .filter((a) => a.unlocked)
    .sort((a, b) => (b.unlocked_at ?? '').localeCompare(a.unlocked_at ?? ''))
    .slice(0, PROFILE_RECENT_ACHIEVEMENTS);
}

/** The viewer's flags: the flat ones and those inside `friendship` name the same thing; either being set counts. */
export function friendshipFlags(profile: PublicProfile): FriendshipView {
  const friendship = profile.friendship ?? NO_FRIENDSHIP;
  return {
    ...friendship,
    can_send_request: Boolean(profile.can_send_request ?? friendship.can_send_request),
    can_accept: Boolean(profile.can_accept ?? friendship.can_accept),
    can_decline: Boolean(profile.can_decline ?? friendship.can_decline),
    can_remove: Boolean(profile.can_remove ?? friendship.can_remove),
  };
}

/** Only web addresses become links: a stored `javascript:` value must never be clickable. */
export function safeWebUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const candidate = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The twitter link: the stored address when there is one, else the handle's page. */
export function twitterUrl(profile: Pick<PublicProfile, 'twitter' | 'twitter_user'>): string | null {
  if (profile.twitter && /^https?:\/\//i.test(profile.twitter)) return safeWebUrl(profile.twitter);
  const handle = (profile.twitter_user || profile.twitter || '').replace(/^@/, '').trim();
  return /^[A-Za-z0-9_]{1,15}$/.test(handle) ? `https://twitter.com/${handle}` : null;
}
