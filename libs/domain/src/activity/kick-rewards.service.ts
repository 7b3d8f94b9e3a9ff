import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type Redis from 'ioredis';
import { KICK_REWARD_MESSAGES, type CreateKickReward, type KickChannelReward, type KickRewardsView } from '@kickback/contracts';
import { ApiError, AuditLogService, InjectRedis, withRedisLock } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickChannelAdminClient, REDEMPTION_BATCH, type KickReward } from './kick-channel-admin.client';
import { KickConnectionService, type ConnectedToken } from './kick-connection.service';
import { KickRedemptionActionsRepository, type RedemptionAction } from './kick-redemption-actions.repository';

const FLUSH_LOCK = 'kick:redemptions:flush';
const FLUSH_LOCK_MS = 60_000;
/** Batches one flush sends at most per action, so a backlog cannot hold the lock for long. */
const MAX_BATCHES = 20;

const view = (reward: KickReward, points: Map<string, number>): KickChannelReward => ({
  id: reward.id,
  title: reward.title,
  description: reward.description ?? '',
  cost: reward.cost,
  enabled: reward.is_enabled ?? true,
  paused: reward.is_paused ?? false,
  skips_queue: reward.should_redemptions_skip_request_queue ?? false,
  points: points.get(reward.id) ?? null,
});

/**
 * The channel's rewards on Kick for the admin (listed with `channel:rewards:read`, created with `channel:rewards:write`
 * and mapped to points in one step), and the redemptions the site acted on, accepted (or rejected, which refunds the
 * viewer's channel points) on Kick in batches of up to 25, by one process at a time.
 */
@Injectable()
export class KickRewardsService {
  private readonly logger = new Logger(KickRewardsService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectRedis() private readonly redis: Redis,
    private readonly audit: AuditLogService,
    private readonly repository: ActivityRepository,
    private readonly actions: KickRedemptionActionsRepository,
    private readonly connection: KickConnectionService,
    private readonly kick: KickChannelAdminClient,
  ) {}

  async list(): Promise<KickRewardsView> {
    const em = this.em.fork();
    const waiting = await this.actions.waiting(em);
    const token = await this.connection.token();
    const refused = this.refusal(token, 'channel:rewards:read');
    if (refused) return { available: false, reason: refused, rewards: [], waiting_decisions: waiting };
    let rewards: KickReward[];
    try {
      rewards = await this.kick.rewards(token!.accessToken);
    } catch (err) {
      this.logger.warn({ err }, 'Kick rewards list failed');
      return { available: false, reason: KICK_REWARD_MESSAGES.failed, rewards: [], waiting_decisions: waiting };
    }
    const points = new Map((await this.repository.rewards(em)).map((m) => [m.reward_id, m.points]));
    return { available: true, reason: null, rewards: rewards.map((r) => view(r, points)), waiting_decisions: waiting };
  }

  /** Creates the reward on Kick, then maps it to its points here (audited); a refusal by Kick changes nothing here. */
  async create(actorId: number, input: CreateKickReward): Promise<KickChannelReward> {
    const token = await this.connection.token();
    const refused = this.refusal(token, 'channel:rewards:write');
    if (refused) throw new ApiError(409, refused);
    let created: KickReward;
    try {
      created = await this.kick.createReward(token!.accessToken, { title: input.title, cost: input.cost, description: input.description });
    } catch (err) {
      this.logger.warn({ err }, 'Kick reward creation failed');
      throw new ApiError(502, `${KICK_REWARD_MESSAGES.createFailed} ${(err as Error).message}`);
    }
    await this.audit.audited({ actorId, action: 'activity.reward.create', entity: 'activity_reward_mappings' }, async (tx) => {
      await this.repository.putReward(tx, { reward_id: created.id, title: created.title.slice(0, 100), points: input.points });
      return { entityId: created.id, after: { title: created.title, cost: created.cost, points: input.points } };
    });
    return view(created, new Map([[created.id, input.points]]));
  }

  /** Records, in the delivery's transaction, what Kick is to be told about a pending redemption the site acted on. */
  queue(tx: EntityManager, redemptionId: string, action: RedemptionAction): Promise<boolean> {
    return this.actions.queue(tx, redemptionId, action);
  }

  /**
   * Tells Kick what the site decided: accepts, then rejects, 25 ids a call. Ids Kick settled (changed, or refused for
   * good: no longer pending, unknown, not this channel's) are marked sent; a call that fails leaves its ids for the
   * next flush (after the next decision, and at every Kick upkeep).
   */
  async flush(): Promise<void> {
    const token = await this.connection.token();
    if (this.refusal(token, 'channel:rewards:write')) return;
    await withRedisLock(this.redis, FLUSH_LOCK, FLUSH_LOCK_MS, async () => {
      for (const action of ['accept', 'reject'] as const)
        for (let batch = 0; batch < MAX_BATCHES; batch++) if (!(await this.sendBatch(token!, action))) break;
    });
  }

  /** One batch; false when there was nothing to send or Kick failed (stop until the next flush). */
  private async sendBatch(token: ConnectedToken, action: RedemptionAction): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const ids = (await this.actions.unsent(tx, action, REDEMPTION_BATCH)).map((r) => r.redemption_id);
      if (!ids.length) return false;
      try {
        const { done, failed } = await this.kick.decide(token.accessToken, action, ids);
        await this.actions.markSent(tx, done, null);
        for (const f of failed) await this.actions.markSent(tx, [f.id], f.reason.slice(0, 300));
        const unanswered = ids.filter((id) => !done.includes(id) && !failed.some((f) => f.id === id));
        await this.actions.markSent(tx, unanswered, 'NOT_ANSWERED');
        return true;
      } catch (err) {
        this.logger.warn({ err, action, count: ids.length }, 'Kick redemption decision failed');
        await this.actions.markFailed(tx, ids, (err as Error).message);
        return false;
      }
    });
  }

  private refusal(token: ConnectedToken | null, scope: string): string | null {
    if (!token) return KICK_REWARD_MESSAGES.notConnected;
    if (!token.scopes.includes(scope)) return KICK_REWARD_MESSAGES.notGranted(scope);
    return null;
  }
}
