import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { computeWinners, entriesHash, sha256Hex, type DrawEntry } from '@kickback/contracts';
import { OutboxService } from '@kickback/platform';
import { standaloneWinners } from '../winners/winners.service';
import { hashRafflePassword } from './raffle-password';
import { RafflesEntriesRepository } from './raffles-entries.repository';

const DAY = 86_400_000;

/** Handles the crowd goes by: the kind a casino stream's chat is full of, none a demo login's or a test's. */
const HANDLE_STARTS = ['Spin', 'Reel', 'Bonus', 'Wild', 'Mega', 'Jackpot', 'Scatter', 'Turbo', 'Golden', 'Lucky'];
const HANDLE_ENDS = ['Chaser', 'Hunter', 'Fox', 'Wolf', 'Maven', 'Rider', 'Ace'];
const FAN_HANDLES = HANDLE_STARTS.flatMap((start) => HANDLE_ENDS.map((end) => [`${start}${end}`, `${start} ${end}`] as const));

/** Extra demo members so the active raffle has a crowd; demo-loginable like the identity seed's users. */
async function seedRaffleFans(em: EntityManager): Promise<number[]> {
  const ids: number[] = [];
  for (const [username, name] of FAN_HANDLES) {
    await em.execute(
      `insert into users (username, name, role, kick_username, bio, is_demo, email)
       values (?, ?, 'member', ?, 'Here for the giveaways.', true, ?) on conflict ((lower(username))) do nothing`,
      [username, name, username.toLowerCase(), `${username.toLowerCase()}@demo.kickback.local`],
    );
    const [row] = await em.execute<{ id: number }[]>('select id from users where lower(username) = lower(?)', [username]);
    ids.push(row.id);
  }
  return ids;
}

interface SeedRaffle {
  title: string;
  description: string;
  prize: string;
  value: string;
  startOffset: number;
  endOffset: number;
  winners: number;
  points: number | null;
  password: string | null;
}

async function insertRaffle(em: EntityManager, r: SeedRaffle): Promise<{ id: number; seed: string } | null> {
  const exists = await em.execute('select 1 from raffles where title = ?', [r.title]);
  if (exists.length) return null;
  const seed = randomBytes(32).toString('hex');
  const now = Date.now();
  const [row] = await em.execute<{ id: number; starts_at: Date; ends_at: Date }[]>(
    `insert into raffles (title, description, prize_description, prize_value_usd, starts_at, ends_at, number_of_winners,
       allow_passwordless, allow_points, points_per_entry, max_tickets_per_user, password_hash, seed, seed_hash)
     values (?, ?, ?, ?::numeric, ?, ?, ?, true, ?, ?, ?, ?, ?, ?) returning id, starts_at, ends_at`,
    [
      r.title,
      r.description,
      r.prize,
      r.value,
      new Date(now + r.startOffset),
      new Date(now + r.endOffset),
      r.winners,
      r.points !== null,
      r.points,
      r.points ? 20 : null,
      r.password ? await hashRafflePassword(r.password) : null,
      seed,
      sha256Hex(seed),
    ],
  );
  // The worker schedules the start push and the draw from this event, as for an admin-created raffle.
  await new OutboxService().add(em, 'raffle.scheduled', {
    raffleId: row.id,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
  });
  return { id: row.id, seed };
}

async function enter(em: EntityManager, raffleId: number, userIds: number[], type: 'passwordless' | 'password'): Promise<void> {
  for (const userId of userIds)
    await em.execute(`insert into raffle_entries (raffle_id, user_id, entry_type, tickets) values (?, ?, ?, 1) on conflict do nothing`, [
      raffleId,
      userId,
      type,
    ]);
  // Written straight (the ended raffle takes entries after its end), so its totals and people are counted here.
  await new RafflesEntriesRepository(new OutboxService()).recount(em, raffleId);
}

/** A pending, an active (with a crowd of entries) and an ended (drawn, verifiable) raffle. */
export async function seedRaffles(em: EntityManager): Promise<void> {
  const fans = await seedRaffleFans(em);
  const regulars = await em.execute<{ id: number }[]>(
    `select id from users where is_demo and kick_username is not null and lower(username) in ('luckyluke', 'spinqueen')`,
  );
  const crowd = [...regulars.map((r) => r.id), ...fans];

  await insertRaffle(em, {
    title: 'Holiday Mystery Box',
    description: 'A mystery box of stream merch and a gaming headset. Opens for entries this weekend.',
    prize: 'Merch box + headset',
    value: '250.00',
    startOffset: 2 * DAY,
    endOffset: 9 * DAY,
    winners: 2,
    points: 100,
    password: null,
  });

  const active = await insertRaffle(em, {
    title: '$500 Cash Giveaway',
    description: 'Five winners share $500. Enter for free, buy extra tickets with points, or use the password from stream.',
    prize: '5 × $100',
    value: '500.00',
    startOffset: -DAY,
    endOffset: 3 * DAY,
    winners: 5,
    points: 100,
    password: 'kickback',
  });
  if (active) {
    await enter(em, active.id, crowd, 'passwordless');
    await enter(em, active.id, crowd.slice(0, 12), 'password');
  }

  const ended = await insertRaffle(em, {
    title: 'Gaming Chair Raffle',
    description: 'An ergonomic gaming chair for three lucky viewers.',
    prize: 'Gaming chair',
    value: '900.00',
    startOffset: -10 * DAY,
    endOffset: -3 * DAY,
    winners: 3,
    points: null,
    password: null,
  });
  if (ended) {
    await enter(em, ended.id, crowd.slice(0, 30), 'passwordless');
    const rows = await em.execute<{ id: string; user_id: number; tickets: number }[]>(
      'select e.id::text as id, e.user_id, e.tickets from raffle_entries e where e.raffle_id = ? order by e.id',
      [ended.id],
    );
    const entries: DrawEntry[] = rows.map((r) => ({ entry_id: Number(r.id), user_id: r.user_id, tickets: r.tickets }));
    const winners = computeWinners(ended.seed, entries, 3);
    await em.execute('update raffles set drawn_at = ends_at, entries_hash = ? where id = ?', [entriesHash(entries), ended.id]);
    // Won when the raffle was drawn (its end), as a real draw records them.
    for (const w of winners)
      await em.execute(
        'insert into raffle_winners (raffle_id, position, user_id, draw_index, created_at) select ?, ?, ?, ?, drawn_at from raffles where id = ?',
        [ended.id, w.position, w.user_id, w.draw_index, ended.id],
      );
    const ledger = standaloneWinners(em);
    const [drawn] = await em.execute<{ drawn_at: Date }[]>('select drawn_at from raffles where id = ?', [ended.id]);
    for (const w of winners)
      await ledger.recordMember(em, {
        source: 'raffle',
        reference: `raffle:${ended.id}:${w.position}:${w.user_id}`,
        userId: w.user_id,
        position: w.position,
        prize: 'Gaming chair',
        prizeValueUsd: '300.00',
        prizePoints: null,
        subject: { id: ended.id, title: 'Gaming Chair Raffle', path: `/raffles/${ended.id}` },
        wonAt: drawn!.drawn_at,
      });
  }
}
