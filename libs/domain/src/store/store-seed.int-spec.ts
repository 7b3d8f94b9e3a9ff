import { integrationStack } from '@kickback/testing';
import { demoSeedWanted, runDemoSeed } from '../demo/demo-seed';

describe('store demo seed (real PostgreSQL)', () => {
  const stack = integrationStack();

  const snapshot = async () => ({
    items: await stack.em.fork().execute('select name, cost, quantity, max_purchases_per_user, fulfilment from store_items order by id'),
    codes: await stack.em.fork().execute<{ n: number }[]>('select count(*)::int as n from store_codes'),
    wallets: await stack.em
      .fork()
      .execute(`select u.username, w.balance::text as balance from wallets w join users u on u.id = w.user_id order by u.username`),
    ledger: await stack.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from points_ledger where reason = 'demo.grant'`),
  });

  it('seeds items in every state and demo points once; seeding again changes nothing', async () => {
    // `npm start` seeds an empty database only.
    expect(await demoSeedWanted(stack.em.fork())).toBe(true);
    await runDemoSeed(stack.em.fork());
    expect(await demoSeedWanted(stack.em.fork())).toBe(false);
    const first = await snapshot();
    const items = first.items as {
      name: string;
      cost: number;
      quantity: number | null;
      max_purchases_per_user: number | null;
      fulfilment: string;
    }[];
    expect(items.some((i) => i.quantity === 0)).toBe(true);
    expect(items.some((i) => i.max_purchases_per_user === 1)).toBe(true);
    expect(items.some((i) => i.fulfilment === 'code')).toBe(true);
    expect(items.some((i) => i.quantity === null)).toBe(true);
    expect(first.codes[0].n).toBe(10);
    // LuckyLuke can afford some items and not others.
    const luke = (first.wallets as { username: string; balance: string }[]).find((w) => w.username === 'LuckyLuke')!;
    expect(items.some((i) => i.cost <= Number(luke.balance))).toBe(true);
    expect(items.some((i) => i.cost > Number(luke.balance) && i.quantity !== 0)).toBe(true);

    await runDemoSeed(stack.em.fork());
    expect(await snapshot()).toEqual(first);
  });
});
