import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_MEMBER_NAME } from '@kickback/contracts';

export interface ExportRow {
  id: number;
  user_id: number;
  status: 'pending' | 'ready' | 'failed';
  archive_bytes: number | null;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

type Rows = Record<string, unknown>[];

const EXPORT_COLUMNS = 'id, user_id, status, archive_bytes, requested_at, ready_at, expires_at';

/**
 * The member's own rows for their archive, and the pseudonymising of a deleted account. Like the public profile's
 * read model, the export reads each feature's member rows (ledger, entries, predictions, redemptions, tickets,
 * friendships) in one place, read-only; the deletion writes only the member's own row and their personal rows.
 */
@Injectable()
export class AccountDataRepository {
  async latestExport(em: EntityManager, userId: number): Promise<ExportRow | null> {
    const rows = await em.execute<ExportRow[]>(`select ${EXPORT_COLUMNS} from account_exports where user_id = ? order by id desc limit 1`, [
      userId,
    ]);
    return rows[0] ?? null;
  }

  /** A new pending export, or null while one is already being built (the partial unique index). */
  async insertExport(em: EntityManager, userId: number): Promise<ExportRow | null> {
    const rows = await em.execute<ExportRow[]>(
      `insert into account_exports (user_id) values (?) on conflict (user_id) where status = 'pending' do nothing returning ${EXPORT_COLUMNS}`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Answers false when the export is not pending any more (already built by an earlier delivery). */
  async storeArchive(em: EntityManager, exportId: number, archive: Buffer, ttlHours: number): Promise<boolean> {
    const rows = await em.execute(
      `update account_exports set status = 'ready', archive = ?, archive_bytes = ?, ready_at = now(),
         expires_at = now() + make_interval(hours => ?)
       where id = ? and status = 'pending' returning id`,
      [archive, archive.length, ttlHours, exportId],
    );
    return rows.length > 0;
  }

  async markFailed(em: EntityManager, exportId: number): Promise<void> {
    await em.execute(`update account_exports set status = 'failed' where id = ? and status = 'pending'`, [exportId]);
  }

  /** The archive while it is ready, unexpired and the viewer's own. */
  async archive(em: EntityManager, userId: number, exportId: number): Promise<Buffer | null> {
    const rows = await em.execute<{ archive: Buffer }[]>(
      `select archive from account_exports where id = ? and user_id = ? and status = 'ready' and expires_at > now()`,
      [exportId, userId],
    );
    return rows[0]?.archive ?? null;
  }

  /** Expired archives are deleted (their rows stay as the request's record); answers how many. */
  async purgeExpired(em: EntityManager): Promise<number> {
    const rows = await em.execute(
      `update account_exports set archive = null where expires_at <= now() and archive is not null returning id`,
    );
    return rows.length;
  }

  async profile(em: EntityManager, userId: number): Promise<Record<string, unknown> | null> {
    const rows = await em.execute<Rows>(
      `select id, username, name, email, role, kick_user_id::text as kick_user_id, kick_username, avatar_url, bio, login_count,
              created_at, updated_at, last_seen_at
       from users where id = ? and deleted_at is null`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async settings(em: EntityManager, userId: number): Promise<Record<string, unknown>> {
    const [row] = await em.execute<Rows>(
      `select crypto as crypto1, crypto2, crypto3, twitter_user, instagram_user, youtube_user, tiktok_user, website from users where id = ?`,
      [userId],
    );
    return row ?? {};
  }

  pointsLedger(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select id::text as id, delta::text as delta, reason, reference, note, created_at from points_ledger where user_id = ? order by id`,
      [userId],
    );
  }

  /**
   * The member's entries, with the ones taken out of a draw (a ban, the raffle's rules) marked `excluded`, and for a win
   * its place and claim: the deadline, when it was claimed, or whether the prize passed on unclaimed.
   */
  raffleEntries(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `with mine as (
         select e.id, e.raffle_id, e.entry_type, e.tickets, e.multiplier, e.points_spent, e.created_at, false as excluded, null::text as excluded_because
         from raffle_entries e where e.user_id = ?
         union all
         select v.entry_id, v.raffle_id, v.entry_type, v.tickets, v.multiplier, v.points_spent, v.voided_at, true, v.reason
         from raffle_entry_voids v where v.user_id = ?
       )
       select m.id::text as id, m.raffle_id, r.title as raffle_title, m.entry_type, m.tickets, m.multiplier,
              m.points_spent::text as points_spent, m.created_at, m.excluded, m.excluded_because,
              w.position is not null as won, w.position as win_position, w.claim_deadline, w.claimed_at,
              coalesce(w.unclaimed, false) as prize_passed_on
       from mine m join raffles r on r.id = m.raffle_id
       left join raffle_winners w on w.raffle_id = m.raffle_id and w.user_id = ?
       order by m.id`,
      [userId, userId, userId],
    );
  }

  huntPredictions(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select p.id, p.hunt_id, p.end_balance::text as end_balance, p.highest_multiplier::text as highest_multiplier, p.highest_multiplier_game,
              p.rank, p.created_at, p.updated_at
       from hunt_predictions p where p.user_id = ? order by p.id`,
      [userId],
    );
  }

  tournamentPredictions(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select p.id, p.tournament_id, t.name as tournament_name, p.match_id, p.predicted_winner_name, p.created_at, p.updated_at
       from tournament_predictions p join tournaments t on t.id = p.tournament_id where p.user_id = ? order by p.id`,
      [userId],
    );
  }

  redemptions(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select r.id::text as id, r.item_id, i.name as item_name, r.cost, r.status, c.code, r.created_at, r.processed_at, r.refunded_at
       from store_redemptions r join store_items i on i.id = r.item_id left join store_codes c on c.redemption_id = r.id
       where r.user_id = ? order by r.id`,
      [userId],
    );
  }

  /** The member's prizes and how they were paid; the proof screenshot's stored name stays out (the member sees it on My Prizes). */
  payouts(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select id::text as id, source, source_id::text as source_id, place, prize, amount::text as amount, currency, status, reason,
              claim_deadline, proof_reference, proof_url, created_at, status_changed_at, paid_at
       from payouts where user_id = ? order by id`,
      [userId],
    );
  }

  /** Slots the member asked for, with what each request cost them and how it ended. */
  slotRequests(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select r.id, s.name as slot_name, p.name as provider, q.source, q.points, q.created_at as requested_at, q.refunded_at,
              r.status, r.bet::text as bet, r.win::text as win, r.closed_at
       from slot_request_requesters q join slot_requests r on r.id = q.request_id
       join slots s on s.id = r.slot_id join slot_providers p on p.id = s.provider_id
       where q.user_id = ? order by q.created_at, r.id`,
      [userId],
    );
  }

  /** The member's site votes (chat votes are kept by Kick id, not by member). */
  pollVotes(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select v.poll_id, p.question, v.option, p.options ->> v.option::int as option_label, v.voted_at, v.changed_at
       from poll_votes v join polls p on p.id = v.poll_id where v.user_id = ? order by v.id`,
      [userId],
    );
  }

  contestStakes(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select s.contest_id, c.question, s.option, c.options ->> s.option::int as option_label, s.points::text as points,
              s.first_staked_at, c.status as contest_status, c.winning_option
       from contest_stakes s join contests c on c.id = s.contest_id where s.user_id = ? order by s.first_staked_at`,
      [userId],
    );
  }

