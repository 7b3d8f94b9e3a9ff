/** SPEC §9: XP per level, and the rank shown while a member has no place in the ranking yet. */
export const XP_PER_LEVEL = 1000;
export const FALLBACK_RANK = 999;
/** SPEC §9: the overview's "Recent Achievements" shows the first three. */
export const PROFILE_RECENT_ACHIEVEMENTS = 3;
/** How many items each recent_activity list carries. */
export const PROFILE_RECENT_ACTIVITY_LIMIT = 5;

/** SPEC §5: level = floor(xp / 1000) + 1. */
export function levelForXp(xp: number): number {
  return Math.floor(Math.max(0, xp) / XP_PER_LEVEL) + 1;
}

/** SPEC §5 XP bar: xp modulo 1000 out of 1000, from Level N to Level N+1; xp_next_level is the total XP where N+1 starts. */
export interface XpBar {
  level: number;
  next_level: number;
  /** XP earned inside the current level (xp mod 1000). */
  current: number;
  /** Always XP_PER_LEVEL. */
  needed: number;
  xp_next_level: number;
  /** 0..100, for the bar's width. */
  percent: number;
}

export function xpBar(xp: number): XpBar {
  const safe = Math.max(0, Math.floor(xp));
  const level = levelForXp(safe);
  const current = safe % XP_PER_LEVEL;
  return {
    level,
    next_level: level + 1,
    current,
    needed: XP_PER_LEVEL,
    xp_next_level: level * XP_PER_LEVEL,
    percent: (current / XP_PER_LEVEL) * 100,
  };
}

/** SPEC §2 "Profile Not Found" screen; the server's 404 message for an unknown (or hidden) username. */
export const PROFILE_NOT_FOUND = {
  title: 'Profile Not Found',
  description: "The user you're looking for doesn't exist.",
  loadFailed: 'Failed to load profile data',
} as const;

/** SPEC §2 Friends tab texts. */
export const PROFILE_FRIENDS_TAB = {
  mutualTitle: (n: number) => `Mutual Friends (${n})`,
  noMutual: 'No mutual friends found',
  loginTitle: 'Login Required',
  loginText: 'Please log in to view friendship information',
} as const;

export const FRIENDSHIP_STATUSES = ['pending', 'accepted', 'none'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

/**
 * SPEC §3 Friendship as the viewer sees it. `id` and `sender_id` are null while status is 'none'. The flags follow
 * SPEC §4: the sender of a pending request has every action off ('Request Sent'); the receiver may accept or decline;
 * friends may remove; a stranger may send; anonymous viewers and the member on their own profile have every flag off.
 */
export interface FriendshipView {
  id: number | null;
  status: FriendshipStatus;
  sender_id: number | null;
  can_send_request: boolean;
  can_accept: boolean;
  can_decline: boolean;
  can_remove: boolean;
}

/** No friendship, and no action open: what an anonymous viewer, or a member on their own profile, sees. */
export const NO_FRIENDSHIP: Readonly<FriendshipView> = Object.freeze({
  id: null,
  status: 'none',
  sender_id: null,
  can_send_request: false,
  can_accept: false,
  can_decline: false,
  can_remove: false,
});

/** SPEC §3 Profile badges (description is the tooltip). */
export interface ProfileBadge {
  id: number;
  name: string;
  icon: string | null;
  description: string;
}

/** SPEC §3 Profile achievements: the whole active catalogue, each marked unlocked or not for this member. */
export interface ProfileAchievement {
  id: number;
  /** Both names the SPEC lists: name and title carry the same text. */
  name: string;
  title: string;
  icon: string | null;
  description: string;
  category: string;
  unlocked: boolean;
  unlocked_at: string | null;
  /** A locked achievement's way to go: the member's count against the rule's threshold (null once unlocked). */
  progress: { current: number; target: number } | null;
}

export interface ProfileHuntPredictionActivity {
  id: number;
  hunt_id: number;
  end_balance: number;
  highest_multiplier: number;
  highest_multiplier_game: string;
  created_at: string;
}

export interface ProfileTournamentPredictionActivity {
  tournament_id: number;
  tournament_name: string;
  picks: number;
  created_at: string;
}

export interface ProfileRaffleEntryActivity {
  id: number;
  raffle_id: number;
  raffle_title: string;
  entry_type: 'passwordless' | 'points' | 'password';
  tickets: number;
  created_at: string;
}

/** SPEC §3 recent_activity: the newest items of each list ('No recent activity found' when all three are empty). */
export interface ProfileRecentActivity {
  bonus_hunt_predictions: ProfileHuntPredictionActivity[];
  tournament_predictions: ProfileTournamentPredictionActivity[];
  raffle_entries: ProfileRaffleEntryActivity[];
}

/** SPEC §3 Profile stats object (the second naming variant of the flat counters). */
export interface ProfileStats {
  bonus_hunt_predictions: number;
  tournament_predictions: number;
  raffle_entries: number;
  achievement_count: number;
  rank: number;
  total_predictions: number;
  friends_count: number;
}

/**
 * GET /api/r/user/{username} → { success, data: PublicProfile } (SPEC §3 Profile, both naming variants: the flat
 * fields and `stats`). Friendship flags are the viewer's: flat and inside `friendship`.
 */
export interface PublicProfile {
  id: number;
  username: string;
  display_name: string;
  global_name: string;
  kick_username: string | null;
  avatar: string | null;
  avatar_url: string | null;
  bio: string;
  level: number;
  rank: number;
  xp: number;
  xp_next_level: number;
  points: number;
  created_at: string;
  member_since: string;
  last_active: string | null;
  last_seen: string | null;
  twitter: string | null;
  twitter_user: string | null;
  youtube_user: string | null;
  website: string | null;
  badges: ProfileBadge[];
  achievements: ProfileAchievement[];
  achievements_count: number;
  bonus_hunt_predictions: number;
  tournament_predictions: number;
  raffle_entries: number;
  total_predictions: number;
  friends_count: number;
  stats: ProfileStats;
  recent_activity: ProfileRecentActivity;
  /** True when the viewer is this member (Settings button, friends pointer). */
  is_own_profile: boolean;
  friendship: FriendshipView;
  can_send_request: boolean;
  can_accept: boolean;
  can_decline: boolean;
  can_remove: boolean;
}

/** Usernames are at most 64 characters (users.username); anything longer or with control characters cannot exist. */
export const PROFILE_USERNAME_MAX = 64;
// eslint-disable-next-line no-control-regex
const PROFILE_USERNAME_REFUSED = /[\u0000-\u001F\u007F]/;
export function isPossibleUsername(value: string): boolean {
  return value.length > 0 && value.length <= PROFILE_USERNAME_MAX && !PROFILE_USERNAME_REFUSED.test(value);
}
