import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { conflict, unprocessable } from '@kickback/platform';
import { raffleNotFound } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { RafflesDrawsRepository } from './raffles-draws.repository';

export const CLAIM_MESSAGES = {
  claimed: 'Prize claimed! The streamer will be in touch to deliver it.',
  notAWinner: 'You have no prize to claim in this raffle.',
  already: 'You have already claimed this prize.',
  noWindow: 'This raffle needs no claim: the streamer delivers every prize.',
  closed: 'Your claim window has closed, so the prize passed to the next person in the draw order.',
} as const;

/**
 * A winner's claim. It takes the raffle row FOR UPDATE, as a pass of unclaimed prizes does (RaffleDrawService), so a
 * claim at the deadline and the pass are decided one after the other on the database clock: either the claim is in time
 * and the pass skips it, or the pass ran first and the claim finds the prize gone.
 */
@Injectable()
export class RaffleClaimsService {
  constructor(
    private readonly em: EntityManager,
    private readonly draws: RafflesDrawsRepository,
    private readonly live: RaffleLivePublisher,
  ) {}

  async claim(userId: number, raffleId: number): Promise<string> {
    await this.em.fork().transactional(async (tx) => {
      const raffle = await this.draws.lock(tx, raffleId);
      if (!raffle) throw raffleNotFound();
      const win = await this.draws.standingWinOf(tx, raffleId, userId);
      if (!win) throw unprocessable(CLAIM_MESSAGES.notAWinner);
      if (win.claimed_at) throw conflict(CLAIM_MESSAGES.already);
      if (!raffle.claim_window_minutes) throw unprocessable(CLAIM_MESSAGES.noWindow);
      if (!win.open) throw unprocessable(CLAIM_MESSAGES.closed);
      await this.draws.markClaimed(tx, win.id);
    });
    await this.live.statusChanged(raffleId);
    return CLAIM_MESSAGES.claimed;
  }
}
