import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { KICK_EVENT_SUBSCRIPTIONS, type ActivitySubscription } from '@kickback/contracts';
import { AppConfig, InjectRedis, withRedisLock } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickAppClient, type ListedSubscription } from './kick-app.client';

const RECONCILE_LOCK = 'kick:subscriptions:reconcile';
/** Longer than a reconcile can take (a few Kick calls, each retried with backoff). */
const RECONCILE_LOCK_MS = 120_000;
const EVENT_VERSION = 1;

/**
 * Makes Kick's subscriptions for the channel what the rules need, from Kick's own list: one subscription per event and
 * version (Kick accepts duplicates and then delivers every event once per subscription), re-created when Kick dropped
 * one (it unsubscribes an app whose deliveries keep failing), and recorded per event. Another broadcaster's
 * subscriptions of the same app are left alone, except those we made ourselves (ids we recorded) before the channel
 * changed. One run at a time across every replica (a lock in Redis), so workers starting together cannot subscribe
 * the same event twice.
 */
@Injectable()
export class KickSubscriptionsService {
  private readonly logger = new Logger(KickSubscriptionsService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly repository: ActivityRepository,
    private readonly kick: KickAppClient,
  ) {}

  /**
   * Answers the recorded states; does nothing unless KICK_EVENTS_SUBSCRIBE is on and a broadcaster id is set.
   * `wait`: when another run holds the lock, wait for it and run again (a rules change must be seen); otherwise skip,
   * since the holder is doing the same work.
   */
  async reconcile(options: { wait?: boolean } = {}): Promise<ActivitySubscription[]> {
    await withRedisLock(this.redis, RECONCILE_LOCK, RECONCILE_LOCK_MS, () => this.run(), options.wait ? RECONCILE_LOCK_MS : 0);
    return this.repository.subscriptions(this.em.fork());
  }

  private async run(): Promise<void> {
    const em = this.em.fork();
    const { broadcaster_user_id: broadcaster } = await this.repository.rules(em);
    if (!this.config.env.KICK_EVENTS_SUBSCRIBE || !broadcaster) return;
    try {
      const listed = await this.kick.list();
      const recorded = new Set((await this.repository.subscriptions(em)).map((s) => s.subscription_id).filter(Boolean));
      const kept = new Map<string, ListedSubscription>();
      const surplus: string[] = [];
      for (const sub of this.oldestFirst(listed)) {
        if (sub.broadcaster_user_id !== broadcaster) {
          if (recorded.has(sub.id)) surplus.push(sub.id);
          continue;
        }
        if (sub.version !== EVENT_VERSION || !(KICK_EVENT_SUBSCRIPTIONS as readonly string[]).includes(sub.event)) continue;
        const have = kept.get(sub.event);
        // The one we recorded wins, so deliveries keep naming the subscription the admin page shows.
        if (!have) kept.set(sub.event, sub);
        else if (recorded.has(sub.id) && !recorded.has(have.id)) {
          surplus.push(have.id);
          kept.set(sub.event, sub);
        } else surplus.push(sub.id);
      }
      if (surplus.length) this.logger.warn({ removed: surplus.length }, 'Kick subscriptions: removing duplicates and former channels');
      await this.kick.unsubscribe(surplus);
      const missing = KICK_EVENT_SUBSCRIPTIONS.filter((event) => !kept.has(event));
      if (missing.length) this.logger.warn({ missing }, 'Kick subscriptions: re-creating what Kick does not list');
      const created = missing.length ? await this.kick.subscribe(broadcaster, missing) : [];
      for (const event of KICK_EVENT_SUBSCRIPTIONS) {
        const had = kept.get(event);
        const made = created.find((c) => c.name === event);
        const ok = !!had || (!!made && !made.error && !!made.subscription_id);
        await this.repository.putSubscription(
          em,
          {
            event,
            version: EVENT_VERSION,
            subscription_id: had?.id ?? made?.subscription_id ?? null,
            status: ok ? 'subscribed' : made?.error ? 'failed' : 'missing',
            error: made?.error ? String(made.error).slice(0, 300) : null,
          },
          true,
        );
      }
    } catch (err) {
      this.logger.warn({ err }, 'Kick event subscriptions could not be reconciled');
      // The ids stay: they are how a later run knows which subscriptions are ours.
      const previous = new Map((await this.repository.subscriptions(em)).map((s) => [s.event, s.subscription_id]));
      for (const event of KICK_EVENT_SUBSCRIPTIONS)
        await this.repository.putSubscription(em, {
          event,
          version: EVENT_VERSION,
          subscription_id: previous.get(event) ?? null,
          status: 'failed',
          error: (err as Error).message.slice(0, 300),
        });
    }
  }

  private oldestFirst(listed: ListedSubscription[]): ListedSubscription[] {
    return [...listed].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''));
  }
}
