import { NO_FRIENDSHIP, type FriendshipView } from '@kickback/contracts';

export interface FriendshipFacts {
  id: number;
  sender_id: number;
  status: 'pending' | 'accepted';
}

/**
 * SPEC §4 flags for `viewerId` looking at a member: nobody (anonymous) or the member themselves gets every flag off;
 * no row → may send; pending → the sender waits ('Request Sent', every flag off), the receiver may accept or decline;
 * accepted → may remove.
 */
export function friendshipView(viewerId: number | null, targetId: number, row: FriendshipFacts | null): FriendshipView {
  const none: FriendshipView = { ...NO_FRIENDSHIP };
  if (viewerId === null || viewerId === targetId) return none;
  if (!row) return { ...none, can_send_request: true };
  const base = { ...none, id: row.id, status: row.status, sender_id: row.sender_id };
  if (row.status === 'accepted') return { ...base, can_remove: true };
  return row.sender_id === viewerId ? base : { ...base, can_accept: true, can_decline: true };
}
