import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SAFETY_MESSAGES, type RedeemResult } from '@kickback/contracts';
import { ApiError, GroupCommit, OutboxService, conflict, forbidden, notFound } from '@kickback/platform';
import { EconomyService, type PointsChange, type PointsResult } from '../economy/economy.service';
import { InsufficientPointsError } from '../economy/points.errors';
import { ItemUnavailableError, OutOfStockError, PurchaseLimitError, STORE_MESSAGES } from './store.errors';
import { planBatch, purchaseKey, type Verdict } from './redemption-batch-plan';
import { StoreBatchRepository, type OpenedBatch } from './store-batch.repository';
import { StoreRepository, type RedeemStart } from './store.repository';
import { StoreRedemptionsRepository } from './store-redemptions.repository';
import { toRedemption } from './store-views';
import { MemberBreaksService } from '../safety/member-breaks.service';

interface Redeeming {
  userId: number;
  itemId: number;
  idempotencyKey: string | null;
}

type Outcome = { result: RedeemResult } | { refused: ApiError };

/** A batch's answer for a request whose Idempotency-Key was used before: replayed once the batch has committed. */
const REPLAY = Symbol('replay');

/** A guarded write of a batch found a counter or a stock another transaction changed since the batch read it. */
class BatchRacedError extends Error {
  constructor() {
    super('a redemption batch raced another transaction');
  }
}

/**
 * Redemptions arriving within the same moment are written in one transaction (group commit): a limited item released
 * on stream has every buyer waiting for its one stock row, which a transaction per redemption holds until its commit,
 * so one commit per batch is what lifts the item past one-row-per-commit. The batch is written set-wise, a fixed
 * number of statements whatever its size: each redemption is decided in order from what the batch read, as it would
 * be alone, and every write is guarded by the condition it was decided on.
 *
 * A lone redemption (and every redemption of a batch that failed as a whole: a guard tripped by another
 * transaction, a deadlock with another process) runs its own statements, locks in one order (idempotency slot →
 * wallet → purchase counter → item stock, the hottest row last), every check a conditional write. Batches of one
 * process are written one at a time, their redemptions in item order, so two batches never hold each other's rows.
 */
