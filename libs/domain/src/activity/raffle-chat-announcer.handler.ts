import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { DomainEvent } from '@kickback/contracts';
import { AppConfig, DomainEventHandlers } from '@kickback/platform';
import { RafflesQueryService } from '../raffles/raffles-query.service';
import { claimWindowWords } from '../raffles/raffle-winner-notices.handler';
import { ChatCommandsService } from './chat-commands.service';

/**
 * Names each new raffle winner in the channel's chat (the draw, a reroll, a prize passed on), with where and by when to
 * claim, when the streamer connected a Kick account that may write in chat. Without one nothing is said; the site's
 * notification still reaches the winner. It runs from the domain-event queue: a send that reached nobody is retried
 * with the job, one Kick may have posted is not sent again.
 */
@Injectable()
export class RaffleChatAnnouncer implements OnModuleInit {
  private readonly logger = new Logger(RaffleChatAnnouncer.name);

  constructor(
    private readonly handlers: DomainEventHandlers,
    private readonly raffles: RafflesQueryService,
    private readonly chat: ChatCommandsService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.handlers.register({
      consumer: 'activity.raffle-winners-in-chat',
      type: 'raffle.drawn',
      afterCommit: (event: DomainEvent<'raffle.drawn'>) =>
        this.announce(event.id, event.payload.raffleId, event.payload.newWinnerUserIds ?? []),
    });
  }

  private async announce(eventId: string, raffleId: number, userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const raffle = await this.raffles.get(raffleId, null);
    const names = raffle.winners.filter((w) => userIds.includes(w.id)).map((w) => `@${w.kick_username || w.username}`);
    if (!names.length) return;
    const prize = raffle.prize_description || raffle.title;
    const link = `${this.config.env.APP_URL.replace(/\/$/, '')}/raffles/${raffle.id}`;
    const claim = raffle.claim_window_minutes
      ? ` Claim it at ${link} within ${claimWindowWords(raffle.claim_window_minutes)}.`
      : ` ${link}`;
    const message = `${names.join(', ')} won ${prize} in ${raffle.title}!${claim}`;
    // Cut to Kick's limit by whole graphemes when sent (chatContent); a send that reached nobody throws and the job retries.
    const result = await this.chat.announce(message, `raffle-drawn:${eventId}`);
    if (result === 'not-sent') this.logger.warn({ raffleId }, 'raffle winner announcement not sent');
  }
}
