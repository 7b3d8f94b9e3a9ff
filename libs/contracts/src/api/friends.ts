import { z } from 'zod';
import { rowIdSchema } from './ids';
import type { FriendshipView } from './profiles';

/** SPEC §8 profile and friends toasts: the success texts are also the server's answer messages. */
export const FRIEND_MESSAGES = {
  sent: 'Friend request sent successfully',
  accepted: 'Friend request accepted',
  declined: 'Friend request declined',
  removed: 'Friend removed successfully',
  sendFailed: 'Failed to send friend request',
  acceptFailed: 'Failed to accept friend request',
  declineFailed: 'Failed to decline friend request',
  removeFailed: 'Failed to remove friend',
} as const;

/** Server refusals (4xx, `message` of the failure envelope). */
export const FRIEND_ERRORS = {
  self: 'You cannot send a friend request to yourself.',
  userNotFound: 'User not found.',
  alreadySent: 'Friend request already sent.',
  alreadyFriends: 'You are already friends.',
  requestNotFound: 'Friend request not found.',
  friendshipNotFound: 'Friendship not found.',
  notReceiver: 'Only the member who received this request can answer it.',
  queryRequired: 'Please enter a name to search.',
} as const;

/** A member as the friends lists show them. */
export interface FriendUser {
  id: number;
  username: string;
  display_name: string;
  kick_username: string | null;
  avatar_url: string | null;
  level: number;
}

/** GET /api/r/friends/search?query= → data: FriendSearchResult[] (SPEC §7: id and friendship). */
export interface FriendSearchResult extends FriendUser {
  friendship: FriendshipView;
}

export const FRIEND_SEARCH_QUERY_MAX = 64;
export const FRIEND_SEARCH_LIMIT = 20;

export const friendSearchQuerySchema = z
  .object({
    query: z
      .string({ required_error: FRIEND_ERRORS.queryRequired, invalid_type_error: FRIEND_ERRORS.queryRequired })
      .trim()
      .min(1, FRIEND_ERRORS.queryRequired)
      .max(FRIEND_SEARCH_QUERY_MAX, `The search may not be longer than ${FRIEND_SEARCH_QUERY_MAX} characters.`)
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/[\u0000-\u001F\u007F]/.test(v), 'The search contains characters that are not allowed.'),
  })
  .strict();
export type FriendSearchQuery = z.infer<typeof friendSearchQuerySchema>;

/** GET /api/r/friends/mutual/{userId} → data: FriendUser[] (friends both the viewer and that member have). */
export type MutualFriends = FriendUser[];

/** POST /api/r/friends/request body (SPEC §7). */
export const friendRequestSchema = z.object({ user_id: rowIdSchema }).strict();
export type FriendRequestInput = z.infer<typeof friendRequestSchema>;

/** POST /api/r/friends/request answer: success, message, data.friendship_id. */
export interface FriendRequestAnswer {
  success: true;
  message: string;
  data: { friendship_id: number; status: 'pending' | 'accepted' };
}

/** POST /api/r/friends/{id}/accept, /decline and DELETE /api/r/friends/{id} ({id} is the friendship id): success, message. */
export interface FriendActionAnswer {
  success: true;
  message: string;
}

export interface FriendRequestItem {
  friendship_id: number;
  user: FriendUser;
  created_at: string;
}

export interface FriendItem {
  friendship_id: number;
  user: FriendUser;
  since: string;
}

/**
 * GET /api/r/friends → data: FriendsMenu, the top navigation's friends menu: requests waiting for the viewer
 * (Accept/Decline), requests the viewer sent, and current friends. pending_count = incoming.length.
 */
export interface FriendsMenu {
  pending_count: number;
  incoming: FriendRequestItem[];
  outgoing: FriendRequestItem[];
  friends: FriendItem[];
}

/**
 * The friends menu's closed state, as the navigation shows it: injected with a member's page data
 * (AppPageData.friends) and kept current by 'friends:updated', which carries the same count.
 */
export interface FriendsBadge {
  pending_count: number;
}

/**
 * Socket push 'friends:updated' to user:{id}: the member's friends menu changed. pending_count replaces the badge's;
 * the lists themselves are read again (GET /api/r/friends) only where they are shown.
 */
export interface FriendsUpdatedPush {
  pending_count: number;
  friendship_id: number;
  change: 'requested' | 'accepted' | 'declined' | 'removed';
}

/** user:notification texts for the other member. */
export const friendRequestReceivedNotification = (username: string) => `${username} sent you a friend request`;
export const friendRequestAcceptedNotification = (username: string) => `${username} accepted your friend request`;
