import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  RAFFLE_DRAW_ALGORITHM_V2,
  REROLL_MESSAGES,
  claimTimeLeftWords,
  computeWinners,
  entriesHash,
  type DrawnWinner,
  type RaffleUser,
  PAYOUT_MESSAGES,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, conflict, unprocessable } from '@kickback/platform';
import { WinnersService, type MemberWinRecord } from '../winners/winners.service';
import { raffleNotFound } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { toRaffleUser } from './raffle-rows';
import { RafflesRepository } from './raffles.repository';
import { RafflesDrawsRepository, type LockedRaffle } from './raffles-draws.repository';
import { RaffleEntryVoidsService } from './raffle-entry-voids.service';
import { FeaturedRaffleRepository } from './featured-raffle.repository';
import { RaffleLoserNotices, type LostWin } from './raffle-loser-notices';

export type DrawOutcome =
  | { drawn: true; winners: DrawnWinner[] }
  | { drawn: false; reason: 'already-drawn' | 'cancelled' }
  | { drawn: false; reason: 'not-due'; endsInMs: number };

/**
 * Draws winners exactly once. The raffle row is locked FOR UPDATE, which waits for every
 * in-flight entry (they hold FOR KEY SHARE on it) and makes a second draw wait and then see
 * drawn_at. The conditional UPDATE … WHERE drawn_at IS NULL and the unique winner indexes
 * back that up. Winners follow from the seed and the entry list (see libs/contracts/src/raffle-draw.ts).
 */
@Injectable()
export class RaffleDrawService {
  private readonly logger = new Logger(RaffleDrawService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly raffles: RafflesRepository,
    private readonly draws: RafflesDrawsRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly live: RaffleLivePublisher,
    private readonly winnersLedger: WinnersService,
    private readonly voids: RaffleEntryVoidsService,
    private readonly featured: FeaturedRaffleRepository,
    private readonly losers: RaffleLoserNotices,
  ) {}

  /** Scheduled draw: only once the end time has passed. */
  drawIfDue(raffleId: number): Promise<DrawOutcome> {
    return this.draw(raffleId, null);
  }

  /** Admin "draw now": ends the raffle at once and draws. */
  drawNow(actorId: number, raffleId: number): Promise<DrawOutcome> {
    return this.draw(raffleId, actorId);
  }

  /** Draws every raffle whose end passed without a draw (a lost delayed job, a restart). */
  async drawAllDue(): Promise<number> {
    const due = await this.draws.dueIds(this.em.fork());
    let drawn = 0;
    for (const id of due) if ((await this.drawIfDue(id)).drawn) drawn++;
    return drawn;
  }

  private async draw(raffleId: number, actorId: number | null): Promise<DrawOutcome> {
    const outcome = await this.em.fork().transactional(async (tx): Promise<DrawOutcome> => {
      const raffle = await this.draws.lock(tx, raffleId);
      if (!raffle) throw raffleNotFound();
      if (raffle.drawn_at) {
        if (actorId) throw unprocessable('The winners of this raffle have already been drawn.');
        return { drawn: false, reason: 'already-drawn' };
      }
      if (raffle.cancelled_at) {
        if (actorId) throw unprocessable('This raffle has been cancelled.');
        return { drawn: false, reason: 'cancelled' };
      }
      if (!raffle.due && !actorId) return { drawn: false, reason: 'not-due', endsInMs: Number(raffle.ends_in_ms) };

      const algorithm = raffle.draw_algorithm;
      // v2 publishes exclusions: a member banned since entering is taken out now, listed as excluded.
      if (algorithm === RAFFLE_DRAW_ALGORITHM_V2) await this.voids.voidBannedAtDraw(tx, raffleId);
      const entries = await this.raffles.drawEntries(tx, raffleId, algorithm);
      const hash = entriesHash(entries, algorithm);
      const winners = computeWinners(raffle.seed, entries, raffle.number_of_winners, [], algorithm);
      // Drawn on stream, it stays there with its winners until the streamer moves on (featured-raffle.repository).
      const onStream = (await this.featured.resolve(tx)) === raffleId;
      if (!(await this.draws.markDrawn(tx, raffleId, hash))) return { drawn: false, reason: 'already-drawn' };
      if (onStream) await this.featured.keepOnStream(tx, raffleId);
      for (const w of winners) {
        const claimDeadline = await this.draws.insertWinner(tx, raffleId, w, raffle.claim_window_minutes);
        await this.winnersLedger.recordMember(tx, this.winnerRecord(raffle, w, winners.length, claimDeadline));
      }
      const winnerUserIds = winners.map((w) => w.user_id);
      await this.outbox.add(tx, 'raffle.drawn', { raffleId, winnerUserIds, reroll: false, newWinnerUserIds: winnerUserIds });
      if (actorId)
        await this.audit.record(tx, {
          actorId,
          action: 'raffle.draw',
          entity: 'raffle',
          entityId: raffleId,
          before: { drawn_at: null },
          after: { winners, entries_hash: hash },
        });
      return { drawn: true, winners };
    });
    if (outcome.drawn) await this.announce(raffleId);
    return outcome;
  }

