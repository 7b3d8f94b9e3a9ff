import { HttpException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { AppConfig, InjectRedis } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { RafflesQueryService } from '../raffles/raffles-query.service';
import { FeaturedRaffleService } from '../raffles/featured-raffle.service';
import { RaffleEntryService } from '../raffles/raffle-entry.service';
import { ActivityRepository } from './activity.repository';
import type { ChatCommandName } from './chat-command';
import { KickAppClient, KickHttpError } from './kick-app.client';
import { KickConnectionService } from './kick-connection.service';

/** One answer per Kick user and command in this window (docs/kick.md "Chat"). */
const COMMAND_WINDOW_SECONDS = 30;

/**
 * `!points` and `!raffle` in the channel's chat, answered when the admin turned commands on. The reply goes to chat
 * with the connected account's user token (Kick refuses the app's token there); without a usable connection the
 * reply is not sent, the delivery is still applied, and the admin's Kick connection screen says why.
 */
@Injectable()
export class ChatCommandsService {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly repository: ActivityRepository,
    private readonly economy: EconomyService,
    private readonly raffles: RafflesQueryService,
    private readonly featured: FeaturedRaffleService,
    private readonly kick: KickAppClient,
    private readonly connection: KickConnectionService,
    private readonly entries: RaffleEntryService,
  ) {}

  async answer(command: { kickUserId: number; username: string; command: ChatCommandName }): Promise<boolean> {
    const em = this.em.fork();
    const rules = await this.repository.rules(em);
    if (!rules.chat_commands_enabled || !rules.broadcaster_user_id || command.kickUserId === rules.broadcaster_user_id) return false;
    const fresh = await this.redis.set(`activity:cmd:${command.command}:${command.kickUserId}`, '1', 'EX', COMMAND_WINDOW_SECONDS, 'NX');
    if (fresh !== 'OK') return false;
    const reply =
      command.command === 'points'
        ? await this.points(em, command)
        : command.command === 'join'
          ? await this.join(em, command)
          : await this.raffle();
    return this.send(rules.broadcaster_user_id, reply);
  }

  /**
   * Says something in the channel's chat as the connected account (raffle winners); false when no usable connection
   * or channel is set. A refusal is recorded for the admin's Kick connection screen, as for command replies.
   */
  async announce(content: string): Promise<boolean> {
    const rules = await this.repository.rules(this.em.fork());
    if (!rules.broadcaster_user_id) return false;
    return this.send(rules.broadcaster_user_id, content.slice(0, 500));
  }

  /** True when the reply reached Kick's chat. */
  private async send(broadcasterUserId: number, content: string): Promise<boolean> {
    const token = await this.connection.token();
    if (!token || !token.scopes.includes('chat:write')) return false;
    try {
      await this.kick.sendChatMessage(token.accessToken, { broadcasterUserId, asBot: token.kickUserId === broadcasterUserId, content });
    } catch (err) {
      const refused = err instanceof KickHttpError && (err.status === 401 || err.status === 403);
      await this.connection.recordChatResult(
        refused
          ? `Kick refused the connected account's token for chat (HTTP ${(err as KickHttpError).status}): reconnect it with chat:write.`
          : `The last bot reply could not be sent: ${(err as Error).message}.`,
      );
      throw err;
    }
    await this.connection.recordChatResult(null);
    return true;
  }

  private async points(em: EntityManager, command: { kickUserId: number; username: string }): Promise<string> {
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `@${command.username} log in at ${this.config.env.APP_URL} with Kick to start collecting points.`;
    return `@${command.username} you have ${(await this.economy.balanceOf(member.id)).toLocaleString('en-US')} points.`;
  }

  /**
   * `!join`: the linked member enters the raffle on stream for free through the same service as the site's button and
   * socket, so the same entry rules refuse with the same words.
   */
  private async join(em: EntityManager, command: { kickUserId: number; username: string }): Promise<string> {
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `@${command.username} log in at ${this.config.env.APP_URL} with Kick to enter raffles.`;
    // The raffle on stream may be one drawn a moment ago (its winners stay on stream): nothing to join then.
    const raffleId = await this.featured.openRaffleId();
    if (!raffleId) return 'No raffle is open right now.';
    try {
      const result = await this.entries.enter(member.id, raffleId, { entry_type: 'passwordless' });
      return `@${command.username} ${result.message}`;
    } catch (err) {
      if (err instanceof HttpException) return `@${command.username} ${err.message}`;
      throw err;
    }
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
