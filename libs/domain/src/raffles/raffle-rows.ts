import type {
  Raffle,
  RaffleEntryRules,
  RaffleWinnerClaim,
  RaffleEntry,
  RaffleEntryType,
  RaffleStatus,
  RaffleUser,
} from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';

/** A raffles row as the repositories select it (RAFFLE_SELECT), the totals being its maintained counters. */
export type RaffleRow = Pick<
  Raffle,
  | 'id'
  | 'title'
  | 'description'
  | 'image'
  | 'prize_description'
  | 'number_of_winners'
  | 'points_per_entry'
  | 'max_tickets_per_user'
  | 'seed_hash'
  | 'total_entries'
  | 'participants_count'
> & {
  prize_value_usd: string;
  starts_at: Date;
  ends_at: Date;
  allow_passwordless: boolean;
  allow_points: boolean;
  has_password: boolean;
  entry_rules: RaffleEntryRules | null;
  claim_window_minutes: number | null;
  casino_credit_prize: boolean;
  seed: string;
  entries_hash: string | null;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  created_at: Date;
};

export type UserRow = Pick<RaffleUser, 'id' | 'username' | 'kick_username' | 'avatar_url'>;

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
  multiplier: number;
  created_at: Date;
}

export const toRaffleEntry = (r: Omit<EntryRow, 'multiplier'>): RaffleEntry => ({
  id: Number(r.entry_id),
  entry_type: r.entry_type,
  tickets: r.tickets,
  created_at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
  user: toRaffleUser(r),
});

/** SPEC §4: Ended once drawn, cancelled or past the end; Active while accepting; Pending before the start. */
export function raffleStatus(row: Pick<RaffleRow, 'starts_at' | 'ends_at' | 'drawn_at' | 'cancelled_at'>, now = Date.now()): RaffleStatus {
  if (row.drawn_at || row.cancelled_at || new Date(row.ends_at).getTime() <= now) return 'Ended';
  if (new Date(row.starts_at).getTime() <= now) return 'Active';
  return 'Pending';
}

export function toRaffle(
  row: RaffleRow,
  winners: RaffleUser[],
  userEntries: Raffle['user_entries'],
  now = Date.now(),
  claims: RaffleWinnerClaim[] = [],
): Raffle {
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
    entry_rules: row.entry_rules,
    claim_window_minutes: row.claim_window_minutes,
    casino_credit_prize: row.casino_credit_prize,
    winner_claims: row.claim_window_minutes ? claims : [],
    seed_hash: row.seed_hash,
    seed: row.drawn_at ? row.seed : null,
    drawn_at: isoOrNull(row.drawn_at),
  };
}

export const NO_USER_ENTRIES: Raffle['user_entries'] = { passwordless: false, password: false, points_tickets: 0 };
