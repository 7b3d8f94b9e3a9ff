import { integrationStack } from '@kickback/testing';
import { EconomyService } from '../economy/economy.service';
import { StoreBatchRepository } from './store-batch.repository';
import { StoreRedemptionService } from './store-redemption.service';

/**
 * Redemptions submitted in one turn of the event loop are written as one set-wise batch. These tests submit them to
 * the service directly, so each test knows which redemptions share a batch, and check the batch decides exactly as
 * the same redemptions would one after another.
 */
describe('store redemptions written set-wise (real PostgreSQL)', () => {
  let economy: EconomyService;
  let store: StoreRedemptionService;
  let batchRows: StoreBatchRepository;

  const stack = integrationStack();

  beforeAll(async () => {
    economy = stack.api.app.get(EconomyService);
    store = stack.api.app.get(StoreRedemptionService);
    batchRows = stack.api.app.get(StoreBatchRepository);
  });
  afterEach(() => jest.restoreAllMocks());

  /** A member with `points` who acts through the service, never logged in: answers their id. */
  const member = async (points: number) => (await stack.member({ points, signedIn: false })).id;

  async function item(cost: number, quantity: number | null, max: number | null = null): Promise<number> {
    const [{ id }] = await stack.em.fork().execute<{ id: number }[]>(
      `insert into store_items (name, cost, quantity, max_purchases_per_user, is_active, fulfilment, category)
         values ('Batch item', ?, ?, ?, true, 'manual', 'test') returning id`,
      [cost, quantity, max],
    );
    return id;
  }

  /** Every redemption submitted at once; each answer or refusal message in submission order. */
  const redeemAtOnce = (requests: { userId: number; itemId: number; key?: string }[]) =>
    Promise.all(
      requests.map((r) =>
        store.redeem(r.userId, r.itemId, r.key ?? null).then(
          (result) => ({ ok: true as const, result }),
          (error: Error) => ({ ok: false as const, message: error.message }),
        ),
      ),
    );

  const one = async <T>(sql: string, params: unknown[]) => (await stack.em.fork().execute<T[]>(sql, params))[0]!;

  async function assertBooksBalance(userIds: number[], itemId: number) {
    for (const userId of userIds) {
      const { balance, ledger } = await one<{ balance: string; ledger: string }>(
        `select (select balance from wallets where user_id = ?)::text as balance,
                (select sum(delta) from points_ledger where user_id = ?)::text as ledger`,
        [userId, userId],
      );
      expect(balance).toBe(ledger);
    }
    const { redemptions, events, debits } = await one<{ redemptions: number; events: number; debits: number }>(
      `select (select count(*) from store_redemptions where item_id = ?)::int as redemptions,
              (select count(*) from outbox_events where type = 'redemption.created' and (payload->>'itemId')::int = ?)::int as events,
              (select count(*) from points_ledger l join store_redemptions r on l.reference = 'redemption:' || r.id where r.item_id = ?)::int as debits`,
      [itemId, itemId, itemId],
    );
    expect({ events, debits }).toEqual({ events: redemptions, debits: redemptions });
  }

  it('one member several times in a batch: points, limit and stock are counted as if one after another', async () => {
    const rich = await member(1000);
    const poor = await member(250);
    const itemId = await item(100, 6, 3);
    const answers = await redeemAtOnce([
      ...Array.from({ length: 5 }, () => ({ userId: rich, itemId })),
      ...Array.from({ length: 5 }, () => ({ userId: poor, itemId })),
    ]);
    expect(answers.map((a) => (a.ok ? 'ok' : a.message))).toEqual([
      'ok',
      'ok',
      'ok',
      'You have reached the purchase limit for this item.',
      'You have reached the purchase limit for this item.',
      'ok',
      'ok',
      'Not enough points.',
      'Not enough points.',
      'Not enough points.',
    ]);
    const accepted = answers.flatMap((a) => (a.ok ? [a.result] : []));
    // Each answer shows the state right after its own redemption.
    expect(accepted.map((r) => [r.user_points, r.item.quantity, r.item.user_purchases])).toEqual([
      [900, 5, 1],
      [800, 4, 2],
      [700, 3, 3],
      [150, 2, 1],
      [50, 1, 2],
    ]);
    expect(new Set(accepted.map((r) => r.redemption.id)).size).toBe(5);
    expect(accepted.every((r) => r.points_entry?.delta === -100 && !r.replayed)).toBe(true);
    expect(await economy.balanceOf(rich)).toBe(700);
    expect(await economy.balanceOf(poor)).toBe(50);
    expect(await one('select quantity from store_items where id = ?', [itemId])).toEqual({ quantity: 1 });
    // One transaction: every row shares its start time, and refused redemptions left no row behind.
    expect(
      await one('select count(*)::int as rows, count(distinct created_at)::int as transactions from store_redemptions where item_id = ?', [
        itemId,
      ]),
    ).toEqual({ rows: 5, transactions: 1 });
    await assertBooksBalance([rich, poor], itemId);
  });

  it('a batch over more than the stock sells exactly the stock, first come first served, across items', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => member(500)));
    const hot = await item(50, 7);
    const unlimited = await item(20, null);
    const answers = await redeemAtOnce(
      buyers.flatMap((userId) => [
        { userId, itemId: hot },
        { userId, itemId: unlimited },
      ]),
    );
    const hotAnswers = answers.filter((_, i) => i % 2 === 0);
    expect(hotAnswers.map((a) => (a.ok ? 'ok' : a.message))).toEqual([
      ...Array(7).fill('ok'),
      ...Array(5).fill('This item is out of stock.'),
    ]);
    expect(hotAnswers.flatMap((a) => (a.ok ? [a.result.item.quantity] : []))).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(answers.filter((_, i) => i % 2 === 1).every((a) => a.ok && a.result.item.quantity === null)).toBe(true);
    expect(await one('select quantity from store_items where id = ?', [hot])).toEqual({ quantity: 0 });
    await assertBooksBalance(buyers, hot);
    await assertBooksBalance(buyers, unlimited);
  });

  it('keys: a key used before is replayed, a key repeated inside the batch makes one redemption', async () => {
    const userId = await member(1000);
    const itemId = await item(100, 10);
    const [first] = await redeemAtOnce([{ userId, itemId, key: 'key-before' }]);
    expect(first!.ok).toBe(true);
    const answers = await redeemAtOnce([
      { userId, itemId, key: 'key-before' },
      { userId, itemId, key: 'key-new' },
      { userId, itemId, key: 'key-new' },
      { userId, itemId },
    ]);
    expect(answers.map((a) => a.ok && a.result.replayed)).toEqual([true, false, true, false]);
    const ids = answers.map((a) => (a.ok ? a.result.redemption.id : null));
    expect(ids[0]).toBe(first!.ok && first!.result.redemption.id);
    expect(ids[2]).toBe(ids[1]);
    expect(await economy.balanceOf(userId)).toBe(700);
    await assertBooksBalance([userId], itemId);
  });

  it('stock taken by someone else after the batch read it: the batch is redone one by one and never oversells', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => member(500)));
    const itemId = await item(50, 6);
    const open = batchRows.open.bind(batchRows);
    jest.spyOn(batchRows, 'open').mockImplementation(async (tx, requests) => {
      const opened = await open(tx, requests);
      // Outside the batch's transaction: an admin's edit lowers the stock after the batch has read 6.
      if (requests.length > 1) await stack.em.fork().execute('update store_items set quantity = 2 where id = ?', [itemId]);
      return opened;
    });
    const answers = await redeemAtOnce(buyers.map((userId) => ({ userId, itemId })));
    expect(answers.map((a) => (a.ok ? 'ok' : a.message))).toEqual(['ok', 'ok', ...Array(4).fill('This item is out of stock.')]);
    expect(await one('select quantity from store_items where id = ?', [itemId])).toEqual({ quantity: 0 });
    await assertBooksBalance(buyers, itemId);
  });

  it('points spent elsewhere after the batch read the balance: the batch is redone one by one and no balance goes negative', async () => {
    const userId = await member(300);
    const itemId = await item(100, null);
    const open = batchRows.open.bind(batchRows);
    jest.spyOn(batchRows, 'open').mockImplementation(async (tx, requests) => {
      const opened = await open(tx, requests);
      if (requests.length > 1)
        await stack.em
          .fork()
          .transactional((other) => economy.debit(other, { userId, amount: 150, reason: 'test.spend', idempotencyKey: `spend-${userId}` }));
      return opened;
    });
    const answers = await redeemAtOnce(Array.from({ length: 3 }, () => ({ userId, itemId })));
    expect(answers.map((a) => (a.ok ? a.result.user_points : a.message))).toEqual([50, 'Not enough points.', 'Not enough points.']);
    expect(await economy.balanceOf(userId)).toBe(50);
    await assertBooksBalance([userId], itemId);
  });
});
