import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { GroupCommit } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { ActivityAwardsService, type Award } from './activity-awards.service';
import { KickEventApplier, type Applied } from './kick-event-applier.service';
import { awardIntent, decideAward, type AwardIntent, type KickMessage } from './kick-award-intents';
import { payloadBroadcaster } from './kick-event-payloads';
import { KickViewersRepository } from './kick-viewers.repository';
import { mergeViewerFacts, viewerFacts, type ViewerFact } from './kick-viewer-facts';

/** The outcome of a message whose payload names another broadcaster than the configured channel: nothing applied. */
export const OTHER_BROADCASTER = 'other-broadcaster';
/** The outcome of a message delivered under a subscription that is not the one recorded for its event: nothing applied. */
export const OTHER_SUBSCRIPTION = 'other-subscription';

/** What a verified delivery is kept as: 'applied' for a type this build reads, else acknowledged without effect. */
export type ClaimAs = 'applied' | 'ignored' | 'unreadable';

interface Delivery {
  message: KickMessage;
  claimAs: ClaimAs;
}

/**
 * Verified Kick deliveries that arrive within the same moment are applied in one transaction (group commit): one
 * statement claims every message id, and each run of fixed awards (follows, subscriptions, gifts, kicks) is decided
 * from one context read and written by three statements, however long the run. Chat, live status and rewards keep
 * their step-by-step rules inside the same transaction, in arrival order, so a status change still comes before the
 * chat that followed it. A stream's gift train arrives as hundreds of deliveries a second and this is what keeps up.
 *
 * Two batches (here or on another replica) take their locks in one order where it matters: message ids sorted,
 * wallets by member. Chat's per-account locks follow arrival order, so two batches holding two chatters' messages in
 * opposite orders can deadlock; PostgreSQL then aborts one, and GroupCommit retries a failed batch delivery by
 * delivery, so one delivery's failure is that delivery's answer alone.
 */
@Injectable()
export class KickDeliveryBatcher {
  private readonly batches = new GroupCommit<Delivery, Applied | null>({ write: (batch) => this.write(batch), take: nextBatch });

  constructor(
    private readonly em: EntityManager,
    private readonly repository: ActivityRepository,
    private readonly applier: KickEventApplier,
    private readonly awards: ActivityAwardsService,
    private readonly viewers: KickViewersRepository,
  ) {}

  /** The effect of the message, or null when its id was seen before (a redelivery: nothing applied). */
  apply(message: KickMessage, claimAs: ClaimAs): Promise<Applied | null> {
    return this.batches.submit({ message, claimAs });
  }

  private write(batch: Delivery[]): Promise<(Applied | null)[]> {
    return this.em.fork().transactional(async (tx) => {
      const fresh = await this.repository.claimMessages(
        tx,
        batch.map(({ message, claimAs }) => ({ ...message, outcome: claimAs })),
      );
      const results: (Applied | null)[] = batch.map(() => null);
      const channel = fresh.size ? (await this.repository.rules(tx)).broadcaster_user_id : null;
      const recorded = fresh.size ? await this.recordedSubscriptions(tx) : new Map<string, string>();
      let run: { index: number; intent: AwardIntent }[] = [];
      // Follows, subscriptions and chat badges the raffle entry rules read: one statement for the batch.
      const facts: ViewerFact[] = [];
      const settle = async () => {
        if (!run.length) return;
        const applied = await this.applyRun(
          tx,
          run.map((r) => r.intent),
        );
        run.forEach((r, k) => (results[r.index] = applied[k]!));
        run = [];
      };
      for (const [i, { message, claimAs }] of batch.entries()) {
        // Seen before, or earlier in this batch: a redelivery, nothing applied.
        if (!fresh.delete(message.id)) continue;
        if (claimAs !== 'applied') {
          results[i] = { outcome: claimAs };
          continue;
        }
        // The same app may subscribe other channels too (or a misconfiguration sends them here): never theirs to apply.
        const broadcaster = payloadBroadcaster(message.payload);
        if (channel && broadcaster !== null && broadcaster !== channel) {
          results[i] = { outcome: OTHER_BROADCASTER, broadcaster };
          continue;
        }
        // Kick delivers an event once per subscription: only the one we recorded counts (a duplicate, a staging deploy's).
        const ours = recorded.get(message.type);
        if (ours && message.subscriptionId && message.subscriptionId !== ours) {
          results[i] = { outcome: OTHER_SUBSCRIPTION };
          continue;
        }
        facts.push(...viewerFacts(message));
        const intent = awardIntent(message);
        if (intent && 'outcome' in intent) results[i] = intent;
        else if (intent) run.push({ index: i, intent });
        else {
          await settle();
          results[i] = await this.applier.apply(tx, message);
        }
      }
      await settle();
      await this.viewers.record(tx, mergeViewerFacts(facts));
      return results;
    });
  }

  /** Per event type, the subscription id the last reconcile recorded (docs/activity.md "Subscriptions"). */
  private async recordedSubscriptions(tx: EntityManager): Promise<Map<string, string>> {
    const subs = await this.repository.subscriptions(tx);
    return new Map(subs.filter((s) => s.subscription_id).map((s) => [s.event, s.subscription_id!]));
  }

  private async applyRun(tx: EntityManager, intents: AwardIntent[]): Promise<Applied[]> {
    const contexts = await this.repository.contexts(
      tx,
      intents.map((intent) => intent.kickUserId),
    );
    const decisions = intents.map((intent) => decideAward(intent, contexts.get(intent.kickUserId)!));
    const outcomes = await this.awards.awardMany(
      tx,
      decisions.filter((d): d is Award => !('outcome' in d)),
    );
    let next = 0;
    return decisions.map((d) => ('outcome' in d ? d : { outcome: outcomes[next++]! }));
  }
}

/**
 * The deliveries at the front of the line, in arrival order, stopping before a moderation ban; a ban at the front goes
 * alone. A ban holds the member's row and then the raffles it voids entries in, while an entry holds its member's row
 * and then the raffle: two bans in one transaction could hold one raffle while waiting for a row an entry holds, and
 * that entry waits for the raffle.
 */
function nextBatch(waiting: readonly Delivery[], maxBatch: number): Delivery[] {
  const isBan = (d: Delivery) => d.message.type === 'moderation.banned';
  if (isBan(waiting[0]!)) return [waiting[0]!];
  const batch: Delivery[] = [];
  for (const d of waiting) {
    if (batch.length === maxBatch || isBan(d)) break;
    batch.push(d);
  }
  return batch;
}
