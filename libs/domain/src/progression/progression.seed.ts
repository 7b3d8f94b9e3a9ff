import type { EntityManager } from '@mikro-orm/postgresql';
import type { AchievementCategory, ProgressionCounter } from '@kickback/contracts';
import { ProgressionRepository } from './progression.repository';
import { ProgressionBackfillRepository } from './progression-backfill.repository';

type Rule = { counter: ProgressionCounter; threshold: number };

export const ACHIEVEMENT_CATALOGUE: { name: string; icon: string; description: string; category: AchievementCategory; rule: Rule }[] = [
  {
    name: 'First Ticket',
    icon: '🎟️',
    description: 'Enter your first raffle.',
    category: 'raffles',
    rule: { counter: 'raffle_entries', threshold: 1 },
  },
  {
    name: 'Raffle Regular',
    icon: '🎰',
    description: 'Enter 10 raffles.',
    category: 'raffles',
    rule: { counter: 'raffle_entries', threshold: 10 },
  },
  {
    name: 'Fortune Teller',
    icon: '🔮',
    description: 'Make your first bonus hunt prediction.',
    category: 'predictions',
    rule: { counter: 'hunt_predictions', threshold: 1 },
  },
  {
    name: 'Bracket Buster',
    icon: '🏆',
    description: 'Predict a tournament bracket.',
    category: 'predictions',
    rule: { counter: 'tournament_predictions', threshold: 1 },
  },
  {
    name: 'Oracle',
    icon: '🧠',
    description: 'Make 25 predictions.',
    category: 'predictions',
    rule: { counter: 'predictions', threshold: 25 },
  },
  {
    name: 'First Purchase',
    icon: '🛒',
    description: 'Redeem your first store item.',
    category: 'store',
    rule: { counter: 'redemptions', threshold: 1 },
  },
  { name: 'Social Butterfly', icon: '🦋', description: 'Make 5 friends.', category: 'social', rule: { counter: 'friends', threshold: 5 } },
  {
    name: 'New Friend',
    icon: '🤝',
    description: 'Make your first friend.',
    category: 'social',
    rule: { counter: 'friends', threshold: 1 },
  },
  {
    name: 'Feedback Giver',
    icon: '📨',
    description: 'Open a support ticket.',
    category: 'support',
    rule: { counter: 'tickets', threshold: 1 },
  },
  {
    name: 'Daily Visitor',
    icon: '📅',
    description: 'Log in on 7 different days.',
    category: 'community',
    rule: { counter: 'login_days', threshold: 7 },
  },
  { name: 'Rising Star', icon: '⭐', description: 'Reach level 5.', category: 'levels', rule: { counter: 'level', threshold: 5 } },
  { name: 'Veteran', icon: '🎖️', description: 'Reach level 10.', category: 'levels', rule: { counter: 'level', threshold: 10 } },
];

export const BADGE_CATALOGUE: { name: string; icon: string; description: string; rule: Rule | null }[] = [
  { name: 'Early Supporter', icon: '🌱', description: 'Was here from the start (granted by the streamer).', rule: null },
  { name: 'VIP', icon: '💎', description: 'A friend of the stream (granted by the streamer).', rule: null },
  { name: 'Predictor', icon: '🎯', description: 'Made 5 or more predictions.', rule: { counter: 'predictions', threshold: 5 } },
  { name: 'High Roller', icon: '🔥', description: 'Reached level 5.', rule: { counter: 'level', threshold: 5 } },
];

/** Demo stream activity (watching, chatting) that spreads the demo members across levels. */
const DEMO_ACTIVITY_XP: Record<string, number> = {
  StreamBoss: 11_800,
  SpinQueen: 5_300,
  LuckyLuke: 3_650,
  HelpDeskHana: 1_200,
  NoKickNick: 150,
};

/** Friendships in every state: accepted, and pending in both directions around LuckyLuke. */
const DEMO_FRIENDSHIPS: { sender: string; receiver: string; status: 'pending' | 'accepted' }[] = [
  { sender: 'LuckyLuke', receiver: 'SpinQueen', status: 'accepted' },
  { sender: 'StreamBoss', receiver: 'LuckyLuke', status: 'accepted' },
  { sender: 'SpinQueen', receiver: 'StreamBoss', status: 'accepted' },
  { sender: 'HelpDeskHana', receiver: 'SpinQueen', status: 'accepted' },
  { sender: 'NoKickNick', receiver: 'LuckyLuke', status: 'pending' },
  { sender: 'LuckyLuke', receiver: 'HelpDeskHana', status: 'pending' },
];

/**
 * The catalogues, demo friendships and demo stream activity, then the same backfill the CLI runs, so profiles show
 * levels, achievements and badges right after `npm start` (the worker builds the rank set from the totals at start).
 */
export async function seedProgression(em: EntityManager): Promise<void> {
  for (const [position, a] of ACHIEVEMENT_CATALOGUE.entries()) {
    await em.execute(
      `insert into achievements (name, icon, description, category, rule_counter, rule_threshold, position)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (name) do nothing`,
      [a.name, a.icon, a.description, a.category, a.rule.counter, a.rule.threshold, position],
    );
  }
  for (const b of BADGE_CATALOGUE) {
    await em.execute(
      `insert into badges (name, icon, description, rule_counter, rule_threshold) values (?, ?, ?, ?, ?) on conflict (name) do nothing`,
      [b.name, b.icon, b.description, b.rule?.counter ?? null, b.rule?.threshold ?? null],
    );
  }
  for (const f of DEMO_FRIENDSHIPS) {
    await em.execute(
      `insert into friendships (sender_id, receiver_id, status, accepted_at)
       select s.id, r.id, ?, case when ? = 'accepted' then now() end from users s, users r
       where lower(s.username) = lower(?) and lower(r.username) = lower(?)
       on conflict do nothing`,
      [f.status, f.status, f.sender, f.receiver],
    );
  }
  for (const [username, xp] of Object.entries(DEMO_ACTIVITY_XP)) {
    await em.execute(
      `insert into xp_ledger (user_id, source, xp, award_key, created_at)
       select id, 'activity', ?, 'activity:demo-seed:' || id, now() - interval '7 days' from users where lower(username) = lower(?)
       on conflict (award_key) do nothing`,
      [xp, username],
    );
  }
  await em.execute(
    `insert into member_badges (user_id, badge_id, granted_by)
     select u.id, b.id, 'admin' from users u, badges b
     where b.name = 'Early Supporter' and lower(u.username) in ('streamboss', 'spinqueen', 'luckyluke')
     on conflict do nothing`,
  );
  const repository = new ProgressionRepository();
  await new ProgressionBackfillRepository().insertImpliedAwards(em);
  await repository.recomputeTotals(em);
  const members = await repository.membersWithXp(em);
  await repository.applyRules(em, members);
}
