import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditLogService, notFound } from '@kickback/platform';
import { EconomyService, type PointsResult } from './economy.service';
import { EconomyRepository } from './economy.repository';

/** Admin grants and deductions: audited, and a deduction can never overdraw. */
@Injectable()
export class AdminPointsService {
  constructor(
    private readonly em: EntityManager,
    private readonly economy: EconomyService,
    private readonly audit: AuditLogService,
    private readonly repository: EconomyRepository,
  ) {}

  async adjust(actorId: number, userId: number, delta: number, note: string): Promise<PointsResult> {
    return this.em.fork().transactional(async (tx) => {
      if (!(await this.repository.userExists(tx, userId))) throw notFound('User not found.');
      const change = {
        userId,
        amount: Math.abs(delta),
        reason: 'admin.adjust',
        reference: `admin:${actorId}`,
        idempotencyKey: `admin-adjust:${randomUUID()}`,
        actorId,
        note,
      };
      const result = delta > 0 ? await this.economy.credit(tx, change) : await this.economy.debit(tx, change);
      await this.audit.record(tx, {
        actorId,
        action: 'points.adjust',
        entity: 'user',
        entityId: userId,
        before: { balance: result.balance - delta },
        after: { balance: result.balance, delta, note },
      });
      return result;
    });
  }
}
