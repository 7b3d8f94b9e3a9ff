import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { SAFETY_MESSAGES, isRowId, type RaffleEnterRequest, type RaffleEntry, type RaffleEntryType } from '@kickback/contracts';
import { conflict, unauthorized, unprocessable } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { raffleNotFound } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { FreeEntryBatcher } from './free-entry-batcher';
import { RafflePasswordAttempts } from './raffle-password-attempts';
import { raffleStatus, toRaffleEntry } from './raffle-rows';
import { RafflesEntriesRepository, type EntryContext, type InsertedEntry } from './raffles-entries.repository';
import { RaffleEligibilityRepository } from './raffle-eligibility.repository';
import { decideEntry } from './raffle-eligibility';
import { MemberBreaksService } from '../safety/member-breaks.service';

export const ENTER_LOGIN_MESSAGE = 'Please log in to enter raffles';
export const ENTER_KICK_MESSAGE = 'You need a Kick streaming username to enter raffles. Connect your Kick account in Settings.';
export const ENTERED_MESSAGE = 'Successfully entered the raffle!';

/** What to answer, and for an accepted entry the row it wrote: the push needs its first entry id and counters. */
type Written = { message: string; entry: null } | { message: string; entry: RaffleEntry; row: InsertedEntry };

/** Said after an accepted entry whose tickets a subscriber multiplier weighs. */
const luckNote = (multiplier: number) => (multiplier > 1 ? ` As a subscriber, your tickets count ×${multiplier} in the draw.` : '');

/**
 * Entering a raffle: one short transaction. Free and password entries are a single statement
 * (entry row, counters and its outbox event; see RafflesEntriesRepository); the once-per-member rule is the
 * partial unique index.
 * Free entries of raffles without entry rules first go through FreeEntryBatcher (many members per statement); only
 * when that wrote nothing does the path below run, to decide the rules or refuse with the reason.
 * The path below holds the member's row FOR SHARE, then decides the entry rules (docs/raffle-draws.md) from what is
 * committed once that lock is held, then writes: a ban (site or Kick) updates that row, so it either waits for this
 * entry and voids it, or this entry waits for it and is refused. The subscriber multiplier decided here is written on
 * the entry row. HTTP and the raffle:enter socket event both call enter(), so both refuse with the same messages.
 * Points entries add the debit through EconomyService in the same transaction.
 */
@Injectable()
export class RaffleEntryService {
  constructor(
    private readonly em: EntityManager,
    private readonly entries: RafflesEntriesRepository,
    private readonly economy: EconomyService,
    private readonly live: RaffleLivePublisher,
    private readonly freeEntries: FreeEntryBatcher,
    private readonly passwordAttempts: RafflePasswordAttempts,
    private readonly eligibility: RaffleEligibilityRepository,
    private readonly breaks: MemberBreaksService,
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
    const ctx = await this.entries.context(em, raffleId, userId);
    if (!ctx) throw unauthorized(ENTER_LOGIN_MESSAGE);
    if (!ctx.raffle_id) throw raffleNotFound();
    if (!ctx.kick_username?.trim()) throw unprocessable(ENTER_KICK_MESSAGE, { kick_username: [ENTER_KICK_MESSAGE] });
    this.assertOpen(ctx);
    if (ctx.casino_credit_prize) await this.breaks.refuseOnBreak(userId, SAFETY_MESSAGES.raffleRefused);
    // Checked before the transaction: a guess can wait its turn for the hash, and it must not hold a database
    // connection and the member's row while it waits (guesses from many accounts at once would take the pool).
    if (body.entry_type === 'password') await this.checkPassword(ctx, body.password ?? '');

    const result = await em.transactional(async (tx): Promise<Written> => {
      await this.eligibility.lockMember(tx, ctx.id);
      const decision = decideEntry(ctx.entry_rules, await this.eligibility.facts(tx, ctx.id, ctx.entry_rules));
      if ('refused' in decision) throw unprocessable(decision.refused);
      if (body.entry_type === 'passwordless') return this.enterOnce(tx, ctx, 'passwordless', decision.multiplier);
      if (body.entry_type === 'password') return this.enterOnce(tx, ctx, 'password', decision.multiplier);
      const points = body.points_spent ?? ctx.points_per_entry ?? 1;
      return this.enterWithPoints(tx, ctx, points, requestKey ?? randomUUID(), decision.multiplier);
    });
    if (result.entry)
      await this.live.entryChanged(
        raffleId,
        { entry: result.entry, firstEntryId: Number(result.row.first_entry_id), personTickets: result.row.person_tickets },
        result.row,
      );
    return { message: result.message, entry: result.entry };
  }

