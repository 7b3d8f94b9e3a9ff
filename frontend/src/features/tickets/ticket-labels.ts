import type { TicketPriority, TicketStatus } from '@kickback/contracts';

/** SPEC §2 Create ticket: the priority cards, lowest first. */
export const PRIORITY_OPTIONS: { value: TicketPriority; label: string; description: string }[] = [
  { value: 'low', label: 'Low', description: 'General questions or minor issues' },
  { value: 'medium', label: 'Medium', description: 'Standard issues that need attention' },
  { value: 'high', label: 'High', description: 'Important issues affecting functionality' },
  { value: 'urgent', label: 'Urgent', description: 'Critical issues requiring immediate attention' },
];

/** Plain symbols (not emoji) so they render with the site's text fonts everywhere; colour comes from the status class. */
export const STATUS_ICONS: Record<TicketStatus, string> = { open: '●', waiting: '◐', resolved: '✔', closed: '✖' };
