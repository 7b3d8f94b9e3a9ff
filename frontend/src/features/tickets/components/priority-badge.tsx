import type { TicketPriority } from '@kickback/contracts';

export function PriorityBadge({ priority, label }: { priority: TicketPriority; label: string }) {
  return <span className={`ticket-badge ticket-badge--${priority}`}>{label}</span>;
}