  tickets(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select t.id, t.title, t.description, c.name as category, t.priority, t.status, t.created_at, t.updated_at
       from tickets t join ticket_categories c on c.id = t.category_id where t.user_id = ? order by t.id`,
      [userId],
    );
  }

  ticketReplies(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select r.id, r.ticket_id, r.message, r.is_admin, r.created_at from ticket_replies r
       join tickets t on t.id = r.ticket_id where t.user_id = ? order by r.id`,
      [userId],
    );
  }

  ticketImages(
    em: EntityManager,
    userId: number,
  ): Promise<
    {
      id: number;
      ticket_id: number;
      reply_id: number | null;
      stored_name: string;
      original_filename: string;
      bytes: number;
      created_at: Date;
    }[]
  > {
    return em.execute(
      `select i.id, i.ticket_id, i.reply_id, i.stored_name, i.original_filename, i.bytes, i.created_at from ticket_images i
       join tickets t on t.id = i.ticket_id where t.user_id = ? order by i.id`,
      [userId],
    );
  }

  friends(em: EntityManager, userId: number): Promise<Rows> {
    return em.execute<Rows>(
      `select f.id::text as id, f.status, case when f.sender_id = ? then 'sent' else 'received' end as direction,
              u.id as user_id, u.username, f.created_at, f.accepted_at
       from friendships f join users u on u.id = case when f.sender_id = ? then f.receiver_id else f.sender_id end
       where f.sender_id = ? or f.receiver_id = ? order by f.id`,
      [userId, userId, userId, userId],
    );
  }

