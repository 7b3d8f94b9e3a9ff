import type { Affiliate, AppPageData, CurrentUser, FriendsBadge, LiveState, SiteSettings, ViewerSafety } from '@kickback/contracts';

declare global {
  interface Window {
    __APP__?: Partial<AppPageData>;
  }
}

/** What the client knows before its first render, with every part optional because `vite dev` injects nothing. */
export interface PageBootstrap {
  injected: boolean;
  user: CurrentUser | null;
  csrfToken: string;
  settings: SiteSettings | null;
  affiliates: Affiliate[] | null;
  leaderboard: unknown;
  live: LiveState | null;
  /** A member's friends badge (null for visitors and without injected data). */
  friends: FriendsBadge | null;
  /** What the server decided this viewer may be shown (the age gate, a break, the help link); null without injected data. */
  safety: ViewerSafety | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function readPageData(source: unknown = typeof window === 'undefined' ? undefined : window.__APP__): PageBootstrap {
  if (!isObject(source)) {
    return {
      injected: false,
      user: null,
      csrfToken: '',
      settings: null,
      affiliates: null,
      leaderboard: null,
      live: null,
      friends: null,
      safety: null,
    };
  }
  return {
    injected: true,
    user: isObject(source.user) ? (source.user as unknown as CurrentUser) : null,
    csrfToken: typeof source.csrfToken === 'string' ? source.csrfToken : '',
    settings: isObject(source.settings) ? (source.settings as unknown as SiteSettings) : null,
    affiliates: Array.isArray(source.affiliates) ? (source.affiliates as Affiliate[]) : null,
    leaderboard: source.leaderboard ?? null,
    live: isObject(source.live) && typeof source.live.is_live === 'boolean' ? (source.live as unknown as LiveState) : null,
    friends:
      isObject(source.friends) && Number.isInteger(source.friends.pending_count)
        ? { pending_count: source.friends.pending_count as number }
        : null,
    safety: isObject(source.safety) && typeof source.safety.gate === 'string' ? (source.safety as unknown as ViewerSafety) : null,
  };
}
