import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_USER_MESSAGES, type AdminUserDetail, type Role } from '@kickback/contracts';
import { AuditLogService, MemberSessions, conflict, notFound, isoOrNull } from '@kickback/platform';
import { IdentityRepository, type MemberStandingRow } from './identity.repository';

const toDetail = (row: MemberStandingRow): AdminUserDetail => ({
  id: row.id,
  username: row.username,
  kick_username: row.kick_username,
  role: row.role,
  banned_at: isoOrNull(row.banned_at),
  ban_reason: row.ban_reason,
  created_at: new Date(row.created_at).toISOString(),
  last_seen: isoOrNull(row.last_seen_at),
});

/**
 * Roles and bans, each audited in the change's transaction. Once committed the member's sessions follow:
 * a ban deletes every session and ends the sockets on every replica, a role change rewrites the sessions'
 * role and reconnects the sockets so they rejoin the rooms of the new role.
 */
@Injectable()
export class MemberModerationService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: IdentityRepository,
    private readonly audit: AuditLogService,
    private readonly sessions: MemberSessions,
  ) {}

  async detail(userId: number): Promise<AdminUserDetail> {
    const row = await this.repository.standing(this.em.fork(), userId);
    if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
    return toDetail(row);
  }

  async changeRole(actorId: number, userId: number, role: Role): Promise<AdminUserDetail> {
    const { before, after } = await this.em.fork().transactional(async (tx) => {
      const admins = await this.repository.lockAdmins(tx);
      const current = await this.repository.standing(tx, userId, true);
      if (!current) throw notFound(ADMIN_USER_MESSAGES.notFound);
      if (current.role === role) return { before: current, after: current };
      if (current.role === 'Admin' && admins.length <= 1) throw conflict(ADMIN_USER_MESSAGES.lastAdmin);
      if (current.banned_at && role !== 'member') throw conflict(ADMIN_USER_MESSAGES.roleWhileBanned);
      const changed = await this.repository.setRole(tx, userId, role);
      await this.audit.record(tx, {
        actorId,
        action: 'user.role',
        entity: 'user',
        entityId: userId,
        before: { role: current.role },
        after: { role },
      });
      return { before: current, after: changed };
    });
    if (before.role !== after.role) await this.sessions.changeRole(userId, after.role);
    return toDetail(after);
  }

  async ban(actorId: number, userId: number, reason: string): Promise<AdminUserDetail> {
    if (actorId === userId) throw conflict(ADMIN_USER_MESSAGES.banSelf);
    const banned = await this.em.fork().transactional(async (tx) => {
      const current = await this.repository.standing(tx, userId, true);
      if (!current) throw notFound(ADMIN_USER_MESSAGES.notFound);
      if (current.banned_at) throw conflict(ADMIN_USER_MESSAGES.alreadyBanned);
      if (current.role === 'Admin') throw conflict(ADMIN_USER_MESSAGES.banAdmin);
      const row = await this.repository.ban(tx, userId, actorId, reason);
      await this.audit.record(tx, { actorId, action: 'user.ban', entity: 'user', entityId: userId, before: null, after: { reason } });
      return row;
    });
    await this.sessions.endAll(userId);
    return toDetail(banned);
  }

  async unban(actorId: number, userId: number): Promise<AdminUserDetail> {
    const unbanned = await this.em.fork().transactional(async (tx) => {
      const current = await this.repository.standing(tx, userId, true);
      if (!current) throw notFound(ADMIN_USER_MESSAGES.notFound);
      if (!current.banned_at) throw conflict(ADMIN_USER_MESSAGES.notBanned);
      const row = await this.repository.unban(tx, userId);
      await this.audit.record(tx, {
        actorId,
        action: 'user.unban',
        entity: 'user',
        entityId: userId,
        before: { banned_at: new Date(current.banned_at).toISOString(), reason: current.ban_reason },
        after: null,
      });
      return row;
    });
    return toDetail(unbanned);
  }
}
