import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@kickback/contracts';

export const DEMO_USERS: { username: string; name: string; role: Role; kick: string | null; bio: string }[] = [
  { username: 'StreamBoss', name: 'Stream Boss', role: 'Admin', kick: 'streamboss', bio: 'Runs the stream and the site.' },
  { username: 'HelpDeskHana', name: 'Hana', role: 'staff', kick: 'helpdeskhana', bio: 'Support team.' },
  { username: 'LuckyLuke', name: 'Luke', role: 'member', kick: 'luckyluke', bio: 'Bonus hunt regular.' },
  { username: 'SpinQueen', name: 'Maria', role: 'member', kick: 'spinqueen', bio: 'Never misses a raffle.' },
  { username: 'NoKickNick', name: 'Nick', role: 'member', kick: null, bio: 'Has not linked Kick yet.' },
];

/** Demo accounts for the local demo login (AUTH_DEV_LOGIN); never created in production data by the app itself. */
export async function seedDemoUsers(em: EntityManager): Promise<void> {
  for (const u of DEMO_USERS) {
    await em.execute(
      `insert into users (username, name, role, kick_username, bio, is_demo, email)
       values (?, ?, ?, ?, ?, true, ?) on conflict ((lower(username))) do nothing`,
      [u.username, u.name, u.role, u.kick, u.bio, `${u.username.toLowerCase()}@demo.kickback.local`],
    );
  }
}
