import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  ActivityExclusion,
  ActivityExclusionInput,
  ActivityOverview,
  ActivityRules,
  RewardMapping,
  UpdateActivityRules,
} from '@kickback/contracts';
import { AppConfig, AuditLogService, OutboxService, notFound } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickWebhookService } from './kick-webhook.service';

/** The Activity section: overview, earning rules, exclusions and reward mappings, each change audited. */
@Injectable()
export class AdminActivityService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly repository: ActivityRepository,
    private readonly webhooks: KickWebhookService,
  ) {}

  async overview(): Promise<ActivityOverview> {
    const em = this.em.fork();
    const [live, today, top, pending, deliveries, subscriptions] = await Promise.all([
      this.repository.liveState(em),
      this.repository.todayBySource(em),
      this.repository.topEarners(em, 10),
      this.repository.pendingTotals(em),
      this.webhooks.recentDeliveries(50),
      this.repository.subscriptions(em),
    ]);
    return {
      live,
      today_by_source: today,
      top_earners: top,
      pending,
      deliveries,
      subscriptions: subscriptions.map((s) => ({ ...s, updated_at: new Date(s.updated_at).toISOString() })),
      subscriptions_enabled: this.config.env.KICK_EVENTS_SUBSCRIBE,
    };
  }

  rules(): Promise<ActivityRules> {
    return this.repository.rules(this.em.fork());
  }

  async updateRules(actorId: number, input: UpdateActivityRules): Promise<ActivityRules> {
    return this.em.fork().transactional(async (tx) => {
      const before = await this.repository.rules(tx);
      await this.repository.updateRules(tx, input);
      const after = await this.repository.rules(tx);
      await this.audit.record(tx, { actorId, action: 'activity.rules.update', entity: 'activity_settings', entityId: 1, before, after });
      await this.outbox.add(tx, 'activity.settings-updated', { at: new Date().toISOString() });
      return after;
    });
  }

  exclusions(): Promise<ActivityExclusion[]> {
    return this.listExclusions(this.em.fork());
  }

  async putExclusion(actorId: number, input: ActivityExclusionInput): Promise<ActivityExclusion[]> {
    return this.em.fork().transactional(async (tx) => {
      await this.repository.putExclusion(tx, input);
      await this.audit.record(tx, {
        actorId,
        action: 'activity.exclusion.put',
        entity: 'activity_exclusions',
        entityId: input.kick_user_id,
        after: input,
      });
      return this.listExclusions(tx);
    });
  }

  async deleteExclusion(actorId: number, kickUserId: number): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await this.repository.deleteExclusion(tx, kickUserId))) throw notFound('Exclusion not found.');
      await this.audit.record(tx, { actorId, action: 'activity.exclusion.delete', entity: 'activity_exclusions', entityId: kickUserId });
    });
  }

  rewards(): Promise<RewardMapping[]> {
    return this.repository.rewards(this.em.fork());
  }

  async putReward(actorId: number, input: RewardMapping): Promise<RewardMapping[]> {
    return this.em.fork().transactional(async (tx) => {
      await this.repository.putReward(tx, input);
      await this.audit.record(tx, {
        actorId,
        action: 'activity.reward.put',
        entity: 'activity_reward_mappings',
        entityId: input.reward_id,
        after: input,
      });
      return this.repository.rewards(tx);
    });
  }

  async deleteReward(actorId: number, rewardId: string): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      if (!(await this.repository.deleteReward(tx, rewardId))) throw notFound('Reward mapping not found.');
      await this.audit.record(tx, { actorId, action: 'activity.reward.delete', entity: 'activity_reward_mappings', entityId: rewardId });
    });
  }

  private async listExclusions(em: EntityManager): Promise<ActivityExclusion[]> {
    const rows = await this.repository.exclusions(em);
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
  }
}
