import type { AnnouncementDelivery } from '@kickback/contracts';
import { isoOrNull } from '@kickback/platform';
import type { DeliveryRow } from './announcements.repository';

/** A delivery as the admin's log shows it. */
export function toDelivery(row: DeliveryRow): AnnouncementDelivery {
  return {
    id: Number(row.id),
    event: row.event,
    title: row.payload.title,
    status: row.status,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: new Date(row.created_at).toISOString(),
    delivered_at: isoOrNull(row.delivered_at),
  };
}