  private assertOpen(ctx: EntryContext): void {
    if (ctx.cancelled_at) throw unprocessable('This raffle has been cancelled.');
    const status = raffleStatus(ctx);
    if (status === 'Pending') throw unprocessable('This raffle has not started yet.');
    if (status === 'Ended') throw unprocessable('This raffle has ended and no longer accepts entries.');
  }

  private async checkPassword(ctx: EntryContext, password: string): Promise<void> {
    if (!ctx.password_hash) throw unprocessable('Password entry is not available for this raffle.');
    if (!password.trim()) throw unprocessable('Please enter the raffle password.', { password: ['Please enter the raffle password.'] });
    if (!(await this.passwordAttempts.verify(ctx.raffle_id!, ctx.id, password.trim(), ctx.password_hash))) {
      throw unprocessable('Incorrect password.', { password: ['Incorrect password.'] });
    }
  }

  private async enterOnce(em: EntityManager, ctx: EntryContext, type: 'passwordless' | 'password', multiplier: number): Promise<Written> {
    if (type === 'passwordless' && !ctx.allow_passwordless) throw unprocessable('Free entry is not available for this raffle.');
    const row = await this.entries.insertOnce(em, ctx.raffle_id!, ctx.id, type, multiplier);
    if (!row) return this.explainRefusal(em, ctx, type);
    return { message: ENTERED_MESSAGE + luckNote(multiplier), entry: this.view(ctx, row, type), row };
  }

  /** Runs in the caller's transaction, so a refusal after the debit rolls the debit back. */
  private async enterWithPoints(
    tx: EntityManager,
    ctx: EntryContext,
    pointsSpent: number,
    requestKey: string,
    multiplier: number,
  ): Promise<Written> {
    const price = ctx.points_per_entry;
    if (!ctx.allow_points || !price) throw unprocessable('Points entry is not available for this raffle.');
    if (pointsSpent % price !== 0) {
      const message = `Points must be a multiple of ${price}.`;
      throw unprocessable(message, { points_spent: [message] });
    }
    const tickets = pointsSpent / price;
    if (ctx.max_tickets_per_user && tickets > ctx.max_tickets_per_user) throw this.overLimit(ctx.max_tickets_per_user);
    const raffleId = ctx.raffle_id as number;
    const debit = await this.economy.debit(tx, {
      userId: ctx.id,
      amount: pointsSpent,
      reason: 'raffle.entry',
      reference: `raffle:${raffleId}`,
      idempotencyKey: `raffle-entry:${raffleId}:${ctx.id}:${requestKey}`,
    });
    if (!debit.applied) return { message: 'This entry was already recorded.', entry: null };
    const row = await this.entries.addPointsTickets(tx, {
      raffleId,
      userId: ctx.id,
      tickets,
      pointsSpent,
      maxTickets: ctx.max_tickets_per_user,
      multiplier,
    });
    // No row: the raffle closed meanwhile or the cap was reached; throwing rolls the debit back.
    if (!row) return this.explainRefusal(tx, ctx, 'points');
    const word = tickets === 1 ? 'ticket' : 'tickets';
    return {
      message: `Successfully entered the raffle with ${tickets} ${word}!${luckNote(row.multiplier)}`,
      entry: this.view(ctx, row, 'points'),
      row,
    };
  }

  /** Nothing was written: say why (closed meanwhile, or already entered). Always throws. */
  private async explainRefusal(em: EntityManager, ctx: EntryContext, type: RaffleEntryType): Promise<never> {
    if (!(await this.entries.isOpen(em, ctx.raffle_id!))) throw unprocessable('This raffle has ended and no longer accepts entries.');
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
