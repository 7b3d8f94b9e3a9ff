import { HttpException, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import type { DomainEventMap } from '@kickback/contracts';
import { AppConfig, InjectRedis } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { RafflesQueryService } from '../raffles/raffles-query.service';
import { FeaturedRaffleService } from '../raffles/featured-raffle.service';
import { RaffleEntryService } from '../raffles/raffle-entry.service';
import { ActivityRepository } from './activity.repository';
import { ChatSendRetryable, KickChatSender } from './kick-chat-sender';
import { SlotRequestsService } from '../slots/slot-requests.service';
import { ContestChatBets } from '../contests/contest-chat-bets.service';
import { PollChatVotes } from '../polls/poll-chat-votes.service';

/** One answer per Kick user and command in this window (docs/kick.md "Chat"). */
const COMMAND_WINDOW_SECONDS = 30;
/**
 * Commands that act for the member (a stake, a vote): each message is acted on and answered, never dropped by the
 * window, since a member adding to their stake or changing their vote twice in a row means both; the chat message id
 * still answers a message once.
 */
const UNWINDOWED: ReadonlySet<ChatCommand['command']> = new Set(['bet', 'vote']);
/** A queued chat send is tried by one job at a time and sent at most once; kept longer than the queue retries a job. */
const SEND_CLAIM_SECONDS = 86_400;

export type ChatCommand = DomainEventMap['activity.chat-command'];

/**
 * `!points`, `!raffle`, `!join`, `!sr <slot>`, `!bet <option> <points>` and `!vote <option>` in the channel's chat, answered from the worker's queue (the webhook only records
 * them) when the admin turned commands on, threaded under the asker's message. A command older than
 * KICK_COMMAND_MAX_AGE_SECONDS when its turn comes is not answered; `!join` enters the raffle that was on stream and
 * open when the message was typed. Raffle winners are named in chat the same way. Each queued send goes out at most
 * once: a job retried after Kick may have posted it does not post again.
 */
@Injectable()
export class ChatCommandsService {
  private readonly logger = new Logger(ChatCommandsService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly repository: ActivityRepository,
    private readonly economy: EconomyService,
    private readonly raffles: RafflesQueryService,
    private readonly featured: FeaturedRaffleService,
    private readonly sender: KickChatSender,
    private readonly entries: RaffleEntryService,
    private readonly slotRequests: SlotRequestsService,
    private readonly bets: ContestChatBets,
    private readonly votes: PollChatVotes,
  ) {}

  /** Whether a command typed at `sentAt` is too old to answer (docs/activity.md "Chat commands"). */
  stale(sentAt: Date, now = Date.now()): boolean {
    return now - sentAt.getTime() > this.config.env.KICK_COMMAND_MAX_AGE_SECONDS * 1000;
  }

  /**
   * Answers a queued command (`jobKey`: the queue's id of it); 'stale' when its moment passed while it waited,
   * 'skipped' when commands are off, the asker was answered within the window, or the job ran before.
   */
  async answer(command: ChatCommand, jobKey: string): Promise<'sent' | 'not-sent' | 'stale' | 'skipped'> {
    const em = this.em.fork();
    const rules = await this.repository.rules(em);
    if (!rules.chat_commands_enabled || !rules.broadcaster_user_id || command.kickUserId === rules.broadcaster_user_id) return 'skipped';
    const sentAt = new Date(command.sentAt);
    if (this.stale(sentAt)) {
      this.logger.log(
        { command: command.command, kickUserId: command.kickUserId, sentAt: command.sentAt },
        'stale chat command not answered',
      );
      return 'stale';
    }
    // One answer per chat message: the same message delivered under two subscriptions queues two jobs.
    const claim = `activity:chat:job:${command.messageId ? `msg:${command.messageId}` : jobKey}`;
    const windowed = !UNWINDOWED.has(command.command);
    const window = `activity:cmd:${command.command}:${command.kickUserId}`;
    if (!(await this.claim(claim))) return 'skipped';
    const release = windowed ? [window] : [];
    let reply: string;
    try {
      if (windowed && (await this.redis.set(window, '1', 'EX', COMMAND_WINDOW_SECONDS, 'NX')) !== 'OK') return 'skipped';
      reply = await this.reply(em, command, sentAt);
    } catch (err) {
      // Nothing was sent: the queue's retry may answer.
      await this.redis.del(claim, ...release);
      throw err;
    }
    return this.sendOnce(claim, rules.broadcaster_user_id, reply, command.messageId, release);
  }

  private reply(em: EntityManager, command: ChatCommand, sentAt: Date): Promise<string> {
    switch (command.command) {
      case 'points':
        return this.points(em, command);
      case 'join':
        return this.join(em, command, sentAt);
      case 'sr':
        return this.slotRequest(em, command);
      case 'bet':
        return this.bet(em, command, sentAt);
      case 'raffle':
        return this.raffle();
      case 'vote':
        return this.vote(command, sentAt);
    }
  }

  /**
   * Says something in the channel's chat (raffle winners), once per `jobKey`; 'not-sent' when no usable connection or
   * channel is set or Kick failed it (the Kick connection screen counts it).
   */
  async announce(content: string, jobKey: string): Promise<'sent' | 'not-sent' | 'skipped'> {
    const rules = await this.repository.rules(this.em.fork());
    if (!rules.broadcaster_user_id) return 'not-sent';
    const key = `activity:chat:job:${jobKey}`;
    if (!(await this.claim(key))) return 'skipped';
    return this.sendOnce(key, rules.broadcaster_user_id, content, null, []);
  }

  /** Sends under a claim taken by the caller; a send that reached nobody releases it (and `release`) for the retry. */
  private async sendOnce(
    claim: string,
    broadcasterUserId: number,
    content: string,
    replyTo: string | null,
    release: string[],
  ): Promise<'sent' | 'not-sent'> {
    try {
      return await this.sender.send(broadcasterUserId, content, replyTo);
    } catch (err) {
      if (err instanceof ChatSendRetryable) await this.redis.del(claim, ...release);
      throw err;
    }
  }

  private async claim(key: string): Promise<boolean> {
    return (await this.redis.set(key, '1', 'EX', SEND_CLAIM_SECONDS, 'NX')) === 'OK';
  }

  private async points(em: EntityManager, command: ChatCommand): Promise<string> {
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `@${command.username} log in at ${this.config.env.APP_URL} with Kick to start collecting points.`;
    return `@${command.username} you have ${(await this.economy.balanceOf(member.id)).toLocaleString('en-US')} points.`;
  }

  /**
   * `!join`: the linked member enters, for free, the raffle that was on stream and open when the message was typed,
   * through the same service as the site's button and socket (so the same entry rules refuse with the same words).
   */
  private async join(em: EntityManager, command: ChatCommand, sentAt: Date): Promise<string> {
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `@${command.username} log in at ${this.config.env.APP_URL} with Kick to enter raffles.`;
    const featured = await this.featured.raffleIdAt(sentAt);
    if (!featured.known) return `@${command.username} the raffle on stream changed after you typed that: type it again to enter.`;
    if (!featured.id) return `@${command.username} no raffle was open when you typed that.`;
    try {
      const result = await this.entries.enter(member.id, featured.id, { entry_type: 'passwordless' });
      return `@${command.username} ${result.message}`;
    } catch (err) {
      if (err instanceof HttpException) return `@${command.username} ${err.message}`;
      throw err;
    }
  }

  /**
   * `!sr <slot>`: the linked member requests the catalogue's best match through the same service as the site (the
   * same price, cooldown, limits and words); when the name is not clear, the two closest names are answered instead.
   */
  private async slotRequest(em: EntityManager, command: ChatCommand): Promise<string> {
    const at = `@${command.username}`;
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `${at} log in at ${this.config.env.APP_URL} with Kick to request slots.`;
    const typed = command.argument ?? '';
    if (!typed) return `${at} name a slot: !sr <slot name>`;
    try {
      const result = await this.slotRequests.requestByName(member.id, typed);
      if ('outcome' in result) {
        const { request, merged } = result.outcome;
        return `${at} ${merged ? 'added you to' : 'queued'} ${request.slot.name} (${request.slot.provider}), #${request.place} in the queue.`;
      }
      if (!result.closest.length) return `${at} no slot in the catalogue matches "${typed}".`;
      return `${at} did you mean ${result.closest.map((s) => `${s.name} (${s.provider})`).join(' or ')}? Type the full name.`;
    } catch (err) {
      if (err instanceof HttpException) return `${at} ${err.message}`;
      throw err;
    }
  }

  /** `!bet <option> <points>`: the linked member stakes as on the site (ContestChatBets), keyed on the chat message. */
  private async bet(em: EntityManager, command: ChatCommand, sentAt: Date): Promise<string> {
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `@${command.username} log in at ${this.config.env.APP_URL} with Kick to stake points.`;
    // Kick always names its messages; without a name, the sender and moment stand for one.
    const key = `chat:${command.messageId ?? `${command.kickUserId}@${command.sentAt}`}`;
    const answer = await this.bets.bet({ memberId: member.id, argument: command.argument ?? '', sentAt, key });
    return `@${command.username} ${answer}`;
  }

  /**
   * `!vote <option>`: the poll on stream, through the site's vote (PollChatVotes); a Kick account with no member votes
   * only where the poll is open to everyone with a Kick login, which the polls service decides.
   */
  private async vote(command: ChatCommand, sentAt: Date): Promise<string> {
    const answer = await this.votes.vote({ kickUserId: command.kickUserId, argument: command.argument ?? '', sentAt });
    return `@${command.username} ${answer}`;
  }

  private async raffle(): Promise<string> {
    // The raffle on stream first, so chat points at the one the streamer is running.
    const featuredId = await this.featured.raffleId();
    const list = await this.raffles.list(null);
    const open = list.find((r) => r.id === featuredId && r.status === 'Active') ?? list.find((r) => r.status === 'Active');
    const base = this.config.env.APP_URL.replace(/\/$/, '');
    return open ? `Open raffle: ${open.title} ${base}/raffles/${open.id}` : 'No raffle is open right now.';
  }
}
