import type { EntityManager } from '@mikro-orm/postgresql';
import { standaloneEconomy } from '../economy/economy.service';
import { standaloneWinners } from '../winners/winners.service';
import { TournamentPrizesService } from './tournament-prizes.service';

interface SeedTournament {
  name: string;
  /** [slot name, round-1 multiplier] in bracket order. */
  slots: [string, string][];
  /** Winners by round, each list in match order; a shorter list leaves later matches open. */
  winners: string[][];
  predictionsActive: boolean;
  completed: boolean;
  daysAgo: number;
}

const TOURNAMENTS: SeedTournament[] = [
  {
    name: 'Sunday Slot Showdown',
    slots: [
      ['Mental', '7.41'],
      ['Gates of Olympus', '12.80'],
      ['Money Train 3', '55.20'],
      ['Sweet Bonanza', '3.15'],
    ],
    winners: [['Mental', 'Money Train 3'], ['Money Train 3']],
    predictionsActive: false,
    completed: true,
    daysAgo: 5,
  },
  {
    name: 'Friday Night Bracket',
    slots: [
      ['Wanted Dead or a Wild', '24.50'],
      ['Sugar Rush', '8.90'],
      ['Chaos Crew', '110.00'],
      ['Big Bass Bonanza', '4.20'],
      ['San Quentin xWays', '0.00'],
      ['Jammin Jars', '31.75'],
      ['Razor Shark', '17.30'],
      ['Temple Tumble', '6.60'],
    ],
    winners: [['Wanted Dead or a Wild', 'Chaos Crew']],
    predictionsActive: true,
    completed: false,
    daysAgo: 0,
  },
];

/**
 * A completed 4-slot tournament and a running 8-slot one with predictions open, with picks from
 * the demo members. The completed one pays its prize points to its best predictors, as a decided final does.
 */
export async function seedTournaments(em: EntityManager): Promise<void> {
  const [{ n }] = await em.execute<{ n: number }[]>('select count(*)::int as n from tournaments');
  if (n > 0) return;
  const members = await em.execute<{ id: number }[]>('select id from users where is_demo order by id limit 5');

  for (const t of TOURNAMENTS) {
    const size = t.slots.length;
    const [row] = await em.execute<{ id: number }[]>(
      `insert into tournaments (name, size, is_active, predictions_active, prize_points, completed_at, created_at)
       values (?, ?, ?, ?, ?::int[], ?, now() - make_interval(days => ?)) returning id`,
      [
        t.name,
        size,
        !t.completed,
        t.predictionsActive,
        t.completed ? '{500,250}' : '{1000,500,250}',
        t.completed ? new Date() : null,
        t.daysAgo,
      ],
    );
    const id = row!.id;
    // Names per round, filled from the slots and the winners so far.
    let names: (string | null)[] = t.slots.map(([name]) => name);
    const multipliers = new Map(t.slots.map(([name, mult]) => [name, mult]));
    for (let round = 1; size / 2 ** round >= 1; round += 1) {
      const winners = t.winners[round - 1] ?? [];
      const next: (string | null)[] = [];
      for (let m = 1; m <= size / 2 ** round; m += 1) {
        const a = names[2 * (m - 1)] ?? null;
        const b = names[2 * (m - 1) + 1] ?? null;
        const winner = winners[m - 1] ?? null;
        const [match] = await em.execute<{ id: number }[]>(
          `insert into tournament_matches (tournament_id, round, match_number, slot1_name, slot2_name, slot1_multiplier, slot2_multiplier, winner_name, decided_at)
           values (?, ?, ?, ?, ?, ?::numeric, ?::numeric, ?, ?) returning id`,
          [
            id,
            round,
            m,
            a,
            b,
            round === 1 && a ? multipliers.get(a) : null,
            round === 1 && b ? multipliers.get(b) : null,
            winner,
            winner ? new Date() : null,
          ],
        );
        if (a && b) {
          for (const [index, member] of members.entries()) {
            await em.execute(
              'insert into tournament_predictions (tournament_id, match_id, user_id, predicted_winner_name) values (?, ?, ?, ?) on conflict do nothing',
              [id, match!.id, member.id, (index + m) % 2 === 0 ? a : b],
            );
          }
        }
        next.push(winner);
      }
      names = next;
    }
    if (t.completed) await new TournamentPrizesService(standaloneEconomy(em), standaloneWinners(em)).award(em, id);
  }
}
