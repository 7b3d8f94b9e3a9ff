import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RedeemResult } from '@kickback/contracts';
import { ApiError, GroupCommit, OutboxService, conflict, notFound } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { ItemUnavailableError, OutOfStockError, PurchaseLimitError, STORE_MESSAGES } from './store.errors';
import { StoreRepository } from './store.repository';
import { StoreRedemptionsRepository } from './store-redemptions.repository';
import { toRedemption } from './store-views';

interface Redeeming {
  userId: number;
  itemId: number;
  idempotencyKey: string | null;
}

type Outcome = { result: RedeemResult } | { refused: ApiError };

/**
 * Redemptions arriving within the same moment are written in one transaction (group commit): a limited item released
 * on stream has every buyer waiting for its one stock row, which a transaction per redemption holds until its commit,
 * so one commit per batch is what lifts the item past one-row-per-commit. Each redemption runs in a savepoint of the
 * batch: a refusal (no points, sold out, limit reached) rolls back that redemption alone and is its answer.
 *
 * Within a redemption locks are taken in one order (idempotency slot → wallet → purchase counter → item stock, the
 * hottest row last), and every check is a conditional write rather than a read followed by a write. Batches of one
 * process are written one at a time, their redemptions in item order, so two batches never hold each other's stock
 * rows; a batch that fails as a whole (a deadlock with another process) is retried redemption by redemption.
 */
@Injectable()
export class StoreRedemptionService {
  private readonly batches = new GroupCommit<Redeeming, Outcome>({
    write: (batch) => this.write(batch),
    take: inItemOrder,
    maxBatch: 64,
    maxInFlight: 1,
  });

  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
    private readonly outbox: OutboxService,
    private readonly items: StoreRepository,
    private readonly redemptions: StoreRedemptionsRepository,
  ) {}

  async redeem(userId: number, itemId: number, idempotencyKey: string | null): Promise<RedeemResult> {
    const outcome = await this.batches.submit({ userId, itemId, idempotencyKey });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.result;
  }

  /** One transaction for the batch; a lone redemption needs no savepoint, its refusal rolls the transaction back. */
  private async write(batch: Redeeming[]): Promise<Outcome[]> {
    if (batch.length === 1) return [await refusalAsOutcome(() => this.em.fork().transactional((tx) => this.redeemIn(tx, batch[0]!)))];
    return this.em.fork().transactional(async (tx) => {
      const outcomes: Outcome[] = [];
      for (const redeeming of batch)
        outcomes.push(await refusalAsOutcome(() => tx.transactional((savepoint) => this.redeemIn(savepoint, redeeming))));
      return outcomes;
    });
  }

  private async redeemIn(tx: EntityManager, { userId, itemId, idempotencyKey }: Redeeming): Promise<RedeemResult> {
    const item = await this.items.startRedemption(tx, userId, itemId, idempotencyKey);
    if (!item) throw notFound(STORE_MESSAGES.itemNotFound);
    if (!item.redemption_id) return this.replay(tx, userId, itemId, idempotencyKey!);
    const redemptionId = Number(item.redemption_id);

    if (!item.is_active) throw new ItemUnavailableError();
    if (item.quantity !== null && item.quantity <= 0) throw new OutOfStockError();

    const { balance, entry } = await this.economy.debit(tx, {
      userId,
      amount: item.cost,
      reason: 'store.redeem',
      reference: `redemption:${redemptionId}`,
      idempotencyKey: `store-redeem:${redemptionId}`,
    });
    await this.outbox.add(tx, 'redemption.created', { redemptionId, userId, itemId });

    // Only limited stock locks the item row; see StoreRepository.
    const state =
      item.quantity === null
        ? await this.items.takeUnlimitedPurchase(tx, userId, itemId, item.max_purchases_per_user)
        : await this.items.takeLimitedPurchase(tx, userId, itemId, item.max_purchases_per_user);
    if (state.purchases === null) throw new PurchaseLimitError();
    if (!state.stocked) throw (await this.items.isActive(tx, itemId)) ? new OutOfStockError() : new ItemUnavailableError();
    return {
      redemption: {
        id: redemptionId,
        item: { id: item.id, name: item.name, image: item.image_url, cost: item.cost },
        created_at: new Date(item.created_at!).toISOString(),
        is_processed: false,
        status: 'pending',
        code: null,
      },
      user_points: balance,
      item: { id: itemId, quantity: state.quantity, user_purchases: state.purchases },
      points_entry: entry,
      replayed: false,
    };
  }

  private async replay(tx: EntityManager, userId: number, itemId: number, key: string): Promise<RedeemResult> {
    const first = (await this.redemptions.byIdempotencyKey(tx, userId, key))!;
    if (first.item_id !== itemId) throw conflict(STORE_MESSAGES.keyReused);
    const redemption = toRedemption((await this.redemptions.byId(tx, Number(first.id)))!);
    const state = await this.items.purchaseState(tx, userId, itemId);
    return {
      redemption,
      user_points: await this.economy.balanceIn(tx, userId),
      item: { id: itemId, quantity: state?.quantity ?? null, user_purchases: state?.purchases ?? 0 },
      points_entry: null,
      replayed: true,
    };
  }
}

/** A refusal becomes the redemption's answer; anything else (a lost connection, a deadlock) fails the whole batch. */
async function refusalAsOutcome(redeem: () => Promise<RedeemResult>): Promise<Outcome> {
  try {
    return { result: await redeem() };
  } catch (error) {
    if (error instanceof ApiError) return { refused: error };
    throw error;
  }
}

/** The waiting redemptions up to maxBatch in item order (arrival order within an item, so stock goes to who came first). */
function inItemOrder(waiting: readonly Redeeming[], maxBatch: number): Redeeming[] {
  return waiting.slice(0, maxBatch).sort((a, b) => a.itemId - b.itemId);
}
