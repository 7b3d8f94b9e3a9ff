import { unlink } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_MEMBER_NAME } from '@kickback/contracts';
import { AuditLogService, ImageUploadService, MemberSessions, conflict, notFound, unprocessable } from '@kickback/platform';
import { WinnersService } from '../winners/winners.service';
import { AccountDataRepository } from './account-data.repository';
import { AccountKickTracesRepository } from './account-kick-traces.repository';
import { KickTraceRedisScrubber } from './kick-trace-redis-scrubber';
import { AccountDeletionRaffles } from './account-deletion-raffles';

/**
 * "Delete my account": after the member typed their username, their personal data is removed and their row kept under
 * a pseudonym in one transaction (audited), then every session ends and their sockets are disconnected on every
 * replica, what Redis held about their Kick account (jobs, delivery log, caches) is scrubbed, and their ticket images
 * are deleted from storage.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AccountDataRepository,
    private readonly audit: AuditLogService,
    private readonly sessions: MemberSessions,
    private readonly images: ImageUploadService,
    private readonly winners: WinnersService,
    private readonly raffles: AccountDeletionRaffles,
    private readonly kickTraces: AccountKickTracesRepository,
    private readonly redisKickTraces: KickTraceRedisScrubber,
  ) {}

  async delete(userId: number, confirmUsername: string): Promise<void> {
    let rafflesChanged: number[] = [];
    const { files, traces } = await this.em.fork().transactional(async (tx) => {
      const member = await this.repository.lockMember(tx, userId);
      if (!member) throw notFound('This account no longer exists.');
      if (member.username.toLowerCase() !== confirmUsername.trim().toLowerCase())
        throw unprocessable('Type your username to confirm.', { confirm_username: ['That is not your username.'] });
      if (member.role === 'Admin') throw conflict('An admin account cannot be deleted: ask another admin to make you a member first.');
      rafflesChanged = await this.raffles.voidUndrawnEntries(tx, userId);
      const traces = await this.kickTraces.scrub(tx, userId);
      const stored = await this.repository.pseudonymise(tx, userId, member.kick_user_id);
      await this.winners.renameMember(tx, userId, `${DELETED_MEMBER_NAME} #${userId}`);
      await this.audit.record(tx, {
        actorId: userId,
        action: 'account.delete',
        entity: 'user',
        entityId: userId,
        before: { role: member.role },
        after: { username: `${DELETED_MEMBER_NAME} #${userId}` },
      });
      return { files: stored, traces };
    });
    await this.sessions.endAll(userId);
    if (traces) await this.redisKickTraces.scrub(traces);
    await this.raffles.announce(rafflesChanged);
    await Promise.all(
      files.map((name) => {
        const path = this.images.privatePath(name);
        return path ? unlink(path).catch(() => undefined) : undefined;
      }),
    );
  }
}
