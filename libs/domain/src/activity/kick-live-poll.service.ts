import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { InjectRedis, releaseIfHolder } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickAppClient, KickShapeError, type ChannelLive } from './kick-app.client';
import { KickLivePollHealth } from './kick-live-poll-health';
import { KickWebhookService } from './kick-webhook.service';
import { LiveStateService } from './live-state.service';
import { sameStart } from './live-status-order';

/** The worker's schedule for the poll (docs/activity.md, "Live state from Kick's API": the polling budget). */
export const LIVE_POLL_EVERY_MS = 60_000;
/** A state this recent came from a delivery Kick's API may not show yet: the poll leaves it alone until then. */
const SETTLE_MS = 2 * 60_000;
const LOCK_KEY = 'activity:live-poll:lock';
/** Longer than a poll can take (kickRequest's retries included), shorter than the period. */
const LOCK_MS = 50_000;

/** `invalid`: Kick's answer was not its documented shape; `stale`: what Kick said is older than the state applied. */
export type LivePollResult = 'idle' | 'busy' | 'settling' | 'unchanged' | 'ended' | 'started' | 'stale' | 'invalid';

/**
 * Kick's per-channel lookup (GET /public/v1/channels, `stream.is_live` and `stream.start_time`) as a second source for
 * the live state, so one lost livestream.status.updated cannot leave the site LIVE (paying watch points) or keep the
 * next stream on the old stream's id and caps. It asks only while the site believes the stream is live, or while a
 * member's page with the player is open; a difference is applied through the same path as a delivery of that status
 * (KickWebhookService.applyPolledStatus), ordered by the stream's own start and end. An answer that is not Kick's
 * documented shape changes nothing: it is logged, counted and shown to the admins (KickLivePollHealth).
 * Single-flight across workers.
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
    private readonly health: KickLivePollHealth,
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
      const askedAt = new Date();
      let channel: ChannelLive;
      try {
        channel = await this.kick.channelLive(broadcaster);
      } catch (err) {
        if (!(err instanceof KickShapeError)) throw err;
        this.logger.error(
          { broadcaster, reason: err.reason },
          "Kick's channel lookup answered an unexpected shape: live state left as it was",
        );
        await this.health.invalid(err.reason, askedAt);
        return 'invalid';
      }
      await this.health.valid();
      // Ordered as if seen SETTLE_MS ago: Kick's API lags its webhook, so a delivery stamped within that window (or
      // applied while this call was out) wins over what the API said.
      const orderAt = new Date(askedAt.getTime() - SETTLE_MS);
      if (live.is_live && !channel.is_live) {
        // The end of the stream the site has open (its start says which). Dated SETTLE_MS before Kick was asked: a
        // stream that started within Kick's lag before this answer must not look older than this end.
        const startedAt = live.started_at ? new Date(live.started_at) : null;
        const endedAt = new Date(Math.max(orderAt.getTime(), startedAt?.getTime() ?? 0));
        const outcome = await this.webhooks.applyPolledStatus(
          { is_live: false, started_at: startedAt?.toISOString() ?? null, ended_at: endedAt.toISOString(), title: channel.title },
          orderAt,
        );
        if (outcome === 'out-of-order') return 'stale';
        this.logger.log({ broadcaster }, 'Kick says the channel is offline: ended by the poll');
        return 'ended';
      }
      if (channel.is_live && (!live.is_live || !live.started_at || !sameStart(live.started_at, channel.started_at))) {
        const outcome = await this.webhooks.applyPolledStatus(
          { is_live: true, started_at: channel.started_at, ended_at: null, title: channel.title },
          orderAt,
        );
        if (outcome === 'out-of-order') return 'stale';
        this.logger.log(
          { broadcaster, startedAt: channel.started_at },
          'Kick says a stream the site did not know is live: started by the poll',
        );
        return 'started';
      }
      return 'unchanged';
    } finally {
      await releaseIfHolder(this.redis, LOCK_KEY, token);
    }
  }
}
