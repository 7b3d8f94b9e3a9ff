import type { EntityManager } from '@mikro-orm/postgresql';
import { anyUser, seedDemoUsers } from '../identity/identity.seed';
import { seedSite } from '../site/site.seed';
import { seedRaffles } from '../raffles/raffles.seed';
import { seedLeaderboard } from '../leaderboard/leaderboard.seed';
import { seedStore } from '../store/store.seed';
import { seedHunts } from '../bonus-hunts/bonus-hunts.seed';
import { seedTournaments } from '../tournaments/tournaments.seed';
import { seedPayouts } from '../payouts/payouts.seed';
import { seedContact } from '../contact/contact.seed';
import { seedTickets } from '../tickets/tickets.seed';
import { seedProgression } from '../progression/progression.seed';
import { seedActivity } from '../activity/activity.seed';

/** Every feature's demo data, in dependency order. Each step is idempotent. */
export const DEMO_SEED_STEPS: { name: string; run: (em: EntityManager) => Promise<void> }[] = [
  { name: 'users', run: seedDemoUsers },
  { name: 'site', run: seedSite },
  { name: 'raffles', run: seedRaffles },
  { name: 'leaderboard', run: seedLeaderboard },
  { name: 'store', run: seedStore },
  { name: 'hunts', run: seedHunts },
  { name: 'tournaments', run: seedTournaments },
  { name: 'payouts', run: seedPayouts },
  { name: 'contact', run: seedContact },
  { name: 'tickets', run: seedTickets },
  { name: 'activity', run: seedActivity },
  { name: 'progression', run: seedProgression },
];

export async function runDemoSeed(em: EntityManager, log: (line: string) => void = () => undefined): Promise<void> {
  for (const step of DEMO_SEED_STEPS) {
    await em.transactional((tx) => step.run(tx));
    log(`seeded ${step.name}`);
  }
}

/** Whether the database is still empty (no users), which is when `npm start` seeds the demo data. */
export async function demoSeedWanted(em: EntityManager): Promise<boolean> {
  return !(await anyUser(em));
}
