import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutSource } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import type { PayoutOpening } from './payout-opening';
import { PayoutsRepository } from './payouts.repository';

/**
 * Where prizes enter the payout ledger. Every feature that decides a prize opens its payout here, inside the deciding
 * transaction, once per (source, source id, place, recipient): a retried job or a redelivered event finds the row
 * there and opens nothing. Each new row or status writes `payout.changed`, so the member's page and the admin queue
 * hear of it after commit.
 */
@Injectable()
export class PayoutLedgerService {
  constructor(
    private readonly repository: PayoutsRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** Opens a payout (idempotent); the member's page and the admin queue hear of it after commit. */
  async open(tx: EntityManager, opening: PayoutOpening): Promise<void> {
    const row = await this.repository.insert(tx, opening);
    if (row)
      await this.outbox.add(tx, 'payout.changed', {
        payoutId: row.id,
        userId: opening.userId,
        status: row.status,
        created: true,
        at: new Date().toISOString(),
      });
  }

  /** A member's win that no longer stands (rerolled, or passed on unclaimed): its payout is cancelled unless paying started. */
  async cancelWin(
    tx: EntityManager,
    key: { source: PayoutSource; sourceId: number; place: number; userId: number },
    reason: string,
    actorId: number | null,
  ): Promise<void> {
    const row = await this.repository.cancelUnstarted(tx, key, reason, actorId);
    if (row)
      await this.outbox.add(tx, 'payout.changed', {
        payoutId: row.id,
        userId: key.userId,
        status: row.status,
        created: false,
        at: new Date().toISOString(),
      });
  }
}

/** The payout ledger for code that runs outside Nest (the demo seed): the same rows, on the connection it is given. */
export const standalonePayoutLedger = (): PayoutLedgerService => new PayoutLedgerService(new PayoutsRepository(), new OutboxService());
