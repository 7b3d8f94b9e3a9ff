import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { computeWinners, entriesHash, type DrawnWinner, type RaffleUser } from '@kickback/contracts';
import { AuditLogService, OutboxService, unprocessable } from '@kickback/platform';
import { GiveawaysService } from '../site/giveaways.service';
import { RafflesQueryService, raffleNotFound } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { toRaffleUser, type UserRow } from './raffle-rows';

interface LockedRaffle {
  id: number;
  seed: string;
  number_of_winners: number;
  prize_value_usd: string;
  ends_at: Date;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  due: boolean;
  ends_in_ms: number;
}

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
    private readonly query: RafflesQueryService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly giveaways: GiveawaysService,
    private readonly live: RaffleLivePublisher,
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
    const due = await this.em
      .fork()
      .execute<{ id: number }[]>(
        'select id from raffles where drawn_at is null and cancelled_at is null and ends_at <= now() order by ends_at limit 100',
      );
    let drawn = 0;
    for (const { id } of due) if ((await this.drawIfDue(id)).drawn) drawn++;
    return drawn;
  }

  private async draw(raffleId: number, actorId: number | null): Promise<DrawOutcome> {
    const outcome = await this.em.fork().transactional(async (tx): Promise<DrawOutcome> => {
      const [raffle] = await tx.execute<LockedRaffle[]>(
        `select id, seed, number_of_winners, prize_value_usd::text as prize_value_usd, ends_at, drawn_at, cancelled_at, ends_at <= now() as due, (extract(epoch from ends_at - now()) * 1000)::float8 as ends_in_ms
         from raffles where id = ? for update`,
        [raffleId],
      );
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

      const entries = await this.query.drawEntries(tx, raffleId);
      const hash = entriesHash(entries);
      const winners = computeWinners(raffle.seed, entries, raffle.number_of_winners);
      const updated = await tx.execute<{ id: number }[]>(
        'update raffles set drawn_at = now(), entries_hash = ?, ends_at = least(ends_at, now()), updated_at = now() where id = ? and drawn_at is null returning id',
        [hash, raffleId],
      );
      if (!updated.length) return { drawn: false, reason: 'already-drawn' };
      for (const w of winners)
        await tx.execute('insert into raffle_winners (raffle_id, position, user_id, draw_index) values (?, ?, ?, ?)', [
          raffleId,
          w.position,
          w.user_id,
          w.draw_index,
        ]);
      if (winners.length && Number(raffle.prize_value_usd) > 0)
        await this.giveaways.record(tx, 'raffle', `raffle:${raffleId}`, raffle.prize_value_usd);
      await this.outbox.add(tx, 'raffle.drawn', { raffleId, winnerUserIds: winners.map((w) => w.user_id), reroll: false });
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

  /** Replaces one standing winner with the next user of the draw order (audited). */
  async reroll(actorId: number, raffleId: number, position: number): Promise<DrawnWinner> {
    const replacement = await this.em.fork().transactional(async (tx) => {
      const [raffle] = await tx.execute<LockedRaffle[]>(
        'select id, seed, number_of_winners, drawn_at from raffles where id = ? for update',
        [raffleId],
      );
      if (!raffle) throw raffleNotFound();
      if (!raffle.drawn_at) throw unprocessable('Draw the winners before rerolling one.');
      const standing = await tx.execute<{ id: number; user_id: number }[]>(
        'select id, user_id from raffle_winners where raffle_id = ? and position = ? and rerolled_at is null',
        [raffleId, position],
      );
      if (!standing.length)
        throw unprocessable(`There is no winner at position ${position}.`, { position: [`There is no winner at position ${position}.`] });
      const earlier = await tx.execute<{ position: number }[]>(
        'select position from raffle_winners where raffle_id = ? and rerolled_at is not null order by rerolled_at, id',
        [raffleId],
      );
      const entries = await this.query.drawEntries(tx, raffleId);
      const before = computeWinners(
        raffle.seed,
        entries,
        raffle.number_of_winners,
        earlier.map((e) => e.position),
      );
      const after = computeWinners(raffle.seed, entries, raffle.number_of_winners, [...earlier.map((e) => e.position), position]);
      const next = after.find((w) => w.position === position);
      const previous = before.find((w) => w.position === position);
      if (!next || !previous || next.user_id === previous.user_id) throw unprocessable('No other participant is left to draw.');
      await tx.execute('update raffle_winners set rerolled_at = clock_timestamp(), rerolled_by = ? where id = ?', [
        actorId,
        standing[0].id,
      ]);
      await tx.execute('insert into raffle_winners (raffle_id, position, user_id, draw_index) values (?, ?, ?, ?)', [
        raffleId,
        position,
        next.user_id,
        next.draw_index,
      ]);
      await this.outbox.add(tx, 'raffle.drawn', { raffleId, winnerUserIds: after.map((w) => w.user_id), reroll: true });
      await this.audit.record(tx, {
        actorId,
        action: 'raffle.reroll',
        entity: 'raffle',
        entityId: raffleId,
        before: previous,
        after: next,
      });
      return next;
    });
    await this.announce(raffleId);
    return replacement;
  }

  private async announce(raffleId: number): Promise<void> {
    try {
      await this.giveaways.invalidate();
      const em = this.em.fork();
      const [raffle] = await em.execute<{ seed: string }[]>('select seed from raffles where id = ?', [raffleId]);
      const rows = await em.execute<UserRow[]>(
        `select u.id, u.username, u.kick_username, u.avatar_url from raffle_winners w join users u on u.id = w.user_id
         where w.raffle_id = ? and w.rerolled_at is null order by w.position`,
        [raffleId],
      );
      const winners: RaffleUser[] = rows.map(toRaffleUser);
      this.live.drawn(raffleId, winners, raffle.seed);
      await this.live.statusChanged(raffleId);
    } catch (err) {
      // The draw is committed; a lost push is healed by the next page load.
      this.logger.error({ err, raffleId }, 'raffle draw push failed');
    }
  }
}
