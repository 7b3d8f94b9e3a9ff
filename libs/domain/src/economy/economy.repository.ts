import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerEntry } from '@kickback/contracts';
import { intArrayLiteral } from '@kickback/platform';

/** A ledger row as stored: the contract's entry with the database's bigint id and timestamp. */
export type LedgerRow = Omit<LedgerEntry, 'id' | 'delta' | 'created_at'> & { id: string; delta: string; created_at: Date };

/** A ledger insert and the wallet change it caused, or nulls when the idempotency key was used before. */
interface AppliedRow {
  ledger_id: string | null;
  /** When the ledger row was written, for the entry the member's history shows. */
  ledger_created_at: Date | null;
  balance: string | null;
}

/** One row a batch of credits wrote, with its member's balance once the whole batch applied. */
export interface AppliedManyRow {
  ledger_id: string;
  ledger_created_at: Date;
  idempotency_key: string;
  balance: string;
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

const ledgerJson = (l: LedgerLine) => ({
  user_id: l.userId,
  delta: l.delta,
  reason: l.reason,
  reference: l.reference,
  idempotency_key: l.idempotencyKey,
  actor_id: l.actorId,
  note: l.note,
});

/**
 * The ledger rows of a statement of many changes, from one JSON parameter (ledgerLinesJson), in their order; a
 * repeated idempotency key writes nothing again. The body of its `l` CTE, which the wallet update reads.
 */
const LEDGER_LINES_INSERT = `
  insert into points_ledger (user_id, delta, reason, reference, idempotency_key, actor_id, note)
  select user_id, delta, reason, reference, idempotency_key, actor_id, note
  from json_to_recordset(?::json) as i(user_id int, delta bigint, reason text, reference text, idempotency_key text,
    actor_id int, note text, ord int)
  order by ord
  on conflict (idempotency_key) do nothing returning id, created_at, user_id, delta, idempotency_key`;

const ledgerLinesJson = (lines: LedgerLine[]) => JSON.stringify(lines.map((l, ord) => ({ ...ledgerJson(l), ord })));

const ledgerParams = (line: LedgerLine) => [
  line.userId,
  line.delta,
  line.reason,
  line.reference,
  line.idempotencyKey,
  line.actorId,
  line.note,
];

/** One ledger line (binds ledgerParams), `l`: no row when its idempotency key was used before. */
const LEDGER_LINE_INSERT = `with l as (
  insert into points_ledger (user_id, delta, reason, reference, idempotency_key, actor_id, note)
  values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing returning id, created_at
)`;
/** What debit and credit answer from `l` and the wallet change `w`. */
const APPLIED_ROW = `select (select id from l)::text as ledger_id, (select created_at from l) as ledger_created_at,
  (select balance from w)::text as balance`;

/**
 * Every statement on wallets and the points ledger. Each runs on the em it is given, so callers choose the
 * transaction; every change is one statement (ledger row and balance together) so no race sits between them.
 */
@Injectable()
export class EconomyRepository {
  /** Ledger row plus a conditional debit (balance >= amount): balance null means it did not cover the debit. */
  async debit(em: EntityManager, line: LedgerLine): Promise<AppliedRow> {
    const [row] = await em.execute<AppliedRow[]>(
      `${LEDGER_LINE_INSERT}, w as (
         update wallets set balance = balance - ?, updated_at = now()
         where user_id = ? and balance >= ? and exists (select 1 from l) returning balance
       )
       ${APPLIED_ROW}`,
      [...ledgerParams(line), -line.delta, line.userId, -line.delta],
    );
    return row!;
  }

  /** Ledger row plus the credit, creating the wallet on a member's first points. */
  async credit(em: EntityManager, line: LedgerLine): Promise<AppliedRow> {
    const [row] = await em.execute<AppliedRow[]>(
      `${LEDGER_LINE_INSERT}, w as (
         insert into wallets (user_id, balance) select ?, ? where exists (select 1 from l)
         on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = now()
         returning balance
       )
       ${APPLIED_ROW}`,
      [...ledgerParams(line), line.userId, line.delta],
    );
    return row!;
  }

  /**
   * Many credits in one statement (group commit): ledger rows in the given order, each member's wallet changed once
   * by the sum, wallets locked in member order so two batches can only wait for each other one way. Answers the rows
   * written (a used idempotency key writes none) with their member's balance after the whole statement.
   */
  creditMany(em: EntityManager, lines: LedgerLine[]): Promise<AppliedManyRow[]> {
    return em.execute<AppliedManyRow[]>(
      `with l as (${LEDGER_LINES_INSERT}), w as (
         insert into wallets (user_id, balance) select user_id, sum(delta) from l group by user_id order by user_id
         on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = now()
         returning user_id, balance
       )
       select l.id::text as ledger_id, l.created_at as ledger_created_at, l.idempotency_key, w.balance::text as balance
       from l join w using (user_id) order by l.id`,
      [ledgerLinesJson(lines)],
    );
  }

  /**
   * Debits already decided by the caller from balances it read, several per member allowed, in one statement: each
   * member's wallet is debited by the sum of their lines, only if it covers it. Answers the lines written with each
   * member's balance after all of them; a member whose wallet did not cover the sum has no rows (nor any line written
   * for them, as the caller then fails the transaction).
   */
  debitSeveral(em: EntityManager, lines: LedgerLine[]): Promise<AppliedManyRow[]> {
    return em.execute<AppliedManyRow[]>(
      `with l as (${LEDGER_LINES_INSERT}), t as (
         select user_id, sum(delta) as delta from l group by user_id
       ), w as (
         update wallets w set balance = w.balance + t.delta, updated_at = now() from t
         where w.user_id = t.user_id and w.balance + t.delta >= 0
         returning w.user_id, w.balance
       )
       select l.id::text as ledger_id, l.created_at as ledger_created_at, l.idempotency_key, w.balance::text as balance
       from l join w using (user_id) order by l.id`,
      [ledgerLinesJson(lines)],
    );
  }

  /** These members' balances, their wallets locked in member order (a member without a wallet has none to lock). */
  async lockBalances(em: EntityManager, userIds: number[]): Promise<Map<number, number>> {
    const rows = await em.execute<{ user_id: number; balance: string }[]>(
      'select user_id, balance::text as balance from wallets where user_id = any(?::int[]) order by user_id for update',
      [intArrayLiteral(userIds)],
    );
    return new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
  }

  /**
   * Many debits of distinct members in one statement, their wallets already locked and checked by the caller (the
   * CHECK on wallets backs that up). Answers the rows written with each member's balance after.
   */
  debitMany(em: EntityManager, lines: LedgerLine[]): Promise<AppliedManyRow[]> {
    return em.execute<AppliedManyRow[]>(
      `with l as (${LEDGER_LINES_INSERT}), w as (
         update wallets w set balance = w.balance + l.delta, updated_at = now() from l where w.user_id = l.user_id
         returning w.user_id, w.balance
       )
       select l.id::text as ledger_id, l.created_at as ledger_created_at, l.idempotency_key, w.balance::text as balance
       from l join w using (user_id) order by l.id`,
      [ledgerLinesJson(lines)],
    );
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
