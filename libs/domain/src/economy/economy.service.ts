import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerEntry, PointsHistory } from '@kickback/contracts';
import { OutboxService, pagination } from '@kickback/platform';
import { InsufficientPointsError } from './points.errors';

export interface PointsChange {
  userId: number;
  /** Positive whole points. */
  amount: number;
  /** Short machine-readable cause: 'store.redeem', 'raffle.entry', 'hunt.prize', 'admin.adjust', … */
  reason: string;
  /** What it was for (an id), shown in histories. */
  reference?: string | null;
  /** Unique per intended change: a retry with the same key is applied once. */
  idempotencyKey: string;
  actorId?: number | null;
  note?: string | null;
}

export interface PointsResult {
  /** False when this idempotency key was applied before (nothing changed now). */
  applied: boolean;
  balance: number;
}

interface Row {
  ledger_id: string | null;
  balance: string | null;
}

/**
 * The only way points change. Every call runs inside the caller's transaction, so the
 * balance, the ledger row and the outbox event commit together with whatever was bought.
 * A debit is one conditional UPDATE (balance >= amount): concurrent debits can never take
 * a balance below zero, and CHECK (balance >= 0) backs that up.
 */
@Injectable()
export class EconomyService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  async debit(tx: EntityManager, change: PointsChange): Promise<PointsResult> {
    this.assertAmount(change.amount);
    const [row] = await tx.execute<Row[]>(
      `with l as (
         insert into points_ledger (user_id, delta, reason, reference, idempotency_key, actor_id, note)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing returning id
       ), w as (
         update wallets set balance = balance - ?, updated_at = now()
         where user_id = ? and balance >= ? and exists (select 1 from l) returning balance
       )
       select (select id from l)::text as ledger_id, (select balance from w)::text as balance`,
      [
        change.userId,
        -change.amount,
        change.reason,
        change.reference ?? null,
        change.idempotencyKey,
        change.actorId ?? null,
        change.note ?? null,
        change.amount,
        change.userId,
        change.amount,
      ],
    );
    if (!row.ledger_id) return { applied: false, balance: await this.balanceIn(tx, change.userId) };
    // The ledger row was written but the balance did not cover it: abort the transaction.
    if (row.balance === null) throw new InsufficientPointsError();
    const balance = Number(row.balance);
    await this.announce(tx, change.userId, -change.amount, balance, change.reason);
    return { applied: true, balance };
  }

  async credit(tx: EntityManager, change: PointsChange): Promise<PointsResult> {
    this.assertAmount(change.amount);
    const [row] = await tx.execute<Row[]>(
      `with l as (
         insert into points_ledger (user_id, delta, reason, reference, idempotency_key, actor_id, note)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing returning id
       ), w as (
         insert into wallets (user_id, balance) select ?, ? where exists (select 1 from l)
         on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = now()
         returning balance
       )
       select (select id from l)::text as ledger_id, (select balance from w)::text as balance`,
      [
        change.userId,
        change.amount,
        change.reason,
        change.reference ?? null,
        change.idempotencyKey,
        change.actorId ?? null,
        change.note ?? null,
        change.userId,
        change.amount,
      ],
    );
    if (!row.ledger_id) return { applied: false, balance: await this.balanceIn(tx, change.userId) };
    const balance = Number(row.balance);
    await this.announce(tx, change.userId, change.amount, balance, change.reason);
    return { applied: true, balance };
  }

  async balanceOf(userId: number): Promise<number> {
    return this.balanceIn(this.em.fork(), userId);
  }

  async history(userId: number, page: number, perPage = 25): Promise<PointsHistory> {
    const em = this.em.fork();
    const [{ total }] = await em.execute<{ total: string }[]>('select count(*)::text as total from points_ledger where user_id = ?', [
      userId,
    ]);
    const rows = await em.execute<
      { id: string; delta: string; reason: string; reference: string | null; note: string | null; created_at: Date }[]
    >('select id, delta, reason, reference, note, created_at from points_ledger where user_id = ? order by id desc limit ? offset ?', [
      userId,
      perPage,
      (page - 1) * perPage,
    ]);
    const entries: LedgerEntry[] = rows.map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      reason: r.reason,
      reference: r.reference,
      note: r.note,
      created_at: new Date(r.created_at).toISOString(),
    }));
    return {
      balance: await this.balanceIn(em, userId),
      entries,
      pagination: pagination(page, perPage, total),
    };
  }

  /** The balance read on the caller's connection: inside a transaction, never ask the pool for a second one. */
  async balanceIn(em: EntityManager, userId: number): Promise<number> {
    const rows = await em.execute<{ balance: string }[]>('select balance::text as balance from wallets where user_id = ?', [userId]);
    return rows.length ? Number(rows[0].balance) : 0;
  }

  private assertAmount(amount: number): void {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`points amount must be a positive integer, got ${amount}`);
  }

  private announce(tx: EntityManager, userId: number, delta: number, balance: number, reason: string): Promise<void> {
    return this.outbox.add(tx, 'points.changed', { userId, delta, balance, reason, at: new Date().toISOString() });
  }
}
