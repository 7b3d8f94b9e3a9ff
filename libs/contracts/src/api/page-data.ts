import type { LiveState } from './activity';
import type { CurrentUser } from './auth';
import type { FriendsBadge } from './friends';
import type { Affiliate, SiteSettings } from './site';
import type { ViewerSafety } from './safety';

/**
 * window.__APP__: what the server injects into every SPA page (SPEC §1 "the current user
 * arrives as an object injected into the page"). Leaderboard is typed loosely here and
 * narrowed by the leaderboard feature once it exists.
 */
export interface AppPageData {
  user: CurrentUser | null;
  csrfToken: string;
  settings: SiteSettings;
  affiliates: Affiliate[];
  leaderboard: unknown | null;
  /** Whether the streamer is live, so the LIVE badge and the player status are right on the first render. */
  live: LiveState;
  /**
   * What the navigation's friends menu shows before it is opened (its pending requests count), so a member page
   * does not read GET /api/r/friends on load; null for visitors who are not logged in (no query is made for them).
   */
  friends: FriendsBadge | null;
  /** The viewer's standing for gambling content: the age question to ask, their help link, a break (responsible-gambling.md). */
  safety: ViewerSafety;
}
