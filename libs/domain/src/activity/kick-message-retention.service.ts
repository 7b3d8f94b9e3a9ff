import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '@kickback/platform';
import { KickMessagesRepository } from './kick-messages.repository';

/** Forgets Kick message ids after KICK_MESSAGE_RETENTION_DAYS (at least 30): the worker runs it hourly. */
@Injectable()
export class KickMessageRetentionService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly messages: KickMessagesRepository,
  ) {}

  purge(): Promise<number> {
    return this.messages.purgeOlderThan(this.em.fork(), this.config.env.KICK_MESSAGE_RETENTION_DAYS);
  }
}
