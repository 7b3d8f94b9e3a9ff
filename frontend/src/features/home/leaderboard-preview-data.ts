/**
 * The home page only previews the leaderboard cached in the page data (SPEC §3 "Leaderboard data").
 * The data is typed `unknown` in the contracts, so it is checked here before use.
 */
export interface PreviewPlayer {
  displayName: string;
  username: string;
  avatar: string | null;
  wagered: number;
}

export interface LeaderboardPreview {
  platformName: string;
  currencySymbol: string;
  prizes: number[];
  endTimestamp: number;
  topThree: PreviewPlayer[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toPlayer(value: unknown): PreviewPlayer | null {
  if (!isRecord(value)) return null;
  const username = typeof value.username === 'string' ? value.username : '';
  const displayName = typeof value.displayName === 'string' && value.displayName ? value.displayName : username;
  if (!displayName) return null;
  return {
    displayName,
    username,
    avatar: typeof value.avatar === 'string' && value.avatar ? value.avatar : null,
    wagered: Number(value.wagered) || 0,
  };
}

/** Prizes are listed by rank, either as plain amounts or as objects carrying an amount. */
function toPrize(value: unknown): number {
  if (isRecord(value)) return Number(value.amount ?? value.prize ?? value.value) || 0;
  return Number(value) || 0;
}

export function parseLeaderboardPreview(raw: unknown): LeaderboardPreview | null {
  if (!isRecord(raw) || !isRecord(raw.all_leaderboards)) return null;
  const boards = raw.all_leaderboards;
  const platforms = Array.isArray(raw.platforms) ? raw.platforms : [];
  const firstSlug = platforms.map((p) => (isRecord(p) && typeof p.slug === 'string' ? p.slug : null)).find(Boolean);
  const slug = typeof raw.selected_platform === 'string' ? raw.selected_platform : (firstSlug ?? Object.keys(boards)[0]);
  const board = slug ? boards[slug] : undefined;
  if (!isRecord(board)) return null;

  const topThree = (Array.isArray(board.top_three) ? board.top_three : []).map(toPlayer).filter((p): p is PreviewPlayer => p !== null);
  if (topThree.length === 0) return null;
  const period = isRecord(board.current_period) ? board.current_period : {};
  const platform = isRecord(board.platform) ? board.platform : {};

  return {
    platformName: typeof platform.name === 'string' ? platform.name : (slug ?? ''),
    currencySymbol: typeof board.currency_symbol === 'string' ? board.currency_symbol : '$',
    prizes: (Array.isArray(board.prizes) ? board.prizes : []).map(toPrize),
    endTimestamp: Number(period.endTimestamp) || 0,
    topThree: topThree.slice(0, 3),
  };
}
