import type { EntityManager } from '@mikro-orm/postgresql';
import type { LeaderboardBoard, LeaderboardPlayer } from '@kickback/contracts';
import type { PlatformRecord } from './platform-record';
import type { PeriodWindow } from './period-window';
import { maskUsername } from './username-mask';
import { PODIUM_SIZE } from './ranking';

export interface StandingRow {
  username: string;
  wagered: string;
}

/** The public board of one period: the first `display_count` ranks, podium split off. */
export async function loadStandings(em: EntityManager, periodId: number, limit: number): Promise<StandingRow[]> {
  return em.execute<StandingRow[]>(
    `select u.username, u.wagered::text as wagered
       from leaderboard_standings s, unnest(s.usernames[1:?], s.wagered[1:?]) with ordinality as u(username, wagered, rank)
      where s.period_id = ? order by u.rank`,
    [limit, limit, periodId],
  );
}

/** Avatars of members who linked one of these casino usernames in Settings (matched case-insensitively). */
export async function linkedAvatars(em: EntityManager, usernames: string[]): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map();
  const rows = await em.execute<{ name: string; avatar_url: string }[]>(
    `select distinct on (lower(c.name)) lower(c.name) as name, u.avatar_url
       from users u cross join lateral unnest(array[u.crypto, u.crypto2, u.crypto3]) as c(name)
      where u.avatar_url is not null and lower(c.name) in (select lower(x) from jsonb_array_elements_text(?::jsonb) as x)
      order by lower(c.name), u.id`,
    [JSON.stringify(usernames)],
  );
  return new Map(rows.map((r) => [r.name, r.avatar_url]));
}

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
