import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerEntry } from '@kickback/contracts';

/** A ledger row as stored: the contract's entry with the database's bigint id and timestamp. */
export type LedgerRow = Omit<LedgerEntry, 'id' | 'delta' | 'created_at'> & { id: string; delta: string; created_at: Date };

/** A ledger insert and the wallet change it caused, or nulls when the idempotency key was used before. */
interface AppliedRow {
  ledger_id: string | null;
  /** When the ledger row was written, for the entry the member's history shows. */
  ledger_created_at: Date | null;
  balance: string | null;
}

export interface LedgerLine {
  userId: number;
  delta: number;
  reason: string;
  reference: string | null;
  idempotencyKey: string;
  actorId: number | null;
  note: string | null;
}

const ledgerParams = (line: LedgerLine) => [
  line.userId,
  line.delta,
  line.reason,
  line.reference,
  line.idempotencyKey,
  line.actorId,
  line.note,
];

/**
 * Every statement on wallets and the points ledger. Each runs on the em it is given, so callers choose the
 * transaction; every change is one statement (ledger row and balance together) so no race sits between them.
 */
@Injectable()
export class EconomyRepository {
  /** Ledger row plus a conditional debit (balance >= amount): balance null means it did not cover the debit. */
  async debit(em: EntityManager, line: LedgerLine): Promise<AppliedRow> {
    const [row] = await em.execute<AppliedRow[]>(
      `with l as (
         insert into points_ledger (user_id, delta, reason, reference, idempotency_key, actor_id, note)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing returning id, created_at
       ), w as (
         update wallets set balance = balance - ?, updated_at = now()
         where user_id = ? and balance >= ? and exists (select 1 from l) returning balance
       )
       select (select id from l)::text as ledger_id, (select created_at from l) as ledger_created_at,
         (select balance from w)::text as balance`,
      [...ledgerParams(line), -line.delta, line.userId, -line.delta],
    );
    return row!;
  }

  /** Ledger row plus the credit, creating the wallet on a member's first points. */
  async credit(em: EntityManager, line: LedgerLine): Promise<AppliedRow> {
    const [row] = await em.execute<AppliedRow[]>(
      `with l as (
         insert into points_ledger (user_id, delta, reason, reference, idempotency_key, actor_id, note)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing returning id, created_at
       ), w as (
         insert into wallets (user_id, balance) select ?, ? where exists (select 1 from l)
         on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = now()
         returning balance
       )
       select (select id from l)::text as ledger_id, (select created_at from l) as ledger_created_at,
         (select balance from w)::text as balance`,
      [...ledgerParams(line), line.userId, line.delta],
    );
    return row!;
  }

  async balance(em: EntityManager, userId: number): Promise<number> {
    const rows = await em.execute<{ balance: string }[]>('select balance::text as balance from wallets where user_id = ?', [userId]);
    return rows.length ? Number(rows[0]!.balance) : 0;
  }

  async ledgerCount(em: EntityManager, userId: number): Promise<number> {
    const [{ total }] = await em.execute<{ total: string }[]>('select count(*)::text as total from points_ledger where user_id = ?', [
      userId,
    ]);
    return Number(total);
  }

  ledgerPage(em: EntityManager, userId: number, limit: number, offset: number): Promise<LedgerRow[]> {
    return em.execute<LedgerRow[]>(
      'select id, delta, reason, reference, note, created_at from points_ledger where user_id = ? order by id desc limit ? offset ?',
      [userId, limit, offset],
    );
  }

  async userExists(em: EntityManager, userId: number): Promise<boolean> {
    return (await em.execute('select 1 from users where id = ?', [userId])).length > 0;
  }
}
