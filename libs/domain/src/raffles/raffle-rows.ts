import type { Raffle, RaffleEntry, RaffleEntryType, RaffleStatus, RaffleUser } from '@kickback/contracts';

/** A raffles row with its entry totals, as selected by RAFFLE_SELECT. */
export interface RaffleRow {
  id: number;
  title: string;
  description: string;
  image: string | null;
  prize_description: string;
  prize_value_usd: string;
  starts_at: Date;
  ends_at: Date;
  number_of_winners: number;
  allow_passwordless: boolean;
  allow_points: boolean;
  points_per_entry: number | null;
  max_tickets_per_user: number | null;
  has_password: boolean;
  seed: string;
  seed_hash: string;
  entries_hash: string | null;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  created_at: Date;
  total_entries: number;
  participants_count: number;
}

export const RAFFLE_SELECT = `
  select r.id, r.title, r.description, r.image, r.prize_description, r.prize_value_usd::text as prize_value_usd,
         r.starts_at, r.ends_at, r.number_of_winners, r.allow_passwordless, r.allow_points, r.points_per_entry,
         r.max_tickets_per_user, (r.password_hash is not null) as has_password, r.seed, r.seed_hash, r.entries_hash,
         r.drawn_at, r.cancelled_at, r.created_at,
         coalesce(t.total, 0)::int as total_entries, coalesce(t.participants, 0)::int as participants_count
  from raffles r
  left join lateral (
    select sum(e.tickets) as total, count(distinct e.user_id) as participants from raffle_entries e where e.raffle_id = r.id
  ) t on true`;

export interface UserRow {
  id: number;
  username: string;
  kick_username: string | null;
  avatar_url: string | null;
}

/**
 * The only condition under which an entry row may be written (raffle aliased r). Every entry
 * statement pairs it with FOR KEY SHARE of r: an entry then waits for a draw that holds the row
 * FOR UPDATE and re-checks drawn_at, so no entry can slip in after the entry list was frozen.
 */
export const RAFFLE_OPEN_SQL = 'r.starts_at <= now() and r.ends_at > now() and r.cancelled_at is null and r.drawn_at is null';

export const toRaffleUser = (u: UserRow): RaffleUser => ({
  id: u.id,
  username: u.username,
  kick_username: u.kick_username,
  avatar: u.avatar_url,
  avatar_url: u.avatar_url,
});

export interface EntryRow extends UserRow {
  entry_id: string;
  entry_type: RaffleEntryType;
  tickets: number;
  points_spent: string;
  created_at: Date;
}

export const toRaffleEntry = (r: EntryRow): RaffleEntry => ({
  id: Number(r.entry_id),
  entry_type: r.entry_type,
  tickets: r.tickets,
  created_at: new Date(r.created_at).toISOString(),
  user: toRaffleUser(r),
});

/** SPEC §4: Ended once drawn, cancelled or past the end; Active while accepting; Pending before the start. */
export function raffleStatus(row: Pick<RaffleRow, 'starts_at' | 'ends_at' | 'drawn_at' | 'cancelled_at'>, now = Date.now()): RaffleStatus {
  if (row.drawn_at || row.cancelled_at || new Date(row.ends_at).getTime() <= now) return 'Ended';
  if (new Date(row.starts_at).getTime() <= now) return 'Active';
  return 'Pending';
}

export function toRaffle(row: RaffleRow, winners: RaffleUser[], userEntries: Raffle['user_entries'], now = Date.now()): Raffle {
  const status = raffleStatus(row, now);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    status,
    cancelled: row.cancelled_at !== null,
    start_datetime: new Date(row.starts_at).toISOString(),
    end_datetime: new Date(row.ends_at).toISOString(),
    total_entries: row.total_entries,
    participants_count: row.participants_count,
    number_of_winners: row.number_of_winners,
    has_ended: status === 'Ended',
    is_accepting_entries: status === 'Active',
    allow_passwordless_entry: row.allow_passwordless,
    allow_points_entry: row.allow_points,
    points_per_entry: row.points_per_entry,
    max_tickets_per_user: row.max_tickets_per_user,
    has_password_entry: row.has_password,
    prize_description: row.prize_description,
    prize_value_usd: Number(row.prize_value_usd),
    winners,
    user_entries: userEntries,
    seed_hash: row.seed_hash,
    seed: row.drawn_at ? row.seed : null,
    drawn_at: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
  };
}

export const NO_USER_ENTRIES: Raffle['user_entries'] = { passwordless: false, password: false, points_tickets: 0 };
