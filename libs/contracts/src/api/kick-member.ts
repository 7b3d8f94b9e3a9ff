/** GET /api/admin/users/{id}/kick: what the Kick channel says about one member's Kick account, for the admin. */
export interface AdminKickStanding {
  /** null: the member never linked a Kick account, so nothing below can be known. */
  kick_user_id: number | null;
  /** A chat ban or timeout in force: Kick sends no unban event, so only "Clear Kick ban" (or its expiry) ends it here. */
  ban: { banned_at: string | null; expires_at: string | null; reason: string | null } | null;
  /** When an admin last cleared the account's Kick ban. */
  ban_cleared_at: string | null;
  /** Since when the account counts as a follower (a follow Kick delivered, or an admin's mark); null: not known. */
  followed_at: string | null;
}

/** What the unban call to Kick did when an admin cleared a Kick ban. */
export type KickUnbanResult = 'sent' | 'not-connected' | 'not-granted' | 'failed';

/** POST /api/admin/users/{id}/kick/clear-ban. */
export interface AdminKickBanCleared {
  standing: AdminKickStanding;
  kick_unban: KickUnbanResult;
}

export const KICK_STANDING_MESSAGES = {
  notFound: 'User not found.',
  noKickAccount: 'This member has not linked a Kick account.',
  notBanned: 'This member is not banned in the Kick chat.',
  alreadyFollower: 'This member already counts as a follower.',
  markedFollower: 'Marked as a follower.',
  /** The answer to a clear, by what Kick's unban call did. */
  cleared: {
    sent: 'Kick ban cleared here and on Kick.',
    'not-connected': 'Kick ban cleared here. No Kick account is connected, so unban them on Kick too.',
    'not-granted':
      'Kick ban cleared here. The connected account did not grant moderation:ban: unban them on Kick too, or reconnect and allow it.',
    failed: 'Kick ban cleared here, but Kick refused the unban: unban them on Kick too.',
  } satisfies Record<KickUnbanResult, string>,
} as const;

/**
 * Kick delivers follows only as they happen, from the day the channel was connected; it has no follower lookup. The
 * rule's hint and the admin's detail say so in these words.
 */
export const FOLLOWS_KNOWN_HINT =
  'Kick tells the site about follows only from the day the channel was connected: viewers who followed before are not counted until they follow again (unfollow, then follow) or an admin marks them as followers.';
