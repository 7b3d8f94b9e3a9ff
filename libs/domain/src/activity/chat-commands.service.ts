import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { AppConfig, InjectRedis } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { RafflesQueryService } from '../raffles/raffles-query.service';
import { ActivityRepository } from './activity.repository';
import { KickAppClient } from './kick-app.client';

/** One answer per Kick user and command in this window (INTEGRATIONS.md "Kick chat"). */
const COMMAND_WINDOW_SECONDS = 30;

/** `!points` and `!raffle` in the channel's chat, answered by the app's bot when the admin turned commands on. */
@Injectable()
export class ChatCommandsService {
  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly repository: ActivityRepository,
    private readonly economy: EconomyService,
    private readonly raffles: RafflesQueryService,
    private readonly kick: KickAppClient,
  ) {}

  async answer(command: { kickUserId: number; username: string; command: string }): Promise<boolean> {
    const em = this.em.fork();
    const rules = await this.repository.rules(em);
    if (!rules.chat_commands_enabled || !rules.broadcaster_user_id || command.kickUserId === rules.broadcaster_user_id) return false;
    const fresh = await this.redis.set(`activity:cmd:${command.command}:${command.kickUserId}`, '1', 'EX', COMMAND_WINDOW_SECONDS, 'NX');
    if (fresh !== 'OK') return false;
    const reply = command.command === 'points' ? await this.points(em, command) : await this.raffle();
    await this.kick.sendBotMessage(rules.broadcaster_user_id, reply);
    return true;
  }

  private async points(em: EntityManager, command: { kickUserId: number; username: string }): Promise<string> {
    const member = await this.repository.memberByKickId(em, command.kickUserId);
    if (!member) return `@${command.username} log in at ${this.config.env.APP_URL} with Kick to start collecting points.`;
    return `@${command.username} you have ${(await this.economy.balanceOf(member.id)).toLocaleString('en-US')} points.`;
  }

  private async raffle(): Promise<string> {
    const open = (await this.raffles.list(null)).find((r) => r.status === 'Active');
    const base = this.config.env.APP_URL.replace(/\/$/, '');
    return open ? `Open raffle: ${open.title} ${base}/raffles/${open.id}` : 'No raffle is open right now.';
  }
}
