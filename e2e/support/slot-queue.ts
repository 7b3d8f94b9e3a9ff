import type { callsOn } from './api-calls';

/**
 * Gives a test a slot-request queue of its own: everything waiting refunded and cleared, then open at `price` with no
 * cooldown, five open requests a member and nothing blocked.
 */
export async function openEmptySlotQueue(adminCall: Awaited<ReturnType<typeof callsOn>>, price: number): Promise<void> {
  await adminCall('post', '/api/admin/slot-requests/clear');
  await adminCall('put', '/api/admin/slot-requests/settings', {
    open: true,
    price,
    cooldown_seconds: 0,
    open_limit: 5,
    blocked_slot_ids: [],
    blocked_provider_ids: [],
  });
}
