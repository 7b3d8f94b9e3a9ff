import { HttpException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { parseChatBet } from './contest-chat-bet';
import { ContestsRepository } from './contests.repository';
import { ContestsService } from './contests.service';

export const CHAT_BET_NO_CONTEST = 'no contest is taking stakes right now.';

/**
 * `!bet <option> <points>` from Kick chat: the same stake as the site's (ContestsService.stake, so the same minimum,
 * maximum, one option per member and balance rules), on the contest the site shows, counted at the message's own time
 * (a message sent before the contest opened or after its timer ran out is refused however late it arrives) and keyed
 * on the chat message, so a message delivered twice stakes once.
 */
@Injectable()
export class ContestChatBets {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ContestsRepository,
    private readonly contests: ContestsService,
  ) {}

  /** The answer for chat (after the asker's name): what was staked, or why not. */
  async bet(input: { memberId: number; argument: string; sentAt: Date; key: string }): Promise<string> {
    const contest = await this.repository.current(this.em.fork());
    if (!contest || contest.status !== 'open') return CHAT_BET_NO_CONTEST;
    const parsed = parseChatBet(input.argument, contest.options);
    if ('refusal' in parsed) return parsed.refusal;
    try {
      const result = await this.contests.stake({
        contestId: contest.id,
        userId: input.memberId,
        option: parsed.option,
        points: parsed.points,
        sentAt: input.sentAt,
        key: input.key,
      });
      const label = contest.options[result.option] ?? '';
      const balance = result.balance.toLocaleString('en-US');
      const total = result.points.toLocaleString('en-US');
      // A repeat of a message already staked (a retried answer) says where the stake stands instead.
      if (!result.applied) return `your stake is ${total} points on ${label}; balance ${balance}.`;
      return `you staked ${parsed.points.toLocaleString('en-US')} on ${label}: your stake is ${total} points (no cash value); balance ${balance}.`;
    } catch (err) {
      if (err instanceof HttpException) return err.message;
      throw err;
    }
  }
}
