import type { LeaderboardBoard, LeaderboardPlayer } from '@kickback/contracts';
import type { PlatformRecord } from './leaderboard-platforms.repository';
import type { StandingRow } from './leaderboard-standings.repository';
import type { PeriodWindow } from './period-window';
import { maskUsername } from './username-mask';
import { PODIUM_SIZE } from './ranking';

export function buildBoard(
  platform: PlatformRecord,
  window: PeriodWindow,
  standings: StandingRow[],
  avatars: Map<string, string>,
  lastUpdated: Date | null,
): LeaderboardBoard {
  const players: LeaderboardPlayer[] = standings.map((s) => {
    const shown = platform.maskUsernames ? maskUsername(s.username) : s.username;
    return { displayName: shown, username: shown, avatar: avatars.get(s.username.toLowerCase()) ?? null, wagered: Number(s.wagered) };
  });
  return {
    platform: { name: platform.name },
    currency_symbol: platform.currencySymbol,
    prizes: platform.prizes,
    current_period: { start: window.start.toISOString(), end: window.end.toISOString(), endTimestamp: window.end.getTime() },
    top_three: players.slice(0, PODIUM_SIZE),
    rest_of_users: players.slice(PODIUM_SIZE),
    last_updated: lastUpdated?.toISOString() ?? null,
  };
}