  /**
   * Replaces one standing winner with the next user of the draw order (audited with the reason). Never a prize already
   * claimed (409); a winner still inside their claim window only with a reason. The member who lost it is told.
   */
  async reroll(actorId: number, raffleId: number, position: number, reason: string | null = null): Promise<DrawnWinner> {
    const { next, lost } = await this.em.fork().transactional(async (tx) => {
      const raffle = await this.draws.lock(tx, raffleId);
      if (!raffle) throw raffleNotFound();
      if (!raffle.drawn_at) throw unprocessable('Draw the winners before rerolling one.');
      const standing = await this.draws.standingAt(tx, raffleId, position);
      if (!standing)
        throw unprocessable(`There is no winner at position ${position}.`, { position: [`There is no winner at position ${position}.`] });
      if (standing.claimed) throw conflict(REROLL_MESSAGES.claimed(position));
      if (standing.claim_seconds_left !== null && !reason) {
        const message = REROLL_MESSAGES.reasonNeeded(position, claimTimeLeftWords(standing.claim_seconds_left));
        throw unprocessable(message, { reason: [message] });
      }
      const passed = await this.passOn(tx, raffle, { id: standing.id, position }, actorId, reason);
      if (!passed) throw unprocessable('No other participant is left to draw.');
      return { next: passed, lost: lostWin(raffle, standing.user_id, { reason }) };
    });
    this.losers.tell([lost]);
    await this.announce(raffleId);
    return next;
  }

  /**
   * Passes every prize whose claim window closed unclaimed to the next user of the draw order, in position order, each
   * with a new window (docs/raffle-draws.md §7); a prize with nobody left to pass to closes where it stands. Audited
   * without an actor. Answers how many prizes were passed on.
   */
  async passUnclaimed(raffleId: number): Promise<number> {
    const lost = await this.em.fork().transactional(async (tx) => {
      const raffle = await this.draws.lock(tx, raffleId);
      if (!raffle?.drawn_at) return [];
      const passedFrom: LostWin[] = [];
      for (const expired of await this.draws.expiredClaims(tx, raffleId)) {
        if (await this.passOn(tx, raffle, expired, null, null)) passedFrom.push(lostWin(raffle, expired.user_id, null));
        else await this.draws.closeClaim(tx, expired.id);
      }
      return passedFrom;
    });
    if (lost.length) {
      this.losers.tell(lost);
      await this.announce(raffleId);
    }
    return lost.length;
  }

  /** Passes on every raffle's expired claims (the sweep's catch-up for a lost job). */
  async passAllUnclaimed(): Promise<number> {
    let passed = 0;
    for (const id of await this.draws.rafflesWithExpiredClaims(this.em.fork())) passed += await this.passUnclaimed(id);
    return passed;
  }

