import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RaffleEntryRules } from '@kickback/contracts';
import { AuditLogService } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { RaffleEntryVoidsRepository, type VoidReason, type VoidedEntry } from './raffle-entry-voids.repository';
import { RaffleEligibilityRepository } from './raffle-eligibility.repository';
import { decideEntry } from './raffle-eligibility';

/** Members whose eligibility facts one statement reads. */
const FACTS_PER_STATEMENT = 1000;

/**
 * Takes a banned member's entries, or those of members who fail a raffle's rules, out of raffles that are not drawn yet:
 * the rows move to raffle_entry_voids (a v2 draw publishes them as excluded), points paid for them are refunded, and the
 * audit log says who, where and why.
 * Runs in the caller's transaction, which holds the member's row (the ban's update of it).
 */
@Injectable()
export class RaffleEntryVoidsService {
  constructor(
    private readonly voids: RaffleEntryVoidsRepository,
    private readonly economy: EconomyService,
    private readonly audit: AuditLogService,
    private readonly eligibility: RaffleEligibilityRepository,
  ) {}

  /** After a Kick moderation ban: every undrawn raffle the member entered. Answers the raffles whose entries changed. */
  async voidForKickBan(tx: EntityManager, userId: number, ban: { kickUserId: number; reason: string | null }): Promise<number[]> {
    const raffleIds = await this.voids.lockOpenRafflesOf(tx, userId);
    const voided = await this.takeOut(tx, raffleIds, userId, 'kick-ban', { kick_user_id: ban.kickUserId, ban_reason: ban.reason });
    return [...new Set(voided.map((v) => v.raffle_id))];
  }

  /**
   * The member deleted their account (the caller holds their row): their entries leave every raffle not yet drawn, as a
   * ban takes them out, so a pseudonym never wins a prize nobody can claim; drawn raffles keep theirs for verifiability.
   * Answers the raffles whose entries changed.
   */
  async voidForDeletedAccount(tx: EntityManager, userId: number): Promise<number[]> {
    const voided = await this.takeOut(tx, await this.voids.lockOpenRafflesOf(tx, userId), userId, 'account-deleted', {});
    return [...new Set(voided.map((v) => v.raffle_id))];
  }

  /** At the draw (the caller holds the raffle FOR UPDATE): members banned since they entered are excluded. */
  async voidBannedAtDraw(tx: EntityManager, raffleId: number): Promise<number> {
    let count = 0;
    for (const { user_id, reason } of await this.voids.bannedEntrants(tx, raffleId)) {
      count += (await this.takeOut(tx, [raffleId], user_id, reason, { at_draw: true })).length;
    }
    return count;
  }

  /**
   * The raffle's rules applied to everyone who entered (the caller holds the raffle FOR UPDATE): entrants who do not meet
   * them now are taken out as a ban takes them out, with the rule they fail. Facts are read for a thousand members per
   * statement, so a stream-sized raffle is checked in a few round trips.
   */
  async voidIneligible(tx: EntityManager, raffleId: number, rules: RaffleEntryRules): Promise<{ user_id: number; rule: string }[]> {
    const out: { user_id: number; rule: string }[] = [];
    const entrants = await this.voids.entrants(tx, raffleId);
    for (let i = 0; i < entrants.length; i += FACTS_PER_STATEMENT)
      for (const facts of await this.eligibility.factsOf(tx, entrants.slice(i, i + FACTS_PER_STATEMENT), rules)) {
        const decision = decideEntry(rules, facts);
        if ('refused' in decision) out.push({ user_id: facts.user_id, rule: decision.refused });
      }
    for (const { user_id, rule } of out) await this.takeOut(tx, [raffleId], user_id, 'rules', { rule });
    return out;
  }

  /** Moves the member's entries in these raffles out, refunds them and records why; answers what was moved. */
  private async takeOut(
    tx: EntityManager,
    raffleIds: number[],
    userId: number,
    reason: VoidReason,
    detail: Record<string, unknown>,
  ): Promise<VoidedEntry[]> {
    const voided = await this.voids.voidEntries(tx, raffleIds, userId, reason);
    await this.settle(tx, voided, reason, detail);
    return voided;
  }

  private async settle(tx: EntityManager, voided: VoidedEntry[], reason: VoidReason, detail: Record<string, unknown>): Promise<void> {
    for (const entry of voided)
      if (Number(entry.points_spent) > 0)
        await this.economy.credit(tx, {
          userId: entry.user_id,
          amount: Number(entry.points_spent),
          reason: 'raffle.refund',
          reference: `raffle:${entry.raffle_id}`,
          idempotencyKey: `raffle-void-refund:${entry.entry_id}`,
        });
    const byRaffle = new Map<number, VoidedEntry[]>();
    for (const entry of voided) byRaffle.set(entry.raffle_id, [...(byRaffle.get(entry.raffle_id) ?? []), entry]);
    for (const [raffleId, entries] of byRaffle)
      await this.audit.record(tx, {
        actorId: null,
        action: 'raffle.entries-voided',
        entity: 'raffle',
        entityId: raffleId,
        before: { user_id: entries[0]!.user_id, entries: entries.map((e) => ({ entry_id: Number(e.entry_id), tickets: e.tickets })) },
        after: { reason, ...detail },
      });
  }
}
