import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Pagination, RecentWinner, WinnerSource } from '@kickback/contracts';
import { OutboxService, pagination } from '@kickback/platform';
import { WinnersRepository, type WinnerRecord } from './winners.repository';

const PER_PAGE = 24;

/** A member's win as the paying feature describes it; the name shown is taken from the member. */
export type MemberWinRecord = Omit<WinnerRecord, 'name'> & { userId: number };

/**
 * The shared winners ledger behind Recent Winners. Each feature that pays a prize records its winner here,
 * inside the transaction that pays it, so no feature reads another's tables and a retried payment never lists
 * a winner twice (unique per source and reference). See docs/total-given-away.md.
 */
@Injectable()
export class WinnersService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: WinnersRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** Records a member's win (name taken from the member); idempotent per (source, reference). */
  async recordMember(tx: EntityManager, win: MemberWinRecord): Promise<void> {
    await this.record(tx, { ...win, name: await this.repository.memberName(tx, win.userId) });
  }

  /** Records a win; idempotent per (source, reference). Call inside the paying transaction. */
  async record(tx: EntityManager, win: WinnerRecord): Promise<void> {
    const id = await this.repository.insert(tx, win);
    if (id !== null) await this.outbox.add(tx, 'winner.recorded', { source: win.source, winnerId: id, at: new Date().toISOString() });
  }

  /**
   * A win that no longer stands (a rerolled raffle winner) leaves the list and the member who replaces it is
   * recorded, with one event naming both, so open pages swap the rows in one push. The insert cannot find its row
   * already there (the reference names the position and the member, and the replacing member does not stand at
   * that position), so the event is always written.
   */
  async replaceMember(tx: EntityManager, replacedReference: string, win: MemberWinRecord): Promise<void> {
    const replacesId = await this.repository.remove(tx, win.source, replacedReference);
    const id = await this.repository.insert(tx, { ...win, name: await this.repository.memberName(tx, win.userId) });
    if (id === null) return;
    await this.outbox.add(tx, 'winner.recorded', {
      source: win.source,
      winnerId: id,
      ...(replacesId !== null ? { replacesId } : {}),
      at: new Date().toISOString(),
    });
  }

  /** A member deleted their account: their wins stay listed, under their pseudonym. */
  async renameMember(tx: EntityManager, userId: number, name: string): Promise<void> {
    await this.repository.renameMember(tx, userId, name);
  }

  async page(page: number, source: WinnerSource | null): Promise<{ data: RecentWinner[]; pagination: Pagination }> {
    const { rows, total } = await this.repository.page(this.em.fork(), source, PER_PAGE, (page - 1) * PER_PAGE);
    return { data: rows, pagination: pagination(page, PER_PAGE, total) };
  }
}

/** The winners ledger for code that runs outside Nest (the demo seed): the same rows, on the connection it is given. */
export const standaloneWinners = (em: EntityManager): WinnersService =>
  new WinnersService(em, new WinnersRepository(), new OutboxService());