  /**
   * The standing winner at a position gives way to the next unused user of the draw order: an admin's reroll, or a
   * pass for an unclaimed prize (actorId null). Null when nobody is left. The caller holds the raffle lock.
   */
  private async passOn(
    tx: EntityManager,
    raffle: LockedRaffle,
    standing: { id: number; position: number },
    actorId: number | null,
    reason: string | null,
  ): Promise<DrawnWinner | null> {
    const { id: raffleId, draw_algorithm: algorithm } = raffle;
    const position = standing.position;
    const earlier = await this.draws.rerolledPositions(tx, raffleId);
    const entries = await this.raffles.drawEntries(tx, raffleId, algorithm);
    const before = computeWinners(raffle.seed, entries, raffle.number_of_winners, earlier, algorithm);
    const after = computeWinners(raffle.seed, entries, raffle.number_of_winners, [...earlier, position], algorithm);
    const next = after.find((w) => w.position === position);
    const previous = before.find((w) => w.position === position);
    if (!next || !previous || next.user_id === previous.user_id) return null;
    await this.draws.markRerolled(tx, standing.id, actorId);
    const claimDeadline = await this.draws.insertWinner(tx, raffleId, next, raffle.claim_window_minutes);
    await this.winnersLedger.replaceMember(
      tx,
      {
        reference: winnerReference(raffleId, previous),
        userId: previous.user_id,
        reason: actorId === null ? PAYOUT_MESSAGES.unclaimed : PAYOUT_MESSAGES.rerolled(reason),
        actorId,
      },
      this.winnerRecord(raffle, next, after.length, claimDeadline),
    );
    await this.outbox.add(tx, 'raffle.drawn', {
      raffleId,
      winnerUserIds: after.map((w) => w.user_id),
      reroll: true,
      newWinnerUserIds: [next.user_id],
    });
    await this.audit.record(tx, {
      actorId,
      action: actorId === null ? 'raffle.pass-unclaimed' : 'raffle.reroll',
      entity: 'raffle',
      entityId: raffleId,
      before: previous,
      after: reason ? { ...next, reason } : next,
    });
    return next;
  }

  /** A standing winner as the winners ledger lists it, with an equal share of the prize's value and the claim deadline. */
  private winnerRecord(raffle: LockedRaffle, winner: DrawnWinner, winnerCount: number, claimDeadline: Date | null): MemberWinRecord {
    return {
      source: 'raffle',
      reference: winnerReference(raffle.id, winner),
      userId: winner.user_id,
      position: winner.position,
      prize: raffle.prize_description || raffle.title,
      prizeValueUsd: shareOf(raffle.prize_value_usd, winnerCount),
      prizePoints: null,
      subject: { id: raffle.id, title: raffle.title, path: `/raffles/${raffle.id}` },
      claimDeadline,
    };
  }

  private async announce(raffleId: number): Promise<void> {
    try {
      const em = this.em.fork();
      const seed = await this.draws.seed(em, raffleId);
      const winners: RaffleUser[] = (await this.draws.standingUsers(em, raffleId)).map(toRaffleUser);
      this.live.drawn(raffleId, winners, seed);
      await this.live.statusChanged(raffleId);
    } catch (err) {
      // The draw is committed; a lost push is healed by the next page load.
      this.logger.error({ err, raffleId }, 'raffle draw push failed');
    }
  }
}

const lostWin = (raffle: LockedRaffle, userId: number, rerolled: LostWin['rerolled']): LostWin => ({
  userId,
  prize: raffle.prize_description || raffle.title,
  title: raffle.title,
  rerolled,
});

const winnerReference = (raffleId: number, w: DrawnWinner): string => `raffle:${raffleId}:${w.position}:${w.user_id}`;

/** An equal share of a decimal USD amount, in whole cents (rounded down). */
function shareOf(amountUsd: string, winners: number): string {
  const [whole, fraction = ''] = amountUsd.split('.');
  const cents = BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2));
  const share = cents / BigInt(Math.max(1, winners));
  return `${share / 100n}.${(share % 100n).toString().padStart(2, '0')}`;
}
