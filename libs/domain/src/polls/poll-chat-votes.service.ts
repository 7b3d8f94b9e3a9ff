import { HttpException, Injectable } from '@nestjs/common';
import { POLL_TEXTS } from '@kickback/contracts';
import { chatOption } from '../activity/chat-option';
import { PollsService } from './polls.service';

export const CHAT_VOTE_USAGE = 'vote like this: !vote <option>, by its number or name, e.g. !vote 1.';

/**
 * `!vote <option>` from Kick chat: the same vote as the site's (PollsService.vote, so one vote per person, changeable
 * until close, and the poll's audience), by the Kick account (the member linked to it when there is one), counted at
 * the message's own time. The option is read against the poll on stream, and the vote goes to that poll only.
 */
@Injectable()
export class PollChatVotes {
  constructor(private readonly polls: PollsService) {}

  /** The answer for chat (after the asker's name): what was voted, or why not. */
  async vote(input: { kickUserId: number; argument: string; sentAt: Date }): Promise<string> {
    const poll = await this.polls.current(null);
    if (!poll || poll.status !== 'open') return POLL_TEXTS.notOpen;
    if (!input.argument.trim()) return CHAT_VOTE_USAGE;
    const option = chatOption(
      input.argument,
      poll.options.map((o) => o.label),
    );
    if ('refusal' in option) return option.refusal;
    try {
      const result = await this.polls.vote({ kickUserId: input.kickUserId }, poll.id, option.index, input.sentAt);
      const label = poll.options[result.option]?.label ?? '';
      return result.changed ? `your vote is now ${label}.` : `you voted ${label}.`;
    } catch (err) {
      if (err instanceof HttpException) return err.message;
      throw err;
    }
  }
}