@Injectable()
export class StoreRedemptionService {
  private readonly batches = new GroupCommit<Redeeming, Outcome>({
    write: (batch) => this.writeUnlessOnBreak(batch),
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
    private readonly batchRows: StoreBatchRepository,
    private readonly breaks: MemberBreaksService,
  ) {}

  async redeem(userId: number, itemId: number, idempotencyKey: string | null): Promise<RedeemResult> {
    const outcome = await this.batches.submit({ userId, itemId, idempotencyKey });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.result;
  }

  /**
   * Casino bonuses are refused to members on a break before anything is written: one read of the batch's items, and
   * only when one is a casino bonus a read of who is on a break. Checked inside the batch rather than before it, so
   * requests keep the order they arrived in.
   */
  private async writeUnlessOnBreak(batch: Redeeming[]): Promise<Outcome[]> {
    const bonuses = await this.items.casinoBonuses(this.em.fork(), [...new Set(batch.map((r) => r.itemId))]);
    const onBreak = bonuses.size
      ? await this.breaks.membersOnBreak([...new Set(batch.filter((r) => bonuses.has(r.itemId)).map((r) => r.userId))])
      : new Set<number>();
    const refused = (r: Redeeming) => bonuses.has(r.itemId) && onBreak.has(r.userId);
    const rest = batch.filter((r) => !refused(r));
    if (rest.length === batch.length) return this.write(batch);
    const written = rest.length ? await this.write(rest) : [];
    let next = 0;
    return batch.map((r) => (refused(r) ? { refused: forbidden(SAFETY_MESSAGES.storeRefused) } : written[next++]!));
  }

  /**
   * A lone redemption runs its statements alone (also how a failed batch is redone, one by one); a batch is decided
   * and written set-wise. A request repeating another's Idempotency-Key in the same batch waits for the batch and is
   * then answered as any repeat is.
   */
  private async write(batch: Redeeming[]): Promise<Outcome[]> {
    if (batch.length === 1) return [await this.writeAlone(batch[0]!)];
    const seen = new Set<string>();
    const together: number[] = [];
    const repeats: number[] = [];
    batch.forEach(({ userId, idempotencyKey }, i) => {
      const key = idempotencyKey === null ? null : `${userId}:${idempotencyKey}`;
      if (key !== null && seen.has(key)) return repeats.push(i);
      if (key !== null) seen.add(key);
      together.push(i);
    });
    const written = await this.em.fork().transactional((tx) =>
      this.writeTogether(
        tx,
        together.map((i) => batch[i]!),
      ),
    );
    const outcomes: Outcome[] = new Array(batch.length);
    for (const [j, i] of together.entries()) {
      const answer = written[j]!;
      const { userId, itemId, idempotencyKey } = batch[i]!;
      outcomes[i] =
        answer === REPLAY
          ? await refusalAsOutcome(() => this.em.fork().transactional((tx) => this.replay(tx, userId, itemId, idempotencyKey!)))
          : answer;
    }
    for (const i of repeats) outcomes[i] = await this.writeAlone(batch[i]!);
    return outcomes;
  }

  private writeAlone(redeeming: Redeeming): Promise<Outcome> {
    return refusalAsOutcome(() => this.em.fork().transactional((tx) => this.redeemIn(tx, redeeming)));
  }

  /**
   * The whole batch in five statements whatever its size: open every redemption row while reading items, balances
   * and counters; decide each redemption in order as if alone; debit the accepted (and write their events); drop the
   * refused rows; take the purchases and the stock. Every write is guarded by the condition the decision read, so a
   * fact another transaction changed meanwhile fails the batch (StaleBalanceError, BatchRacedError), which is then
   * redone one redemption at a time.
   */
  private async writeTogether(tx: EntityManager, batch: Redeeming[]): Promise<(Outcome | typeof REPLAY)[]> {
    const opened = await this.batchRows.open(tx, batch);
    const plan = planBatch(batch, opened);
    const accepted = batch.flatMap((_, i) => (plan.verdicts[i] === 'accepted' ? [i] : []));
    const refusedRows = batch.flatMap((_, i) => (plan.verdicts[i] !== 'accepted' && opened.slots[i] ? [opened.slots[i]!.id] : []));

    const debits = await this.economy.debitPlanned(
      tx,
      accepted.map((i) => redemptionDebit(batch[i]!.userId, opened.items.get(batch[i]!.itemId)!.cost, opened.slots[i]!.id)),
    );
    await this.outbox.addMany(
      tx,
      'redemption.created',
      accepted.map((i) => ({ redemptionId: opened.slots[i]!.id, userId: batch[i]!.userId, itemId: batch[i]!.itemId })),
    );
    await this.batchRows.drop(tx, refusedRows);
    const taken = await this.takeAccepted(tx, batch, accepted, opened);

    const debitOf = new Map(accepted.map((i, j) => [i, debits[j]!]));
    return plan.verdicts.map((verdict, i) => {
      if (verdict === 'replay') return REPLAY;
      if (verdict !== 'accepted') return { refused: refusal(verdict) };
      const { userId, itemId } = batch[i]!;
      const after = plan.after[i]!;
      const slot = opened.slots[i]!;
      return {
        result: writtenAnswer(slot.id, slot.createdAt, opened.items.get(itemId)!, debitOf.get(i)!, {
          id: itemId,
          quantity: after.quantity === null ? null : after.quantity + taken.stockDrift.get(itemId)!,
          user_purchases: after.purchases + taken.purchaseDrift.get(purchaseKey(userId, itemId))!,
        }),
      };
    });
  }

  /**
   * Takes the accepted purchases and stock, and answers by how much each final value differs from what the plan
   * expected (an admin's restock in between), so each answer shows the value right after its own redemption.
   */
  private async takeAccepted(
    tx: EntityManager,
    batch: Redeeming[],
    accepted: number[],
    facts: OpenedBatch,
  ): Promise<{ stockDrift: Map<number, number>; purchaseDrift: Map<string, number> }> {
    const perMember = new Map<string, { userId: number; itemId: number; n: number }>();
    const perItem = new Map<number, number>();
    for (const i of accepted) {
      const { userId, itemId } = batch[i]!;
      const key = purchaseKey(userId, itemId);
      const counted = perMember.get(key) ?? { userId, itemId, n: 0 };
      counted.n++;
      perMember.set(key, counted);
      perItem.set(itemId, (perItem.get(itemId) ?? 0) + 1);
    }
    const items = facts.items;
    const limited = [...perItem.keys()].filter((id) => items.get(id)!.quantity !== null);
    const unlimited = [...perItem.keys()].filter((id) => items.get(id)!.quantity === null);
    const taken = await this.batchRows.take(tx, [...perMember.values()], limited, unlimited);
    if (taken.purchases.size !== perMember.size || taken.quantities.size !== limited.length || taken.unlimitedOnSale !== unlimited.length)
      throw new BatchRacedError();
    const stockDrift = new Map(limited.map((id) => [id, taken.quantities.get(id)! - (items.get(id)!.quantity! - perItem.get(id)!)]));
    const purchaseDrift = new Map(
      [...perMember.entries()].map(([key, { n }]) => [key, taken.purchases.get(key)! - ((facts.purchases.get(key) ?? 0) + n)]),
    );
    return { stockDrift, purchaseDrift };
  }

  private async redeemIn(tx: EntityManager, { userId, itemId, idempotencyKey }: Redeeming): Promise<RedeemResult> {
    const item = await this.items.startRedemption(tx, userId, itemId, idempotencyKey);
    if (!item) throw notFound(STORE_MESSAGES.itemNotFound);
    if (!item.redemption_id) return this.replay(tx, userId, itemId, idempotencyKey!);
    const redemptionId = Number(item.redemption_id);

    if (!item.is_active) throw new ItemUnavailableError();
    if (item.quantity !== null && item.quantity <= 0) throw new OutOfStockError();

    const debit = await this.economy.debit(tx, redemptionDebit(userId, item.cost, redemptionId));
    await this.outbox.add(tx, 'redemption.created', { redemptionId, userId, itemId });

    // Only limited stock locks the item row; see StoreRepository.
    const state =
      item.quantity === null
        ? await this.items.takeUnlimitedPurchase(tx, userId, itemId, item.max_purchases_per_user)
        : await this.items.takeLimitedPurchase(tx, userId, itemId, item.max_purchases_per_user);
    if (state.purchases === null) throw new PurchaseLimitError();
    if (!state.stocked) throw (await this.items.isActive(tx, itemId)) ? new OutOfStockError() : new ItemUnavailableError();
    return writtenAnswer(redemptionId, item.created_at!, item, debit, {
      id: itemId,
      quantity: state.quantity,
      user_purchases: state.purchases,
    });
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

/** A redemption's ledger line: its id names the reference and the idempotency key, so no retry debits it twice. */
const redemptionDebit = (userId: number, cost: number, redemptionId: number): PointsChange => ({
  userId,
  amount: cost,
  reason: 'store.redeem',
  reference: `redemption:${redemptionId}`,
  idempotencyKey: `store-redeem:${redemptionId}`,
});

/** The answer to a redemption written now (not replayed), alone or in a batch. */
function writtenAnswer(
  redemptionId: number,
  createdAt: Date,
  item: Pick<RedeemStart, 'id' | 'name' | 'image_url' | 'cost'>,
  debit: Pick<PointsResult, 'balance' | 'entry'>,
  stock: RedeemResult['item'],
): RedeemResult {
  return {
    redemption: {
      id: redemptionId,
      item: { id: item.id, name: item.name, image: item.image_url, cost: item.cost },
      created_at: new Date(createdAt).toISOString(),
      is_processed: false,
      status: 'pending',
      code: null,
    },
    user_points: debit.balance,
    item: stock,
    points_entry: debit.entry,
    replayed: false,
  };
}

function refusal(verdict: Exclude<Verdict, 'accepted' | 'replay'>): ApiError {
  switch (verdict) {
    case 'not-found':
      return notFound(STORE_MESSAGES.itemNotFound);
    case 'unavailable':
      return new ItemUnavailableError();
    case 'out-of-stock':
      return new OutOfStockError();
    case 'no-points':
      return new InsufficientPointsError();
    case 'limit':
      return new PurchaseLimitError();
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
