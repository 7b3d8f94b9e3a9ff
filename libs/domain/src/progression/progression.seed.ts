import type { EntityManager } from '@mikro-orm/postgresql';
import type { AchievementCategory, ProgressionCounter } from '@kickback/contracts';
import { ProgressionRepository } from './progression.repository';
import { ProgressionBackfillRepository } from './progression-backfill.repository';

/** [name, icon, description, category, counter, threshold] per achievement, in display order. */
const ACHIEVEMENTS: [string, string, string, AchievementCategory, ProgressionCounter, number][] = [
  ['First Ticket', '🎟️', 'Enter your first raffle.', 'raffles', 'raffle_entries', 1],
  ['Raffle Regular', '🎰', 'Enter 10 raffles.', 'raffles', 'raffle_entries', 10],
  ['Fortune Teller', '🔮', 'Make your first bonus hunt prediction.', 'predictions', 'hunt_predictions', 1],
  ['Bracket Buster', '🏆', 'Predict a tournament bracket.', 'predictions', 'tournament_predictions', 1],
  ['Oracle', '🧠', 'Make 25 predictions.', 'predictions', 'predictions', 25],
  ['First Purchase', '🛒', 'Redeem your first store item.', 'store', 'redemptions', 1],
  ['Social Butterfly', '🦋', 'Make 5 friends.', 'social', 'friends', 5],
  ['New Friend', '🤝', 'Make your first friend.', 'social', 'friends', 1],
  ['Feedback Giver', '📨', 'Open a support ticket.', 'support', 'tickets', 1],
  ['Daily Visitor', '📅', 'Log in on 7 different days.', 'community', 'login_days', 7],
  ['Rising Star', '⭐', 'Reach level 5.', 'levels', 'level', 5],
  ['Veteran', '🎖️', 'Reach level 10.', 'levels', 'level', 10],
];

/** [name, icon, description, counter, threshold] per badge; a badge without a rule is granted by the streamer. */
const BADGES: [string, string, string, ProgressionCounter | null, number | null][] = [
  ['Early Supporter', '🌱', 'Was here from the start (granted by the streamer).', null, null],
  ['VIP', '💎', 'A friend of the stream (granted by the streamer).', null, null],
  ['Predictor', '🎯', 'Made 5 or more predictions.', 'predictions', 5],
  ['High Roller', '🔥', 'Reached level 5.', 'level', 5],
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
  for (const [position, achievement] of ACHIEVEMENTS.entries()) {
    await em.execute(
      `insert into achievements (name, icon, description, category, rule_counter, rule_threshold, position)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (name) do nothing`,
      [...achievement, position],
    );
  }
  for (const badge of BADGES) {
    await em.execute(
      `insert into badges (name, icon, description, rule_counter, rule_threshold) values (?, ?, ?, ?, ?) on conflict (name) do nothing`,
      badge,
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
