import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  KICK_EVENT_SUBSCRIPTIONS,
  joinCommand,
  overlayRoom,
  type ActivityExclusion,
  type ActivityExclusionInput,
  type ActivityOverview,
  type ActivityRules,
  type RewardMapping,
  type UpdateActivityRules,
} from '@kickback/contracts';
import { AppConfig, AuditLogService, OutboxService, RealtimeEmitter, notFound, isoOrNull } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickWebhookService } from './kick-webhook.service';
import { KickDeliveryLog } from './kick-delivery-log';
import { KickLivePollHealth } from './kick-live-poll-health';

/** While live, this long without any delivery means Kick is not sending (dropped subscriptions, a dead webhook). */
const QUIET_WARNING_MS = 10 * 60_000;

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
    private readonly deliveryLog: KickDeliveryLog,
    private readonly livePoll: KickLivePollHealth,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async overview(): Promise<ActivityOverview> {
    const em = this.em.fork();
    const [live, today, top, pending, deliveries, subscriptions, stats, lastAny, livePollWarning] = await Promise.all([
      this.repository.liveState(em),
      this.repository.todayBySource(em),
      this.repository.topEarners(em, 10),
      this.repository.pendingTotals(em),
      this.webhooks.recentDeliveries(50),
      this.repository.subscriptions(em),
      this.deliveryLog.stats(KICK_EVENT_SUBSCRIPTIONS),
      this.deliveryLog.lastAny(),
      this.livePoll.warning(),
    ]);
    const byEvent = new Map(subscriptions.map((s) => [s.event, s]));
    const quiet = live.is_live && (!lastAny || Date.now() - Date.parse(lastAny) > QUIET_WARNING_MS);
    return {
      kick_events: KICK_EVENT_SUBSCRIPTIONS.map((event) => ({
        event,
        subscribed: byEvent.get(event)?.status === 'subscribed' && !!byEvent.get(event)?.checked_at,
        ...stats.get(event)!,
      })),
      delivery_warning: quiet
        ? `The stream is live but Kick has sent no delivery ${lastAny ? `since ${lastAny}` : 'yet'}: check the subscriptions below.`
        : null,
      live_poll_warning: livePollWarning,
      live,
      today_by_source: today,
      top_earners: top,
      pending,
      deliveries,
      subscriptions: subscriptions.map((s) => ({
        ...s,
        updated_at: new Date(s.updated_at).toISOString(),
        checked_at: isoOrNull(s.checked_at),
      })),
      subscriptions_enabled: this.config.env.KICK_EVENTS_SUBSCRIBE,
    };
  }

  rules(): Promise<ActivityRules> {
    return this.repository.rules(this.em.fork());
  }

  async updateRules(actorId: number, input: UpdateActivityRules): Promise<ActivityRules> {
    const { before, after } = await this.audit.audited(
      { actorId, action: 'activity.rules.update', entity: 'activity_settings' },
      async (tx) => {
        const before = await this.repository.rules(tx);
        await this.repository.updateRules(tx, input);
        const after = await this.repository.rules(tx);
        await this.outbox.add(tx, 'activity.settings-updated', { at: new Date().toISOString() });
        return { entityId: 1, before, after, answer: { before, after } };
      },
    );
    // The raffle overlay's default "How to enter" names the command; OBS keeps it open for hours, so it is told now.
    const command = joinCommand(after);
    if (command !== joinCommand(before)) this.realtime.toRoom(overlayRoom('raffle'), 'overlay:join-command', { join_command: command });
    return after;
  }

  exclusions(): Promise<ActivityExclusion[]> {
    return this.listExclusions(this.em.fork());
  }

  async putExclusion(actorId: number, input: ActivityExclusionInput): Promise<ActivityExclusion[]> {
    return this.audit.audited({ actorId, action: 'activity.exclusion.put', entity: 'activity_exclusions' }, async (tx) => {
      await this.repository.putExclusion(tx, input);
      return { entityId: input.kick_user_id, after: input, answer: await this.listExclusions(tx) };
    });
  }

  async deleteExclusion(actorId: number, kickUserId: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'activity.exclusion.delete', entity: 'activity_exclusions' }, async (tx) => {
      if (!(await this.repository.deleteExclusion(tx, kickUserId))) throw notFound('Exclusion not found.');
      return { entityId: kickUserId };
    });
  }

  rewards(): Promise<RewardMapping[]> {
    return this.repository.rewards(this.em.fork());
  }

  async putReward(actorId: number, input: RewardMapping): Promise<RewardMapping[]> {
    return this.audit.audited({ actorId, action: 'activity.reward.put', entity: 'activity_reward_mappings' }, async (tx) => {
      await this.repository.putReward(tx, input);
      return { entityId: input.reward_id, after: input, answer: await this.repository.rewards(tx) };
    });
  }

  async deleteReward(actorId: number, rewardId: string): Promise<void> {
    await this.audit.audited({ actorId, action: 'activity.reward.delete', entity: 'activity_reward_mappings' }, async (tx) => {
      if (!(await this.repository.deleteReward(tx, rewardId))) throw notFound('Reward mapping not found.');
      return { entityId: rewardId };
    });
  }

  private async listExclusions(em: EntityManager): Promise<ActivityExclusion[]> {
    const rows = await this.repository.exclusions(em);
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
  }
}
