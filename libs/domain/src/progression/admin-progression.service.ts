import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  AchievementInput,
  AchievementUpdate,
  AdminAchievement,
  AdminBadge,
  AdminXpLedger,
  BadgeGrantAnswer,
  BadgeInput,
  BadgeUpdate,
  XpLedgerQuery,
} from '@kickback/contracts';
import { levelForXp } from '@kickback/contracts';
import { AuditLogService, conflict, notFound, pagination } from '@kickback/platform';
import { ProgressionRepository } from './progression.repository';
import { ProgressionService } from './progression.service';

const ACHIEVEMENT_NOT_FOUND = 'Achievement not found.';
const BADGE_NOT_FOUND = 'Badge not found.';
const LEDGER_PER_PAGE = 25;

/** An edit is applied over the row as it is, so a field the body leaves out keeps its value. */
const achievementInputOf = (a: AdminAchievement): AchievementInput => ({
  name: a.name,
  icon: a.icon,
  description: a.description,
  category: a.category,
  rule: a.rule,
  active: a.active,
});
const badgeInputOf = (b: AdminBadge): BadgeInput => ({ name: b.name, icon: b.icon, description: b.description, rule: b.rule });

/** The admin side of progression: the achievements and badges catalogues, badge grants and a member's XP ledger. Audited. */
@Injectable()
export class AdminProgressionService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ProgressionRepository,
    private readonly progression: ProgressionService,
    private readonly audit: AuditLogService,
  ) {}

  async achievements(): Promise<AdminAchievement[]> {
    return this.repository.achievements(this.em.fork());
  }

  async createAchievement(actorId: number, input: AchievementInput): Promise<AdminAchievement> {
    return this.audit.audited({ actorId, action: 'progression.achievement.create', entity: 'achievement' }, async (tx) => {
      if (await this.repository.achievementNameTaken(tx, input.name, null)) throw conflict('An achievement with this name already exists.');
      const id = await this.repository.insertAchievement(tx, input);
      if (id === null) throw conflict('An achievement with this name already exists.');
      return { entityId: id, after: (await this.repository.achievements(tx, id))[0]! };
    });
  }

  async updateAchievement(actorId: number, id: number, changes: AchievementUpdate): Promise<AdminAchievement> {
    return this.audit.audited({ actorId, action: 'progression.achievement.update', entity: 'achievement' }, async (tx) => {
      const before = await this.repository.lockAchievement(tx, id);
      if (!before) throw notFound(ACHIEVEMENT_NOT_FOUND);
      const input = { ...achievementInputOf(before), ...changes };
      if (await this.repository.achievementNameTaken(tx, input.name, id)) throw conflict('An achievement with this name already exists.');
      await this.repository.updateAchievement(tx, id, input);
      return { entityId: id, before, after: (await this.repository.achievements(tx, id))[0]! };
    });
  }

  async deleteAchievement(actorId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'progression.achievement.delete', entity: 'achievement' }, async (tx) => {
      const before = await this.repository.lockAchievement(tx, id);
      if (!before) throw notFound(ACHIEVEMENT_NOT_FOUND);
      await this.repository.deleteAchievement(tx, id);
      return { entityId: id, before, after: null };
    });
  }

  async badges(): Promise<AdminBadge[]> {
    return this.repository.badges(this.em.fork());
  }

  async createBadge(actorId: number, input: BadgeInput): Promise<AdminBadge> {
    return this.audit.audited({ actorId, action: 'progression.badge.create', entity: 'badge' }, async (tx) => {
      if (await this.repository.badgeNameTaken(tx, input.name, null)) throw conflict('A badge with this name already exists.');
      const id = await this.repository.insertBadge(tx, input);
      if (id === null) throw conflict('A badge with this name already exists.');
      return { entityId: id, after: (await this.repository.badges(tx, id))[0]! };
    });
  }

  async updateBadge(actorId: number, id: number, changes: BadgeUpdate): Promise<AdminBadge> {
    return this.audit.audited({ actorId, action: 'progression.badge.update', entity: 'badge' }, async (tx) => {
      const before = await this.repository.lockBadge(tx, id);
      if (!before) throw notFound(BADGE_NOT_FOUND);
      const input = { ...badgeInputOf(before), ...changes };
      if (await this.repository.badgeNameTaken(tx, input.name, id)) throw conflict('A badge with this name already exists.');
      await this.repository.updateBadge(tx, id, input);
      return { entityId: id, before, after: (await this.repository.badges(tx, id))[0]! };
    });
  }

  async deleteBadge(actorId: number, id: number): Promise<void> {
    await this.audit.audited({ actorId, action: 'progression.badge.delete', entity: 'badge' }, async (tx) => {
      const before = await this.repository.lockBadge(tx, id);
      if (!before) throw notFound(BADGE_NOT_FOUND);
      await this.repository.deleteBadge(tx, id);
      return { entityId: id, before, after: null };
    });
  }

  /** Grant (true) or revoke (false); repeating either is harmless and reports whether anything changed. */
  async setBadge(actorId: number, userId: number, badgeId: number, grant: boolean): Promise<BadgeGrantAnswer> {
    return this.em.fork().transactional(async (tx) => {
      if (!(await this.repository.userExists(tx, userId))) throw notFound('User not found.');
      if (!(await this.repository.lockBadge(tx, badgeId))) throw notFound(BADGE_NOT_FOUND);
      const changed = grant
        ? await this.repository.grantBadge(tx, userId, badgeId)
        : await this.repository.revokeBadge(tx, userId, badgeId);
      if (changed) {
        await this.audit.record(tx, {
          actorId,
          action: grant ? 'progression.badge.grant' : 'progression.badge.revoke',
          entity: 'user',
          entityId: userId,
          before: { badge_id: badgeId, held: !grant },
          after: { badge_id: badgeId, held: grant },
        });
      }
      return { user_id: userId, badge_id: badgeId, granted: grant };
    });
  }

  async ledger(userId: number, query: XpLedgerQuery): Promise<AdminXpLedger> {
    const em = this.em.fork();
    const user = await this.repository.userExists(em, userId);
    if (!user) throw notFound('User not found.');
    const [totals, total, data, badges, achievements, rank] = await Promise.all([
      this.repository.totals(em, [userId]),
      this.repository.ledgerCount(em, userId),
      this.repository.ledgerPage(em, userId, LEDGER_PER_PAGE, (query.page - 1) * LEDGER_PER_PAGE),
      this.repository.memberBadges(em, userId),
      this.repository.memberAchievements(em, userId),
      this.progression.rankOf(userId),
    ]);
    const xp = totals[0]?.xp ?? 0;
    return {
      user,
      xp,
      level: levelForXp(xp),
      rank,
      badges,
      achievements,
      data,
      pagination: pagination(query.page, LEDGER_PER_PAGE, total),
    };
  }
}
