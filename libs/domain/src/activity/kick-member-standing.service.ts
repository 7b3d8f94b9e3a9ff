import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { KICK_STANDING_MESSAGES, type AdminKickBanCleared, type AdminKickStanding, type KickUnbanResult } from '@kickback/contracts';
import { AuditLogService, conflict, notFound, isoOrNull } from '@kickback/platform';
import { ActivityRepository } from './activity.repository';
import { KickChannelAdminClient } from './kick-channel-admin.client';
import { KickConnectionService } from './kick-connection.service';
import { KickViewersRepository, type MemberKickFacts } from './kick-viewers.repository';

/** A ban or timeout in force, from the member's row (set when the ban was delivered) or the viewer row. */
function banInForce(f: MemberKickFacts, now = Date.now()): AdminKickStanding['ban'] {
  const viewerBan = f.banned_at && (!f.ban_expires_at || new Date(f.ban_expires_at).getTime() > now);
  if (!viewerBan && !f.member_ban_in_force) return null;
  return {
    banned_at: isoOrNull(f.banned_at),
    expires_at: isoOrNull(viewerBan ? f.ban_expires_at : f.kick_banned_until),
    reason: f.ban_reason,
  };
}

const toStanding = (f: MemberKickFacts): AdminKickStanding => ({
  kick_user_id: f.kick_user_id,
  ban: f.kick_user_id === null ? null : banInForce(f),
  ban_cleared_at: isoOrNull(f.ban_cleared_at),
  followed_at: isoOrNull(f.followed_at),
});

/**
 * A member's Kick account as the channel's deliveries describe it, and what an admin may correct: Kick sends no unban
 * event and keeps no readable ban list, so a ban lifted on Kick stays here until an admin clears it (and, with
 * `moderation:ban` granted, the same action lifts it on Kick, so both sides agree); Kick has no follower lookup, so
 * an admin may mark a member who followed before the channel was connected. Both are audited.
 */
@Injectable()
export class KickMemberStandingService {
  private readonly logger = new Logger(KickMemberStandingService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
    private readonly viewers: KickViewersRepository,
    private readonly activity: ActivityRepository,
    private readonly connection: KickConnectionService,
    private readonly kick: KickChannelAdminClient,
  ) {}

  async standing(userId: number): Promise<AdminKickStanding> {
    const facts = await this.viewers.ofMember(this.em.fork(), userId);
    if (!facts) throw notFound(KICK_STANDING_MESSAGES.notFound);
    return toStanding(facts);
  }

  /** Lifts the ban here (committed first: the site must not wait on Kick), then asks Kick to lift it too. */
  async clearBan(actorId: number, userId: number): Promise<AdminKickBanCleared> {
    const kickUserId = await this.em.fork().transactional(async (tx) => {
      const facts = await this.viewers.ofMember(tx, userId, true);
      if (!facts) throw notFound(KICK_STANDING_MESSAGES.notFound);
      if (facts.kick_user_id === null) throw conflict(KICK_STANDING_MESSAGES.noKickAccount);
      const ban = banInForce(facts);
      if (!ban) throw conflict(KICK_STANDING_MESSAGES.notBanned);
      await this.viewers.clearBan(tx, userId, facts.kick_user_id);
      await this.audit.record(tx, {
        actorId,
        action: 'user.kick-ban.clear',
        entity: 'user',
        entityId: userId,
        before: { kick_user_id: facts.kick_user_id, ...ban },
        after: null,
      });
      return facts.kick_user_id;
    });
    const kickUnban = await this.unbanOnKick(kickUserId);
    return { standing: await this.standing(userId), kick_unban: kickUnban };
  }

  async markFollower(actorId: number, userId: number): Promise<AdminKickStanding> {
    await this.em.fork().transactional(async (tx) => {
      const facts = await this.viewers.ofMember(tx, userId, true);
      if (!facts) throw notFound(KICK_STANDING_MESSAGES.notFound);
      if (facts.kick_user_id === null) throw conflict(KICK_STANDING_MESSAGES.noKickAccount);
      if (facts.followed_at) throw conflict(KICK_STANDING_MESSAGES.alreadyFollower);
      await this.viewers.markFollower(tx, facts.kick_user_id);
      await this.audit.record(tx, {
        actorId,
        action: 'user.kick-follower.mark',
        entity: 'user',
        entityId: userId,
        before: { kick_user_id: facts.kick_user_id, followed_at: null },
        after: { followed: true },
      });
    });
    return this.standing(userId);
  }

  private async unbanOnKick(kickUserId: number): Promise<KickUnbanResult> {
    const token = await this.connection.token();
    if (!token) return 'not-connected';
    if (!token.scopes.includes('moderation:ban')) return 'not-granted';
    const { broadcaster_user_id: broadcaster } = await this.activity.rules(this.em.fork());
    if (broadcaster === null) return 'not-connected';
    try {
      await this.kick.unban(token.accessToken, broadcaster, kickUserId);
      return 'sent';
    } catch (err) {
      this.logger.warn({ err, kickUserId }, 'Kick unban failed');
      return 'failed';
    }
  }
}
