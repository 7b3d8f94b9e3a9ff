import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@kickback/contracts';
import { IdentityRepository } from './identity.repository';

export const DEMO_USERS: { username: string; name: string; role: Role; kick: string | null; bio: string }[] = [
  { username: 'StreamBoss', name: 'Stream Boss', role: 'Admin', kick: 'streamboss', bio: 'Runs the stream and the site.' },
  { username: 'HelpDeskHana', name: 'Hana', role: 'staff', kick: 'helpdeskhana', bio: 'Support team.' },
  { username: 'LuckyLuke', name: 'Luke', role: 'member', kick: 'luckyluke', bio: 'Bonus hunt regular.' },
  { username: 'SpinQueen', name: 'Maria', role: 'member', kick: 'spinqueen', bio: 'Never misses a raffle.' },
  { username: 'NoKickNick', name: 'Nick', role: 'member', kick: null, bio: 'Has not linked Kick yet.' },
  { username: 'ModMila', name: 'Mila', role: 'moderator', kick: 'modmila', bio: 'Runs the raffles from Go live.' },
];

/** The demo accounts' Kick user ids, so Kick events (the activity feature's fake deliveries) match them by id. */
export const DEMO_KICK_IDS: Record<string, number> = { StreamBoss: 70_001, HelpDeskHana: 70_002, LuckyLuke: 70_003, SpinQueen: 70_004 };

/** Demo accounts for the local demo login (AUTH_DEV_LOGIN); never created in production data by the app itself. */
export async function seedDemoUsers(em: EntityManager): Promise<void> {
  for (const u of DEMO_USERS) {
    await em.execute(
      `insert into users (username, name, role, kick_username, bio, is_demo, email)
       values (?, ?, ?, ?, ?, true, ?) on conflict ((lower(username))) do nothing`,
      [u.username, u.name, u.role, u.kick, u.bio, `${u.username.toLowerCase()}@demo.kickback.local`],
    );
  }
  for (const [username, kickId] of Object.entries(DEMO_KICK_IDS))
    await em.execute(`update users set kick_user_id = ? where lower(username) = lower(?) and kick_user_id is null and is_demo`, [
      kickId,
      username,
    ]);
  // A banned member, so the admin's user detail shows a ban (the demo login refuses them).
  await em.execute(
    `insert into users (username, name, role, kick_username, bio, is_demo, email, banned_at, ban_reason, banned_by)
     select 'BannedBarry', 'Barry', 'member', 'bannedbarry', 'Tried to farm raffles with alts.', true, 'bannedbarry@demo.kickback.local',
            now(), 'Several accounts entering the same raffles.', (select id from users where lower(username) = 'streamboss')
     on conflict ((lower(username))) do nothing`,
  );
}

/** Whether the database has any user yet (an empty one is where `npm start` seeds the demo data). */
export function anyUser(em: EntityManager): Promise<boolean> {
  return new IdentityRepository().anyUser(em);
}
