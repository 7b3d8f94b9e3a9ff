import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleDrawAlgorithm, RaffleEntryRules } from '@kickback/contracts';

/** The columns an admin edits, as stored; the update and its audit record start from them. */
export interface EditableRaffle {
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
  entry_rules: RaffleEntryRules | null;
  claim_window_minutes: number | null;
  casino_credit_prize: boolean;
  has_password: boolean;
  drawn_at: Date | null;
  cancelled_at: Date | null;
}

/** What an admin sets on a raffle (password_hash undefined keeps the current one on update). */
export type RaffleWrite = Omit<EditableRaffle, 'has_password' | 'drawn_at' | 'cancelled_at'> & { password_hash?: string | null };

export interface NewRaffle extends RaffleWrite {
  password_hash: string | null;
  draw_algorithm: RaffleDrawAlgorithm;
  seed: string;
  seed_hash: string;
  created_by: number;
}

/** The values of the columns an admin sets, in the order the insert and the update name them. */
const editedValues = (r: RaffleWrite): unknown[] => [
  r.title,
  r.description,
  r.image,
  r.prize_description,
  r.prize_value_usd,
  r.starts_at,
  r.ends_at,
  r.number_of_winners,
  r.allow_passwordless,
  r.allow_points,
  r.points_per_entry,
  r.max_tickets_per_user,
  r.entry_rules === null ? null : JSON.stringify(r.entry_rules),
  r.claim_window_minutes,
  r.casino_credit_prize,
];

/** Statements of the admin side: create, edit, cancel and the paid entries a cancel refunds. */
@Injectable()
export class RafflesAdminRepository {
  async insert(em: EntityManager, r: NewRaffle): Promise<{ id: number; starts_at: Date; ends_at: Date }> {
    const [row] = await em.execute<{ id: number; starts_at: Date; ends_at: Date }[]>(
      `insert into raffles (title, description, image, prize_description, prize_value_usd, starts_at, ends_at, number_of_winners,
         allow_passwordless, allow_points, points_per_entry, max_tickets_per_user, entry_rules, claim_window_minutes, casino_credit_prize, password_hash, draw_algorithm, seed, seed_hash, created_by)
       values (?, ?, ?, ?, ?::numeric, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?) returning id, starts_at, ends_at`,
      [...editedValues(r), r.password_hash, r.draw_algorithm, r.seed, r.seed_hash, r.created_by],
    );
    return row!;
  }

  /** The editable columns, locked FOR UPDATE for the rest of the caller's transaction. */
  async lockEditable(em: EntityManager, id: number): Promise<EditableRaffle | null> {
    const [row] = await em.execute<EditableRaffle[]>(
      `select title, description, image, prize_description, prize_value_usd::text as prize_value_usd, starts_at, ends_at,
         number_of_winners, allow_passwordless, allow_points, points_per_entry, max_tickets_per_user, entry_rules, claim_window_minutes, casino_credit_prize, (password_hash is not null) as has_password,
         drawn_at, cancelled_at from raffles where id = ? for update`,
      [id],
    );
    return row ?? null;
  }

  async update(em: EntityManager, id: number, r: RaffleWrite): Promise<void> {
    const keepPassword = r.password_hash === undefined;
    await em.execute(
      `update raffles set title = ?, description = ?, image = ?, prize_description = ?, prize_value_usd = ?::numeric, starts_at = ?, ends_at = ?,
         number_of_winners = ?, allow_passwordless = ?, allow_points = ?, points_per_entry = ?, max_tickets_per_user = ?, entry_rules = ?::jsonb, claim_window_minutes = ?,
         casino_credit_prize = ?, password_hash = ${keepPassword ? 'password_hash' : '?'}, updated_at = now() where id = ?`,
      [...editedValues(r), ...(keepPassword ? [] : [r.password_hash]), id],
    );
  }

  /** Draw and cancel state, locked FOR UPDATE. */
  async lockState(em: EntityManager, id: number): Promise<{ drawn_at: Date | null; cancelled_at: Date | null } | null> {
    const [row] = await em.execute<{ drawn_at: Date | null; cancelled_at: Date | null }[]>(
      'select drawn_at, cancelled_at from raffles where id = ? for update',
      [id],
    );
    return row ?? null;
  }

  async markCancelled(em: EntityManager, id: number): Promise<void> {
    await em.execute('update raffles set cancelled_at = now(), updated_at = now() where id = ?', [id]);
  }

  /** Entries paid with points, which a cancel refunds. */
  paidEntries(em: EntityManager, raffleId: number): Promise<{ id: string; user_id: number; points_spent: string }[]> {
    return em.execute(
      'select id::text as id, user_id, points_spent::text as points_spent from raffle_entries where raffle_id = ? and points_spent > 0',
      [raffleId],
    );
  }

  /** Archived raffles, the newest archived first. */
  async archived(em: EntityManager, limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return em.execute(
      `select id, title, archived_at from raffles where archived_at is not null order by archived_at desc, id desc limit ?`,
      [limit],
    );
  }

  /** Lists an archived raffle again; answers its title, or nothing when it is not archived. */
  async restore(em: EntityManager, id: number): Promise<{ id: number; title: string } | undefined> {
    const [row] = await em.execute<{ id: number; title: string }[]>(
      `update raffles set archived_at = null where id = ? and archived_at is not null returning id, title`,
      [id],
    );
    return row;
  }

  /** Archives every raffle that is drawn or cancelled; answers their titles by id. */
  async archiveOver(em: EntityManager): Promise<{ id: number; title: string }[]> {
    return em.execute(
      `update raffles set archived_at = now() where archived_at is null and (drawn_at is not null or cancelled_at is not null)
       returning id, title`,
    );
  }
}
