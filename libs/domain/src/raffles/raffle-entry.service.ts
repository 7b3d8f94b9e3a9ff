import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { isRowId, type RaffleEnterRequest, type RaffleEntry, type RaffleEntryType } from '@kickback/contracts';
import { conflict, unauthorized, unprocessable } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { raffleNotFound } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { FreeEntryBatcher } from './free-entry-batcher';
import { verifyRafflePassword } from './raffle-password';
import { RafflePasswordAttempts } from './raffle-password-attempts';
import { RAFFLE_OPEN_SQL, raffleStatus, toRaffleEntry, type UserRow } from './raffle-rows';

export const ENTER_LOGIN_MESSAGE = 'Please log in to enter raffles';
export const ENTER_KICK_MESSAGE = 'You need a Kick streaming username to enter raffles. Connect your Kick account in Settings.';
export const ENTERED_MESSAGE = 'Successfully entered the raffle!';

interface EntryContext extends UserRow {
  raffle_id: number | null;
  starts_at: Date;
  ends_at: Date;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  allow_passwordless: boolean;
  allow_points: boolean;
  points_per_entry: number | null;
  max_tickets_per_user: number | null;
  password_hash: string | null;
}

interface InsertedEntry {
  entry_id: string;
  tickets: number;
  created_at: Date;
}

/** The raffle, if it accepts entries now (see RAFFLE_OPEN_SQL). */
const OPEN_RAFFLE = `from raffles r where r.id = ? and ${RAFFLE_OPEN_SQL}`;

/**
 * Entering a raffle: one short transaction. Free and password entries are a single statement
 * (entry row + its outbox event); the once-per-member rule is the partial unique index.
 * Free entries first go through FreeEntryBatcher (many members per statement); only when that
 * wrote nothing does the path below run, to refuse with the reason.
 * Points entries add the debit through EconomyService in the same transaction.
 */
