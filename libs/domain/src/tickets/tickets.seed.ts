import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketPriority, TicketStatus } from '@kickback/contracts';

const CATEGORIES = [
  { name: 'Account', description: 'Login, profile and streaming account connection' },
  { name: 'Points & Store', description: 'Point balance, redemptions and store orders' },
  { name: 'Raffles & Giveaways', description: 'Entries, winners and prize delivery' },
  { name: 'Technical Issue', description: 'Something on the site is broken or slow' },
  { name: 'Other', description: 'Anything else you need help with' },
];

const DEMO_TICKETS: {
  username: string;
  title: string;
  description: string;
  category: string;
  priority: TicketPriority;
  status: TicketStatus;
  replies: { username: string; message: string; isAdmin: boolean }[];
}[] = [
  {
    username: 'LuckyLuke',
    title: 'Store redemption still pending',
    description: 'I redeemed a gift card two days ago and it still shows Pending. Could you check it?',
    category: 'Points & Store',
    priority: 'high',
    status: 'waiting',
    replies: [
      {
        username: 'HelpDeskHana',
        message: 'Thanks for reaching out! We are processing redemptions in batches; yours is next in line.',
        isAdmin: true,
      },
    ],
  },
  {
    username: 'LuckyLuke',
    title: 'Cannot connect my Kick account',
    description: 'The connect button sends me back to settings without linking the account.',
    category: 'Account',
    priority: 'medium',
    status: 'resolved',
    replies: [
      { username: 'HelpDeskHana', message: 'Please try again now, the login provider had an outage earlier today.', isAdmin: true },
      { username: 'LuckyLuke', message: 'Works now, thank you!', isAdmin: false },
    ],
  },
];

/** Categories plus a couple of answered tickets for the demo member; safe to run twice. */
export async function seedTickets(em: EntityManager): Promise<void> {
  for (const [position, c] of CATEGORIES.entries()) {
    await em.execute(`insert into ticket_categories (name, description, position) values (?, ?, ?) on conflict (name) do nothing`, [
      c.name,
      c.description,
      position,
    ]);
  }
  for (const t of DEMO_TICKETS) {
    const [ticket] = await em.execute<{ id: number }[]>(
      `insert into tickets (user_id, title, description, category_id, priority, status)
       select u.id, ?, ?, c.id, ?, ? from users u, ticket_categories c
       where lower(u.username) = lower(?) and c.name = ?
         and not exists (select 1 from tickets x where x.user_id = u.id and x.title = ?)
       returning id`,
      [t.title, t.description, t.priority, t.status, t.username, t.category, t.title],
    );
    if (!ticket) continue;
    for (const r of t.replies) {
      await em.execute(
        `insert into ticket_replies (ticket_id, user_id, message, is_admin)
         select ?, id, ?, ? from users where lower(username) = lower(?)`,
        [ticket.id, r.message, r.isAdmin, r.username],
      );
    }
  }
}