  /** Locks the member's row; null when there is no live account. */
  async lockMember(em: EntityManager, userId: number): Promise<{ username: string; role: string; kick_user_id: string | null } | null> {
    const rows = await em.execute<{ username: string; role: string; kick_user_id: string | null }[]>(
      'select username, role, kick_user_id::text as kick_user_id from users where id = ? and deleted_at is null for update',
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Removes the member's personal data and keeps the row under a pseudonym ("Deleted member #id": unique, and no Kick
   * name has a space), so every ledger, entry, prediction, winner and draw row still names the same id. Answers the
   * stored names of their ticket images, whose files go after commit.
   */
  async pseudonymise(em: EntityManager, userId: number, kickUserId: string | null): Promise<string[]> {
    const images = await em.execute<{ stored_name: string }[]>(
      'select i.stored_name from ticket_images i join tickets t on t.id = i.ticket_id where t.user_id = ?',
      [userId],
    );
    await em.execute(
      `update users set username = ? || ' #' || id, name = ?, email = null, kick_user_id = null, kick_username = null,
         avatar_url = null, bio = '', crypto = null, crypto2 = null, crypto3 = null, twitter_user = null, instagram_user = null,
         youtube_user = null, tiktok_user = null, website = null, role = 'member', deleted_at = now(), updated_at = now()
       where id = ?`,
      [DELETED_MEMBER_NAME, DELETED_MEMBER_NAME, userId],
    );
    await em.execute('delete from friendships where sender_id = ? or receiver_id = ?', [userId, userId]);
    await em.execute('delete from tickets where user_id = ?', [userId]);
    await em.execute('delete from contact_messages where user_id = ?', [userId]);
    await em.execute('delete from account_exports where user_id = ?', [userId]);
    // What ties the member's Kick account to this row: imported names, ledger keys built from a name or a Kick id, and
    // the Kick facts the webhooks recorded. The rows stay (ledgers and draws keep adding up); the names and ids go.
    await em.execute(`update points_import_rows set kick_name = 'deleted #' || id where user_id = ?`, [userId]);
    await em.execute(
      `update points_ledger set idempotency_key = 'deleted-member:' || id
       where user_id = ? and (idempotency_key like 'import:%' or idempotency_key like 'import-rollback:%'
         or idempotency_key like 'activity:follow:%' or idempotency_key like 'demo-seed:%')`,
      [userId],
    );
    await em.execute(
      `update activity_awards set kick_user_id = null, key = case when key like 'follow:%' then 'deleted-member:' || id else key end
       where user_id = ?`,
      [userId],
    );
    if (kickUserId) {
      await em.execute('delete from activity_awards where kick_user_id = ? and user_id is null', [kickUserId]);
      await em.execute('delete from activity_chatters where kick_user_id = ?', [kickUserId]);
      await em.execute('delete from kick_viewers where kick_user_id = ?', [kickUserId]);
      // Poll votes a Kick account cast from chat before it was linked to this member (docs/polls.md).
      await em.execute('delete from poll_votes where kick_user_id = ?', [kickUserId]);
    }
    return images.map((i) => i.stored_name);
  }
}
