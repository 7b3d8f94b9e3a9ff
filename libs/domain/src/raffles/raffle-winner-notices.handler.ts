import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { userRoom, type DomainEvent } from '@kickback/contracts';
import { DomainEventHandlers, RealtimeEmitter } from '@kickback/platform';
import { RafflesDrawsRepository } from './raffles-draws.repository';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How long a claim window is, in the largest whole unit: "10 minutes", "48 hours", "2 days". */
export function claimWindowWords(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day', 'days');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour', 'hours');
  return plural(minutes, 'minute', 'minutes');
}

/** Tells each member who just became a raffle winner (the draw, a reroll, a passed-on prize), on every open tab. */
@Injectable()
export class RaffleWinnerNoticesHandler implements OnModuleInit {
  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly realtime: RealtimeEmitter,
    private readonly draws: RafflesDrawsRepository,
    private readonly em: EntityManager,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'raffles.winner-notices',
      type: 'raffle.drawn',
      afterCommit: (event: DomainEvent<'raffle.drawn'>) => this.notify(event.payload.raffleId, event.payload.newWinnerUserIds ?? []),
    });
  }

  private async notify(raffleId: number, userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const em = this.em.fork();
    const raffle = await this.draws.read(em, raffleId);
    if (!raffle) return;
    const prize = raffle.prize_description || raffle.title;
    for (const userId of userIds) {
      const win = await this.draws.standingWinOf(em, raffleId, userId);
      // Passed on again before this ran, or claimed already: nothing to say.
      if (!win || win.claimed_at) continue;
      const message = raffle.claim_window_minutes
        ? `You won ${prize} in ${raffle.title}! Claim it on the raffle page within ${claimWindowWords(raffle.claim_window_minutes)}.`
        : `You won ${prize} in ${raffle.title}!`;
      this.realtime.toRoom(userRoom(userId), 'user:notification', { type: 'success', message });
    }
  }
}
