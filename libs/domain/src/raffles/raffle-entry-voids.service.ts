import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLogService } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { RaffleEntryVoidsRepository, type VoidReason, type VoidedEntry } from './raffle-entry-voids.repository';

/**
 * Takes a banned member's entries out of raffles that are not drawn yet: the rows move to raffle_entry_voids (a v2
 * draw publishes them as excluded), points paid for them are refunded, and the audit log says who, where and why.
 * Runs in the caller's transaction, which holds the member's row (the ban's update of it).
 */
@Injectable()
export class RaffleEntryVoidsService {
  constructor(
    private readonly voids: RaffleEntryVoidsRepository,
    private readonly economy: EconomyService,
    private readonly audit: AuditLogService,
  ) {}

  /** After a Kick moderation ban: every undrawn raffle the member entered. Answers the raffles whose entries changed. */
  async voidForKickBan(tx: EntityManager, userId: number, ban: { kickUserId: number; reason: string | null }): Promise<number[]> {
    const raffleIds = await this.voids.lockOpenRafflesOf(tx, userId);
    const voided = await this.voids.voidEntries(tx, raffleIds, userId, 'kick-ban');
    await this.settle(tx, voided, 'kick-ban', { kick_user_id: ban.kickUserId, ban_reason: ban.reason });
    return [...new Set(voided.map((v) => v.raffle_id))];
  }

  /** At the draw (the caller holds the raffle FOR UPDATE): members banned since they entered are excluded. */
  async voidBannedAtDraw(tx: EntityManager, raffleId: number): Promise<number> {
    let count = 0;
    for (const { user_id, reason } of await this.voids.bannedEntrants(tx, raffleId)) {
      const voided = await this.voids.voidEntries(tx, [raffleId], user_id, reason);
      await this.settle(tx, voided, reason, { at_draw: true });
      count += voided.length;
    }
    return count;
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
