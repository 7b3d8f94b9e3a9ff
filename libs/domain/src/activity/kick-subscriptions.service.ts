import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { KICK_EVENT_SUBSCRIPTIONS, type ActivitySubscription } from '@kickback/contracts';
import { AppConfig } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickAppClient } from './kick-app.client';

/**
 * Keeps the channel subscribed to the events the rules use: lists what Kick has, subscribes only what is missing
 * (so a repeat changes nothing), drops subscriptions for another broadcaster, and records each event's state.
 */
@Injectable()
export class KickSubscriptionsService {
  private readonly logger = new Logger(KickSubscriptionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly repository: ActivityRepository,
    private readonly kick: KickAppClient,
  ) {}

  /** Answers the recorded states; does nothing unless KICK_EVENTS_SUBSCRIBE is on and a broadcaster id is set. */
  async sync(): Promise<ActivitySubscription[]> {
    const em = this.em.fork();
    const { broadcaster_user_id: broadcaster } = await this.repository.rules(em);
    if (!this.config.env.KICK_EVENTS_SUBSCRIBE || !broadcaster) return this.repository.subscriptions(em);
    try {
      const existing = await this.kick.list();
      await this.kick.unsubscribe(existing.filter((s) => s.broadcaster_user_id !== broadcaster).map((s) => s.id));
      const mine = new Map(existing.filter((s) => s.broadcaster_user_id === broadcaster).map((s) => [s.event, s]));
      const missing = KICK_EVENT_SUBSCRIPTIONS.filter((event) => !mine.has(event));
      const created = missing.length ? await this.kick.subscribe(broadcaster, missing) : [];
      for (const event of KICK_EVENT_SUBSCRIPTIONS) {
        const had = mine.get(event);
        const made = created.find((c) => c.name === event);
        await this.repository.putSubscription(em, {
          event,
          version: 1,
          subscription_id: had?.id ?? made?.subscription_id ?? null,
          status: had || (made && !made.error && made.subscription_id) ? 'subscribed' : made?.error ? 'failed' : 'missing',
          error: made?.error ? String(made.error).slice(0, 300) : null,
        });
      }
    } catch (err) {
      this.logger.warn({ err }, 'Kick event subscriptions could not be synced');
      for (const event of KICK_EVENT_SUBSCRIPTIONS)
        await this.repository.putSubscription(em, {
          event,
          version: 1,
          subscription_id: null,
          status: 'failed',
          error: (err as Error).message.slice(0, 300),
        });
    }
    return this.repository.subscriptions(em);
  }
}
