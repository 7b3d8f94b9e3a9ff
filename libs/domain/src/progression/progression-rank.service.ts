import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { FALLBACK_RANK } from '@kickback/contracts';
import { InjectRedis } from '@kickback/platform';
import type { XpTotals } from './progression.repository';

export const RANK_KEY = 'progression:rank';
/** Room for ledger ids inside one score; ties beyond a billion awards would fall back to user id order. */
const TIE_SPAN = 1_000_000_000;

/**
 * Rank = position by XP, kept in a Redis sorted set by the worker and only read per request. Tie rule: of members
 * with equal XP, the one who reached it first (the smaller ledger id of the award that brought them there) ranks
 * higher. The score packs both: xp * 1e9 + (1e9 - 1 - ledger id), exact in a double while xp stays below 9,007,199.
 */
@Injectable()
export class ProgressionRankService {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  static score(t: Pick<XpTotals, 'xp' | 'reached_ledger_id'>): number {
    return t.xp * TIE_SPAN + (TIE_SPAN - 1 - (t.reached_ledger_id % TIE_SPAN));
  }

  /**
   * Places members by totals read or returned at some moment. A member's XP only grows between rebuilds, and a
   * higher total always scores higher, so only a higher score is taken (GT): totals of an earlier commit that
   * arrive after a later one's (two jobs awarding the same member) leave the newer place alone.
   */
  async set(totals: XpTotals[]): Promise<void> {
    if (totals.length === 0) return;
    await this.redis.zadd(RANK_KEY, 'GT', ...scoresAndMembers(totals));
  }

  /** Builds the whole set under a key of its own (two workers rebuilding at once never mix) and swaps it in. */
  async replaceAll(pages: AsyncIterable<XpTotals[]>): Promise<void> {
    const building = `${RANK_KEY}:building:${randomUUID()}`;
    for await (const page of pages) {
      if (page.length === 0) continue;
      await this.redis.zadd(building, ...scoresAndMembers(page));
    }
    if ((await this.redis.exists(building)) === 1) await this.redis.rename(building, RANK_KEY);
    else await this.redis.del(RANK_KEY);
  }

  /** 1-based rank, or FALLBACK_RANK (SPEC §9) while the member has no XP yet. */
  async rankOf(userId: number): Promise<number> {
    const position = await this.redis.zrevrank(RANK_KEY, String(userId));
    return position === null ? FALLBACK_RANK : position + 1;
  }
}

/** ZADD's score-member pairs for these totals. */
function scoresAndMembers(totals: readonly XpTotals[]): (string | number)[] {
  return totals.flatMap((t) => [ProgressionRankService.score(t), String(t.user_id)]);
}
