import { OutboxService } from '@kickback/platform';
import type { EntityManager } from '@mikro-orm/postgresql';

const CATALOGUE: [provider: string, slots: string[]][] = [
  ['Pragmatic Play', ['Gates of Olympus', 'Sweet Bonanza', 'Sugar Rush', 'The Dog House Megaways', 'Big Bass Bonanza']],
  ['Hacksaw Gaming', ['Wanted Dead or a Wild', 'Chaos Crew', 'Stick Em']],
  ['Nolimit City', ['Mental', 'San Quentin xWays', 'Tombstone RIP']],
  ['Push Gaming', ['Jammin Jars', 'Razor Shark']],
  ['Relax Gaming', ['Money Train 3', 'Temple Tumble']],
];

/** [slot, bet, win or null] per hunt; completed hunts have every win entered. */
const COMPLETED_HUNTS: { start: string; daysAgo: number; games: [string, string, string][] }[] = [
  {
    start: '2000.00',
    daysAgo: 9,
    games: [
      ['Gates of Olympus', '20.00', '412.00'],
      ['Mental', '10.00', '1250.00'],
      ['Sweet Bonanza', '20.00', '96.40'],
      ['Chaos Crew', '10.00', '38.00'],
      ['Money Train 3', '20.00', '610.00'],
    ],
  },
  {
    start: '1500.00',
    daysAgo: 6,
    games: [
      ['Sugar Rush', '15.00', '180.00'],
      ['Wanted Dead or a Wild', '10.00', '2140.50'],
      ['Razor Shark', '10.00', '55.00'],
      ['Tombstone RIP', '5.00', '0.00'],
    ],
  },
  {
    start: '3000.00',
    daysAgo: 2,
    games: [
      ['The Dog House Megaways', '30.00', '900.00'],
      ['San Quentin xWays', '20.00', '330.00'],
      ['Jammin Jars', '25.00', '1175.25'],
      ['Big Bass Bonanza', '30.00', '252.00'],
      ['Temple Tumble', '20.00', '77.60'],
      ['Stick Em', '20.00', '466.00'],
    ],
  },
];

const CURRENT_HUNT: { start: string; games: [string, string, string | null][] } = {
  start: '2500.00',
  games: [
    ['Gates of Olympus', '25.00', '1312.50'],
    ['Wanted Dead or a Wild', '20.00', '264.00'],
    ['Sweet Bonanza', '25.00', '91.25'],
    ['Mental', '10.00', null],
    ['Money Train 3', '20.00', null],
    ['Chaos Crew', '20.00', null],
    ['Sugar Rush', '25.00', null],
  ],
};

/** Per demo member: [end balance, highest multiplier, game] for each hunt, cycled. */
const GUESSES: [string, string, string][] = [
  ['1800.00', '125.00', 'Mental'],
  ['2450.00', '214.05', 'Wanted Dead or a Wild'],
  ['3100.00', '60.00', 'Jammin Jars'],
  ['2000.00', '48.00', 'Gates of Olympus'],
  ['2750.50', '90.00', 'Money Train 3'],
];

/**
 * A slot catalogue, three completed hunts and a running one with some bonuses opened and
 * predictions from the demo members. Completed hunts get a 'hunt.completed' outbox event, so
 * the worker scores them and pays their prizes through the ledger like a real hunt.
 */
export async function seedHunts(em: EntityManager): Promise<void> {
  const [{ n }] = await em.execute<{ n: string }[]>('select count(*)::text as n from hunts');
  if (Number(n) > 0) return;

  const slotIds = new Map<string, number>();
  for (const [provider, slots] of CATALOGUE) {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into slot_providers (name) values (?) on conflict ((lower(name))) do update set name = excluded.name returning id`,
      [provider],
    );
    for (const slot of slots) {
      const [s] = await em.execute<{ id: number }[]>(
        `insert into slots (name, provider_id) values (?, ?) on conflict ((lower(name)), provider_id) do update set name = excluded.name returning id`,
        [slot, row!.id],
      );
      slotIds.set(slot, s!.id);
    }
  }
  const members = await em.execute<{ id: number }[]>('select id from users where is_demo order by id limit 5');

  const addGames = async (huntId: number, games: [string, string, string | null][]) => {
    for (const [position, [slot, bet, win]] of games.entries()) {
      await em.execute('insert into hunt_games (hunt_id, slot_id, position, bet, win) values (?, ?, ?, ?::numeric, ?::numeric)', [
        huntId,
        slotIds.get(slot),
        position,
        bet,
        win,
      ]);
    }
  };
  const addPredictions = async (huntId: number, offset: number, at: string) => {
    for (const [index, member] of members.entries()) {
      const [end, mult, game] = GUESSES[(index + offset) % GUESSES.length]!;
      await em.execute(
        `insert into hunt_predictions (hunt_id, user_id, end_balance, highest_multiplier, highest_multiplier_game, created_at, updated_at)
         values (?, ?, ?::numeric, ?::numeric, ?, ${at} + (? * interval '3 minutes'), ${at} + (? * interval '3 minutes'))`,
        [huntId, member.id, end, mult, game, index, index],
      );
    }
  };

  for (const [index, hunt] of COMPLETED_HUNTS.entries()) {
    const created = `now() - interval '${hunt.daysAgo} days'`;
    const [row] = await em.execute<{ id: number }[]>(
      `insert into hunts (starting_balance, status, predictions_active, prize_points, final_balance, created_at, updated_at, opening_started_at, completed_at)
       values (?::numeric, 'opening', false, '{1000,500,250}', null, ${created}, ${created}, ${created} + interval '1 hour', null) returning id`,
      [hunt.start],
    );
    await addGames(row!.id, hunt.games);
    await addPredictions(row!.id, index, created);
    const [done] = await em.execute<{ total: string }[]>(
      `update hunts set status = 'completed', completed_at = created_at + interval '3 hours',
         final_balance = (select sum(win) from hunt_games where hunt_id = hunts.id) where id = ? returning final_balance::text as total`,
      [row!.id],
    );
    await new OutboxService().add(em, 'hunt.completed', { huntId: row!.id, finalBalance: done!.total, at: new Date().toISOString() });
  }

  // Being opened: its predictions were made while it collected and are closed now (the database allows no other).
  const [current] = await em.execute<{ id: number }[]>(
    `insert into hunts (starting_balance, status, predictions_active, prize_points, created_at, opening_started_at)
     values (?::numeric, 'opening', false, '{1500,750,300}', now() - interval '2 hours', now() - interval '20 minutes') returning id`,
    [CURRENT_HUNT.start],
  );
  await addGames(current!.id, CURRENT_HUNT.games);
  await addPredictions(current!.id, 1, `now() - interval '90 minutes'`);
}
