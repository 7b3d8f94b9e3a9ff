import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactStatus } from '@kickback/contracts';

/** A few inbox messages in each status so the admin Messages page has something to show. */
const DEMO_MESSAGES: { username: string | null; name: string; email: string; subject: string; message: string; status: ContactStatus }[] = [
  {
    username: null,
    name: 'Jordan Reyes',
    email: 'jordan@partner-casino.example',
    subject: 'Sponsorship for next month',
    message: 'Hi! We would love to sponsor a bonus hunt next month.\nCould you send your media kit and rates?',
    status: 'new',
  },
  {
    username: 'LuckyLuke',
    name: 'Luke',
    email: 'luckyluke@demo.kickback.local',
    subject: 'Raffle prize not received',
    message: 'I won the weekend raffle but have not received the prize yet. My Kick name is luckyluke.',
    status: 'read',
  },
  {
    username: null,
    name: 'Sam',
    email: 'sam@example.com',
    subject: 'Love the stream',
    message: 'Just wanted to say thanks for the giveaways!',
    status: 'archived',
  },
];

/** Demo messages carry a fixed address hash: they never came from a real address. */
const DEMO_IP_HASH = createHash('sha256').update('kickback-demo-seed').digest('hex');

export async function seedContact(em: EntityManager): Promise<void> {
  for (const m of DEMO_MESSAGES) {
    await em.execute(
      `insert into contact_messages (name, email, subject, message, user_id, ip_hash, status)
       select ?, ?, ?, ?, (select id from users where lower(username) = lower(?)), ?, ?
       where not exists (select 1 from contact_messages where email = ? and subject = ?)`,
      [m.name, m.email, m.subject, m.message, m.username, DEMO_IP_HASH, m.status, m.email, m.subject],
    );
  }
}