@Injectable()
export class RaffleEntryService {
  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
    private readonly live: RaffleLivePublisher,
    private readonly freeEntries: FreeEntryBatcher,
    private readonly passwordAttempts: RafflePasswordAttempts,
  ) {}

  async enter(
    userId: number | null,
    raffleId: number,
    body: RaffleEnterRequest,
    requestKey?: string,
  ): Promise<{ message: string; entry: RaffleEntry | null }> {
    if (!userId) throw unauthorized(ENTER_LOGIN_MESSAGE);
    // Callers bound ids already; this keeps any other caller's id from reaching a shared batch statement.
    if (!isRowId(raffleId)) throw raffleNotFound();
    if (body.entry_type === 'passwordless') {
      // The common case: written together with everyone else entering at the same moment.
      const entry = await this.freeEntries.enter(userId, raffleId);
      if (entry) return { message: ENTERED_MESSAGE, entry };
    }
    const em = this.em.fork();
    const [ctx] = await em.execute<EntryContext[]>(
      `select u.id, u.username, u.kick_username, u.avatar_url, r.id as raffle_id, r.starts_at, r.ends_at, r.drawn_at, r.cancelled_at,
              r.allow_passwordless, r.allow_points, r.points_per_entry, r.max_tickets_per_user, r.password_hash
       from users u left join raffles r on r.id = ? where u.id = ?`,
      [raffleId, userId],
    );
    if (!ctx) throw unauthorized(ENTER_LOGIN_MESSAGE);
    if (!ctx.raffle_id) throw raffleNotFound();
    if (!ctx.kick_username?.trim()) throw unprocessable(ENTER_KICK_MESSAGE, { kick_username: [ENTER_KICK_MESSAGE] });
    this.assertOpen(ctx);

    let result: { message: string; entry: RaffleEntry | null };
    if (body.entry_type === 'passwordless') result = await this.enterOnce(em, ctx, 'passwordless');
    else if (body.entry_type === 'password') result = await this.enterWithPassword(em, ctx, body.password ?? '');
    else result = await this.enterWithPoints(em, ctx, body.points_spent ?? ctx.points_per_entry ?? 1, requestKey ?? randomUUID());
    if (result.entry) await this.live.entryChanged(raffleId, result.entry);
    return result;
  }

  private assertOpen(ctx: EntryContext): void {
    if (ctx.cancelled_at) throw unprocessable('This raffle has been cancelled.');
    const status = raffleStatus(ctx);
    if (status === 'Pending') throw unprocessable('This raffle has not started yet.');
    if (status === 'Ended') throw unprocessable('This raffle has ended and no longer accepts entries.');
  }

  private async enterWithPassword(em: EntityManager, ctx: EntryContext, password: string) {
    if (!ctx.password_hash) throw unprocessable('Password entry is not available for this raffle.');
    if (!password.trim()) throw unprocessable('Please enter the raffle password.', { password: ['Please enter the raffle password.'] });
    await this.passwordAttempts.assertMayTry(ctx.raffle_id!, ctx.id);
    if (!(await verifyRafflePassword(password.trim(), ctx.password_hash))) {
      await this.passwordAttempts.recordMiss(ctx.raffle_id!, ctx.id);
      throw unprocessable('Incorrect password.', { password: ['Incorrect password.'] });
    }
    return this.enterOnce(em, ctx, 'password');
  }

  private async enterOnce(em: EntityManager, ctx: EntryContext, type: 'passwordless' | 'password') {
    if (type === 'passwordless' && !ctx.allow_passwordless) throw unprocessable('Free entry is not available for this raffle.');
    const [row] = await em.execute<InsertedEntry[]>(
      `with e as (
         insert into raffle_entries (raffle_id, user_id, entry_type, tickets)
         select r.id, ?, ?, 1 ${OPEN_RAFFLE} for key share of r
         on conflict (raffle_id, user_id) where entry_type = '${type}' do nothing
         returning id, tickets, created_at
       ), o as (
         insert into outbox_events (type, payload)
         select 'raffle.entered', jsonb_build_object('raffleId', ?::int, 'userId', ?::int, 'entryId', e.id, 'entryType', ?::text, 'tickets', 1, 'pointsSpent', 0) from e
       )
       select id::text as entry_id, tickets, created_at from e`,
      [ctx.id, type, ctx.raffle_id, ctx.raffle_id, ctx.id, type],
    );
    if (!row) return this.explainRefusal(em, ctx, type);
    return { message: ENTERED_MESSAGE, entry: this.view(ctx, row, type) };
  }

  private async enterWithPoints(em: EntityManager, ctx: EntryContext, pointsSpent: number, requestKey: string) {
    const price = ctx.points_per_entry;
    if (!ctx.allow_points || !price) throw unprocessable('Points entry is not available for this raffle.');
    if (pointsSpent % price !== 0) {
      const message = `Points must be a multiple of ${price}.`;
      throw unprocessable(message, { points_spent: [message] });
    }
    const tickets = pointsSpent / price;
    if (ctx.max_tickets_per_user && tickets > ctx.max_tickets_per_user) throw this.overLimit(ctx.max_tickets_per_user);
    const raffleId = ctx.raffle_id as number;
    return em.transactional(async (tx) => {
      const debit = await this.economy.debit(tx, {
        userId: ctx.id,
        amount: pointsSpent,
        reason: 'raffle.entry',
        reference: `raffle:${raffleId}`,
        idempotencyKey: `raffle-entry:${raffleId}:${ctx.id}:${requestKey}`,
      });
      if (!debit.applied) return { message: 'This entry was already recorded.', entry: null };
      const [row] = await tx.execute<InsertedEntry[]>(
        `with e as (
           insert into raffle_entries (raffle_id, user_id, entry_type, tickets, points_spent)
           select r.id, ?, 'points', ?, ? ${OPEN_RAFFLE} for key share of r
           on conflict (raffle_id, user_id) where entry_type = 'points' do update
             set tickets = raffle_entries.tickets + excluded.tickets,
                 points_spent = raffle_entries.points_spent + excluded.points_spent,
                 updated_at = now()
             where ?::int is null or raffle_entries.tickets + excluded.tickets <= ?::int
           returning id, tickets, created_at
         ), o as (
           insert into outbox_events (type, payload)
           select 'raffle.entered', jsonb_build_object('raffleId', ?::int, 'userId', ?::int, 'entryId', e.id, 'entryType', 'points', 'tickets', ?::int, 'pointsSpent', ?::int) from e
         )
         select id::text as entry_id, tickets, created_at from e`,
        [
          ctx.id,
          tickets,
          pointsSpent,
          raffleId,
          ctx.max_tickets_per_user,
          ctx.max_tickets_per_user,
          raffleId,
          ctx.id,
          tickets,
          pointsSpent,
        ],
      );
      // No row: the raffle closed meanwhile or the cap was reached; throwing rolls the debit back.
      if (!row) return this.explainRefusal(tx, ctx, 'points');
      const word = tickets === 1 ? 'ticket' : 'tickets';
      return { message: `Successfully entered the raffle with ${tickets} ${word}!`, entry: this.view(ctx, row, 'points') };
    });
  }

  /** Nothing was written: say why (closed meanwhile, or already entered). Always throws. */
  private async explainRefusal(em: EntityManager, ctx: EntryContext, type: RaffleEntryType): Promise<never> {
    const [open] = await em.execute(`select 1 ${OPEN_RAFFLE}`, [ctx.raffle_id]);
    if (!open) throw unprocessable('This raffle has ended and no longer accepts entries.');
    if (type === 'passwordless') throw conflict('You have already entered this raffle for free.');
    if (type === 'password') throw conflict('You have already entered this raffle with the password.');
    throw this.overLimit(ctx.max_tickets_per_user ?? 0);
  }

  private overLimit(max: number) {
    const message = `You can hold at most ${max} points ${max === 1 ? 'ticket' : 'tickets'} in this raffle.`;
    return unprocessable(message, { points_spent: [message] });
  }

  private view(ctx: EntryContext, row: InsertedEntry, type: RaffleEntryType): RaffleEntry {
    return toRaffleEntry({
      ...ctx,
      entry_id: row.entry_id,
      entry_type: type,
      tickets: row.tickets,
      points_spent: '0',
      created_at: row.created_at,
    });
  }
}
