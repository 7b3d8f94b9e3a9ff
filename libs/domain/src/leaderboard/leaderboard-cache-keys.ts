import { LEADERBOARD_PAGE_CACHE_KEY } from '@kickback/contracts';

/** Redis keys of the leaderboard caches. The worker (and admin changes) write them; GET reads them. */
export const LEADERBOARD_CACHE_KEYS = {
  /** The whole GET /api/r/leaderboard answer, served as stored. */
  api: 'cache:leaderboard:api:v1',
  /** SPEC §3 "Leaderboard data", injected into every page as window.__APP__.leaderboard. */
  page: LEADERBOARD_PAGE_CACHE_KEY,
  board: (slug: string) => `cache:leaderboard:board:v1:${slug}`,
  period: (id: number) => `cache:leaderboard:period:v1:${id}`,
  assembleLock: 'lock:leaderboard:assemble',
  refreshLock: (platformId: number) => `lock:leaderboard:refresh:${platformId}`,
} as const;

/** Archived periods never change, so their boards may be kept a while. */
export const PERIOD_CACHE_TTL_SECONDS = 3600;
