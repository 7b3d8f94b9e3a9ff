import type { EntityManager } from '@mikro-orm/postgresql';
import { standaloneEconomy } from '../economy/economy.service';

/** Demo items in every state a member can meet (SPEC §4 store button). */
const DEMO_ITEMS = [
  {
    name: 'Discord VIP Role',
    description: 'A VIP role on the community Discord for a month.',
    cost: 500,
    quantity: null,
    max: null,
    category: 'perks',
    fulfilment: 'manual',
    usd: '0',
  },
  {
    name: '$5 Casino Tip',
    description: 'A $5 tip sent to your linked casino account.',
    cost: 2500,
    quantity: 25,
    max: 2,
    category: 'tips',
    fulfilment: 'manual',
    usd: '5.00',
  },
  {
    name: 'Steam Gift Card $10',
    description: 'A $10 Steam wallet code, delivered instantly.',
    cost: 4000,
    quantity: 10,
    max: null,
    category: 'gift-cards',
    fulfilment: 'code',
    usd: '10.00',
  },
  {
    name: 'Stream Shout-out',
    description: 'A shout-out on the next stream. Once per member.',
    cost: 1000,
    quantity: null,
    max: 1,
    category: 'perks',
    fulfilment: 'manual',
    usd: '0',
  },
  {
    name: 'Signed Hoodie',
    description: 'The official hoodie, signed. Sold out until the next drop.',
    cost: 7500,
    quantity: 0,
    max: 1,
    category: 'merch',
    fulfilment: 'manual',
    usd: '60.00',
  },
  {
    name: '$100 Bonus Buy',
    description: 'The streamer does a $100 bonus buy in your name on stream.',
    cost: 25000,
    quantity: 3,
    max: 1,
    category: 'tips',
    fulfilment: 'manual',
    usd: '100.00',
  },
] as const;

const DEMO_POINTS: Record<string, number> = { luckyluke: 6000, spinqueen: 1500, nokicknick: 300, streamboss: 50000 };

/** Fills an empty store and grants demo points once (fixed idempotency keys make reseeding a no-op). */
export async function seedStore(em: EntityManager): Promise<void> {
  const [{ n }] = await em.execute<{ n: string }[]>('select count(*)::text as n from store_items');
  if (Number(n) === 0) {
    for (const item of DEMO_ITEMS) {
      const [{ id }] = await em.execute<{ id: number }[]>(
        `insert into store_items (name, description, cost, quantity, max_purchases_per_user, category, fulfilment, value_usd)
         values (?, ?, ?, ?, ?, ?, ?, ?::numeric) returning id`,
        [item.name, item.description, item.cost, item.quantity, item.max, item.category, item.fulfilment, item.usd],
      );
      if (item.fulfilment === 'code') {
        const codes = Array.from({ length: 10 }, (_, i) => `DEMO-STEAM-${String(i + 1).padStart(4, '0')}-KB`);
        await em.execute(
          'insert into store_codes (item_id, code) select ?, t.code from jsonb_array_elements_text(?::jsonb) with ordinality as t(code, n) order by t.n on conflict do nothing',
          [id, JSON.stringify(codes)],
        );
      }
    }
  }
  const economy = standaloneEconomy(em);
  const users = await em.execute<{ id: number; username: string }[]>(
    'select id, lower(username) as username from users where is_demo and lower(username) in (select jsonb_array_elements_text(?::jsonb))',
    [JSON.stringify(Object.keys(DEMO_POINTS))],
  );
  for (const user of users) {
    await economy.credit(em, {
      userId: user.id,
      amount: DEMO_POINTS[user.username],
      reason: 'demo.grant',
      idempotencyKey: `demo-seed:points:${user.username}`,
    });
  }
}
