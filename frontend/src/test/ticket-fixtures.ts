import type { AdminTicket, Ticket } from '@kickback/contracts';

/** An open, high-priority raffle ticket #12 opened on 20 November with no reply; each test changes what it reads. */
export const ticketFixture = (over: Partial<Ticket> = {}): Ticket => ({
  id: 12,
  title: 'Prize missing',
  description: 'My raffle prize never arrived.',
  category: 'Raffles',
  category_id: 3,
  priority: 'high',
  priority_label: 'High',
  status: 'open',
  status_label: 'Open',
  replies_count: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  images: [],
  ...over,
});

/** The same ticket as the staff queue lists it: with the member who opened it. */
export const adminTicketFixture = (over: Partial<AdminTicket> = {}): AdminTicket => ({
  ...ticketFixture(over),
  user: { id: 7, username: 'lucky_lou' },
  ...over,
});
