import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventMap, LedgerEntry, PointsHistory } from '@kickback/contracts';
import { OutboxService, pagination } from '@kickback/platform';
import { InsufficientPointsError, StaleBalanceError } from './points.errors';
import { EconomyRepository, type LedgerLine } from './economy.repository';

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
  /** The ledger row this change wrote (null when it was applied before), so answers and pushes can carry it. */
  entry: LedgerEntry | null;
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
    private readonly repository: EconomyRepository,
  ) {}

  async debit(tx: EntityManager, change: PointsChange): Promise<PointsResult> {
    this.assertAmount(change.amount);
    const row = await this.repository.debit(tx, ledgerLine(change, -change.amount));
    if (!row.ledger_id) return { applied: false, balance: await this.balanceIn(tx, change.userId), entry: null };
    // The ledger row was written but the balance did not cover it: abort the transaction.
    if (row.balance === null) throw new InsufficientPointsError();
    const balance = Number(row.balance);
    const entry = ledgerEntry(row.ledger_id, row.ledger_created_at!, change, -change.amount);
    await this.announce(tx, change.userId, entry, balance);
    return { applied: true, balance, entry };
  }

  async credit(tx: EntityManager, change: PointsChange): Promise<PointsResult> {
    this.assertAmount(change.amount);
    const row = await this.repository.credit(tx, ledgerLine(change, change.amount));
    if (!row.ledger_id) return { applied: false, balance: await this.balanceIn(tx, change.userId), entry: null };
    const balance = Number(row.balance);
    const entry = ledgerEntry(row.ledger_id, row.ledger_created_at!, change, change.amount);
    await this.announce(tx, change.userId, entry, balance);
    return { applied: true, balance, entry };
  }

  /**
   * Many credits in one statement and their events in another (group commit for webhook bursts). Each applied change
   * gets the balance its member had right after it, as if the credits had run one by one in the given order; a change
   * whose idempotency key was used before is answered `applied: false` with no entry.
   */
  async creditMany(tx: EntityManager, changes: PointsChange[]): Promise<PointsResult[]> {
    if (!changes.length) return [];
    for (const change of changes) this.assertAmount(change.amount);
    const rows = await this.repository.creditMany(
      tx,
      changes.map((change) => ledgerLine(change, change.amount)),
    );
    const written = new Map(rows.map((row) => [row.idempotency_key, row]));
    // A key twice in one batch is written once: the later change is a repeat like any retry.
    const claimed = new Set<string>();
    const firsts = changes.map((change) => {
      const first = written.has(change.idempotencyKey) && !claimed.has(change.idempotencyKey);
      if (first) claimed.add(change.idempotencyKey);
      return first;
    });
    // The statement answers each member's balance after the whole batch: walk back to the balance before it.
    const running = new Map<number, number>();
    changes.forEach((change, i) => {
      if (!firsts[i]) return;
      const final = running.get(change.userId) ?? Number(written.get(change.idempotencyKey)!.balance);
      running.set(change.userId, final - change.amount);
    });
    const results: PointsResult[] = [];
    const events: PointsChangedEvent[] = [];
    for (const [i, change] of changes.entries()) {
      if (!firsts[i]) {
        results.push({ applied: false, balance: running.get(change.userId) ?? (await this.balanceIn(tx, change.userId)), entry: null });
        continue;
      }
      const row = written.get(change.idempotencyKey)!;
      const balance = running.get(change.userId)! + change.amount;
      running.set(change.userId, balance);
      const entry = ledgerEntry(row.ledger_id, row.ledger_created_at, change, change.amount);
      events.push(pointsChanged(change.userId, entry, balance));
      results.push({ applied: true, balance, entry });
    }
    await this.outbox.addMany(tx, 'points.changed', events);
    return results;
  }

  /**
   * Debits of distinct members in one statement, all or none: their wallets are locked in member order and every
   * balance must cover its debit, or InsufficientPointsError names the first member short and nothing is written.
   * A change whose idempotency key was used before writes nothing again.
   */
  async debitMany(tx: EntityManager, changes: PointsChange[]): Promise<void> {
    if (!changes.length) return;
    for (const change of changes) this.assertAmount(change.amount);
    const userIds = changes.map((c) => c.userId);
    if (new Set(userIds).size !== userIds.length) throw new Error('debitMany takes one change per member');
    const balances = await this.repository.lockBalances(tx, userIds);
    const short = changes.find((c) => (balances.get(c.userId) ?? 0) < c.amount);
    if (short) throw new InsufficientPointsError(undefined, short.userId);
    const rows = await this.repository.debitMany(
      tx,
      changes.map((change) => ledgerLine(change, -change.amount)),
    );
    const byKey = new Map(changes.map((c) => [c.idempotencyKey, c]));
    await this.outbox.addMany(
      tx,
      'points.changed',
      rows.map((row) => {
        const change = byKey.get(row.idempotency_key)!;
        return pointsChanged(change.userId, ledgerEntry(row.ledger_id, row.ledger_created_at, change, -change.amount), Number(row.balance));
      }),
    );
  }

  /**
   * Debits the caller decided from balances it read (several per member allowed, fresh idempotency keys), in one
   * statement and their events in another. Each change gets the balance its member had right after it, in the given
   * order. If any wallet no longer covers its member's debits, nothing is debited and StaleBalanceError fails the
   * caller's transaction, which should then redo its changes one at a time.
   */
  async debitPlanned(tx: EntityManager, changes: PointsChange[]): Promise<{ balance: number; entry: LedgerEntry }[]> {
    if (!changes.length) return [];
    for (const change of changes) this.assertAmount(change.amount);
    const rows = await this.repository.debitSeveral(
      tx,
      changes.map((change) => ledgerLine(change, -change.amount)),
    );
    if (rows.length !== changes.length) throw new StaleBalanceError();
    const written = new Map(rows.map((row) => [row.idempotency_key, row]));
    // Each row carries its member's balance after the whole statement: start from the balance before it.
    const running = new Map<number, number>();
    for (const change of changes)
      running.set(change.userId, (running.get(change.userId) ?? Number(written.get(change.idempotencyKey)!.balance)) + change.amount);
    const results = changes.map((change) => {
      const row = written.get(change.idempotencyKey)!;
      const balance = running.get(change.userId)! - change.amount;
      running.set(change.userId, balance);
      return { balance, entry: ledgerEntry(row.ledger_id, row.ledger_created_at, change, -change.amount) };
    });
    await this.outbox.addMany(
      tx,
      'points.changed',
      results.map((result, i) => pointsChanged(changes[i]!.userId, result.entry, result.balance)),
    );
    return results;
  }

  async balanceOf(userId: number): Promise<number> {
    return this.balanceIn(this.em.fork(), userId);
  }

  async history(userId: number, page: number, perPage = 25): Promise<PointsHistory> {
    const em = this.em.fork();
    const [total, rows, balance] = await Promise.all([
      this.repository.ledgerCount(em, userId),
      this.repository.ledgerPage(em, userId, perPage, (page - 1) * perPage),
      this.balanceIn(em, userId),
    ]);
    const entries: LedgerEntry[] = rows.map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      reason: r.reason,
      reference: r.reference,
      note: r.note,
      created_at: new Date(r.created_at).toISOString(),
    }));
    return { balance, entries, pagination: pagination(page, perPage, total) };
  }

  /** The balance read on the caller's connection: inside a transaction, never ask the pool for a second one. */
  balanceIn(em: EntityManager, userId: number): Promise<number> {
    return this.repository.balance(em, userId);
  }

  private assertAmount(amount: number): void {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`points amount must be a positive integer, got ${amount}`);
  }

  private announce(tx: EntityManager, userId: number, entry: LedgerEntry, balance: number): Promise<void> {
    return this.outbox.add(tx, 'points.changed', pointsChanged(userId, entry, balance));
  }
}

type PointsChangedEvent = DomainEventMap['points.changed'];

const pointsChanged = (userId: number, entry: LedgerEntry, balance: number): PointsChangedEvent => ({
  userId,
  delta: entry.delta,
  balance,
  reason: entry.reason,
  at: new Date().toISOString(),
  entry,
});

const ledgerEntry = (id: string, createdAt: Date, change: PointsChange, delta: number): LedgerEntry => ({
  id: Number(id),
  delta,
  reason: change.reason,
  reference: change.reference ?? null,
  note: change.note ?? null,
  created_at: new Date(createdAt).toISOString(),
});

const ledgerLine = (change: PointsChange, delta: number): LedgerLine => ({
  userId: change.userId,
  delta,
  reason: change.reason,
  reference: change.reference ?? null,
  idempotencyKey: change.idempotencyKey,
  actorId: change.actorId ?? null,
  note: change.note ?? null,
});

/** The economy for code that runs outside Nest (the demo seed): the same rules, on the connection it is given. */
export const standaloneEconomy = (em: EntityManager): EconomyService =>
  new EconomyService(em, new OutboxService(), new EconomyRepository());
