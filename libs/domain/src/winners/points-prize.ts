import type { EntityManager } from '@mikro-orm/postgresql';
import type { EconomyService } from '../economy/economy.service';
import type { WinnersService } from './winners.service';

/** One ranked winner's points prize of a finished hunt or tournament, and where its page is. */
export interface PointsPrize {
  source: 'hunt' | 'tournament';
  id: number;
  title: string;
  path: string;
  userId: number;
  rank: number;
  points: number;
}

/**
 * Credits the prize through the ledger (its key makes a second payment a no-op) and records the win in the winners
 * ledger, in the caller's transaction. Answers whether this call paid it.
 */
export async function payPointsPrize(
  tx: EntityManager,
  economy: EconomyService,
  winners: WinnersService,
  prize: PointsPrize,
): Promise<boolean> {
  const { source, id, title, userId, rank, points } = prize;
  const result = await economy.credit(tx, {
    userId,
    amount: points,
    reason: `${source}.prize`,
    reference: `${source}:${id}`,
    idempotencyKey: `${source}-prize:${id}:${userId}`,
    note: `${title}: rank ${rank}`,
  });
  await winners.recordMember(tx, {
    source,
    reference: `${source}:${id}:${userId}`,
    userId,
    position: rank,
    prize: `${points.toLocaleString('en-US')} points`,
    prizeValueUsd: null,
    prizePoints: points,
    subject: { id, title, path: prize.path },
  });
  return result.applied;
}
