import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RaffleEntryVoidsService } from '../raffles/raffle-entry-voids.service';
import { RaffleLivePublisher } from '../raffles/raffle-live.publisher';

/**
 * What account deletion does to raffles: the member's entries in raffles not yet drawn are voided with their points
 * refunded (as a ban voids them), so "Deleted member #20" never wins a prize nobody can claim; entries of drawn raffles
 * stay, since their published entry list and winners must still verify.
 */
@Injectable()
export class AccountDeletionRaffles {
  private readonly logger = new Logger(AccountDeletionRaffles.name);

  constructor(
    private readonly voids: RaffleEntryVoidsService,
    private readonly live: RaffleLivePublisher,
  ) {}

  /** In the deletion's transaction, which holds the member's row; answers the raffles whose entries changed. */
  voidUndrawnEntries(tx: EntityManager, userId: number): Promise<number[]> {
    return this.voids.voidForDeletedAccount(tx, userId);
  }

  /** After commit: those raffles' pages, lists and overlays show the new totals (a lost push is healed by the next read). */
  async announce(raffleIds: number[]): Promise<void> {
    for (const raffleId of raffleIds)
      await this.live.statusChanged(raffleId).catch((err) => this.logger.warn({ err, raffleId }, 'raffle push after a deletion failed'));
  }
}
