import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { InjectRedis } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickAppClient } from './kick-app.client';
import { KickWebhookService } from './kick-webhook.service';
import { LiveStateService } from './live-state.service';

/** The worker's schedule for the poll (docs/activity.md, "Live state from Kick's API": the polling budget). */
export const LIVE_POLL_EVERY_MS = 60_000;
/** A state this recent came from a delivery Kick's API may not show yet: the poll leaves it alone until then. */
const SETTLE_MS = 2 * 60_000;
const LOCK_KEY = 'activity:live-poll:lock';
/** Longer than a poll can take (kickRequest's retries included), shorter than the period. */
const LOCK_MS = 50_000;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export type LivePollResult = 'idle' | 'busy' | 'settling' | 'unchanged' | 'ended' | 'started';

/**
 * Kick's livestreams API as a second source for the live state, so one lost livestream.status.updated cannot leave the
 * site LIVE (paying watch points) or keep the next stream on the old stream's id and caps. It asks only while the site
 * believes the stream is live, or while a member's page with the player is open; a difference is applied through the
 * same path as a delivery of that status (KickWebhookService.applyPolledStatus). Single-flight across workers.
 */
@Injectable()
export class KickLivePollService {
  private readonly logger = new Logger(KickLivePollService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly repository: ActivityRepository,
    private readonly kick: KickAppClient,
    private readonly webhooks: KickWebhookService,
    private readonly liveState: LiveStateService,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async poll(): Promise<LivePollResult> {
    const em = this.em.fork();
    const broadcaster = (await this.repository.rules(em)).broadcaster_user_id;
    if (!broadcaster) return 'idle';
    const live = await this.repository.live(em);
    if (!live.is_live && !(await this.liveState.anyoneWatching())) return 'idle';
    if (Date.now() - new Date(live.as_of).getTime() < SETTLE_MS) return 'settling';
    const token = randomUUID();
    if ((await this.redis.set(LOCK_KEY, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return 'busy';
    try {
      const stream = await this.kick.livestream(broadcaster);
      const now = new Date();
      // Ordered as if seen SETTLE_MS ago: Kick's API lags its webhook, so a delivery stamped within that window (or
      // applied while this call was out) wins over what the API said.
      const orderAt = new Date(now.getTime() - SETTLE_MS);
      if (live.is_live && !stream) {
        await this.webhooks.applyPolledStatus({ is_live: false, started_at: null, ended_at: now.toISOString() }, orderAt);
        this.logger.log({ broadcaster }, 'Kick no longer lists the stream: ended by the poll');
        return 'ended';
      }
      const startedAt = stream?.started_at && !Number.isNaN(Date.parse(stream.started_at)) ? stream.started_at : null;
      const differentStart = live.is_live && startedAt && live.started_at && !sameStart(live.started_at, startedAt);
      if (stream && (!live.is_live || differentStart)) {
        await this.webhooks.applyPolledStatus({ is_live: true, started_at: startedAt ?? now.toISOString(), ended_at: null }, orderAt);
        this.logger.log({ broadcaster, startedAt }, 'Kick lists a stream the site did not know: started by the poll');
        return 'started';
      }
      return 'unchanged';
    } finally {
      await this.redis.eval(RELEASE, 1, LOCK_KEY, token);
    }
  }
}

const sameStart = (a: Date | string, b: string) => Math.abs(new Date(a).getTime() - Date.parse(b)) <= 60_000;
