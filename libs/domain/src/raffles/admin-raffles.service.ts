import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  RAFFLE_DRAW_ALGORITHM_V2,
  sha256Hex,
  storedEntryRules,
  type AdminRaffle,
  ADMIN_RAFFLE_ENTRIES_PER_PAGE,
  type AdminRaffleEntryList,
  type AdminRaffleInput,
  type AdminRaffleUpdate,
  FARM_NEW_ACCOUNT_DAYS,
  type FarmSignal,
  type Pagination,
} from '@kickback/contracts';
import { AuditLogService, OutboxService, csvStream, notFound, pagination, unprocessable, type CsvCell } from '@kickback/platform';
import { EconomyService } from '../economy/economy.service';
import { RafflesQueryService, raffleNotFound } from './raffles-query.service';
import { RaffleLivePublisher } from './raffle-live.publisher';
import { hashRafflePassword } from './raffle-password';
import { toRaffleEntry } from './raffle-rows';
import { RafflesRepository } from './raffles.repository';
import { RafflesAdminRepository } from './raffles-admin.repository';
import { RaffleFarmSignalsRepository, type FarmFacts } from './raffle-farm-signals.repository';

/** The marks an entrant gets in the admin's entry list (AdminRaffleEntry.signals). */
const farmSignals = (f: FarmFacts): FarmSignal[] => [
  ...(f.account_age_days < FARM_NEW_ACCOUNT_DAYS ? (['new-account'] as const) : []),
  ...(f.watched ? [] : (['no-watch-time'] as const)),
  ...(f.chatted ? [] : (['no-chat'] as const)),
];

const CSV_HEADER = ['entry_id', 'user_id', 'username', 'kick_username', 'entry_type', 'tickets', 'points_spent', 'created_at'];

/** Admin side of raffles: create, edit, cancel (refunding points), entries and CSV. Every change is audited. */
@Injectable()
export class AdminRafflesService {
  constructor(
    private readonly em: EntityManager,
    private readonly raffles: RafflesRepository,
    private readonly admin: RafflesAdminRepository,
    private readonly query: RafflesQueryService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly economy: EconomyService,
    private readonly live: RaffleLivePublisher,
    private readonly farm: RaffleFarmSignalsRepository,
  ) {}

  async list(page: number, perPage = 25): Promise<{ data: AdminRaffle[]; pagination: Pagination }> {
    const em = this.em.fork();
    const total = await this.raffles.count(em);
    const rows = await this.raffles.page(em, perPage, (page - 1) * perPage);
    const raffles = await this.query.assemble(em, rows, null);
    return {
      data: raffles.map((r, i) => ({ ...r, created_at: new Date(rows[i].created_at).toISOString() })),
      pagination: pagination(page, perPage, total),
    };
  }

  async get(id: number): Promise<AdminRaffle> {
    const em = this.em.fork();
    const row = await this.raffles.byId(em, id);
    if (!row) throw raffleNotFound();
    const [raffle] = await this.query.assemble(em, [row], null);
    return { ...raffle, created_at: new Date(row.created_at).toISOString() };
  }

  async create(actorId: number, input: AdminRaffleInput): Promise<AdminRaffle> {
    const passwordHash = input.password ? await hashRafflePassword(input.password) : null;
    const seed = randomBytes(32).toString('hex');
    const id = await this.audit.audited({ actorId, action: 'raffle.create', entity: 'raffle' }, async (tx) => {
      const row = await this.admin.insert(tx, {
        title: input.title,
        description: input.description,
        image: input.image,
        prize_description: input.prize_description,
        prize_value_usd: input.prize_value_usd.toFixed(2),
        starts_at: new Date(input.start_datetime),
        ends_at: new Date(input.end_datetime),
        number_of_winners: input.number_of_winners,
        allow_passwordless: input.allow_passwordless_entry,
        allow_points: input.allow_points_entry,
        points_per_entry: input.allow_points_entry ? input.points_per_entry : null,
        max_tickets_per_user: input.max_tickets_per_user,
        entry_rules: storedEntryRules(input.entry_rules),
        claim_window_minutes: input.claim_window_minutes,
        casino_credit_prize: input.casino_credit_prize,
        password_hash: passwordHash,
        draw_algorithm: RAFFLE_DRAW_ALGORITHM_V2,
        seed,
        seed_hash: sha256Hex(seed),
        created_by: actorId,
      });
      await this.outbox.add(tx, 'raffle.scheduled', {
        raffleId: row.id,
        startsAt: new Date(row.starts_at).toISOString(),
        endsAt: new Date(row.ends_at).toISOString(),
      });
      const { password: _password, ...audited } = input;
      return { entityId: row.id, after: { ...audited, has_password: !!passwordHash }, answer: row.id };
    });
    this.live.listChanged(id);
    return this.get(id);
  }

  async update(actorId: number, id: number, input: AdminRaffleUpdate): Promise<AdminRaffle> {
    const passwordHash = input.password ? await hashRafflePassword(input.password) : input.password;
    await this.audit.audited({ actorId, action: 'raffle.update', entity: 'raffle' }, async (tx) => {
      const before = await this.admin.lockEditable(tx, id);
      if (!before) throw raffleNotFound();
      if (before.drawn_at) throw unprocessable('A drawn raffle can no longer be edited.');
      if (before.cancelled_at) throw unprocessable('A cancelled raffle can no longer be edited.');
      const next = {
        title: input.title ?? before.title,
        description: input.description ?? before.description,
        image: input.image === undefined ? before.image : input.image,
        prize_description: input.prize_description ?? before.prize_description,
        prize_value_usd: input.prize_value_usd === undefined ? before.prize_value_usd : input.prize_value_usd.toFixed(2),
        starts_at: input.start_datetime ? new Date(input.start_datetime) : new Date(before.starts_at),
        ends_at: input.end_datetime ? new Date(input.end_datetime) : new Date(before.ends_at),
        number_of_winners: input.number_of_winners ?? before.number_of_winners,
        allow_passwordless: input.allow_passwordless_entry ?? before.allow_passwordless,
        allow_points: input.allow_points_entry ?? before.allow_points,
        points_per_entry: input.points_per_entry === undefined ? before.points_per_entry : input.points_per_entry,
        max_tickets_per_user: input.max_tickets_per_user === undefined ? before.max_tickets_per_user : input.max_tickets_per_user,
        entry_rules: input.entry_rules === undefined ? before.entry_rules : storedEntryRules(input.entry_rules),
        claim_window_minutes: input.claim_window_minutes === undefined ? before.claim_window_minutes : input.claim_window_minutes,
        casino_credit_prize: input.casino_credit_prize ?? before.casino_credit_prize,
      };
      const hasPassword = passwordHash === undefined ? before.has_password : passwordHash !== null;
      if (next.ends_at <= next.starts_at)
        throw unprocessable('The end must be after the start.', { end_datetime: ['The end must be after the start.'] });
      if (next.allow_points && !next.points_per_entry)
        throw unprocessable('Set the points cost of one entry.', { points_per_entry: ['Set the points cost of one entry.'] });
      if (!next.allow_passwordless && !next.allow_points && !hasPassword)
        throw unprocessable('Allow at least one way to enter.', { allow_passwordless_entry: ['Allow at least one way to enter.'] });
      await this.admin.update(tx, id, {
        ...next,
        points_per_entry: next.allow_points ? next.points_per_entry : null,
        password_hash: passwordHash,
      });
      if (
        next.starts_at.getTime() !== new Date(before.starts_at).getTime() ||
        next.ends_at.getTime() !== new Date(before.ends_at).getTime()
      )
        await this.outbox.add(tx, 'raffle.scheduled', {
          raffleId: id,
          startsAt: next.starts_at.toISOString(),
          endsAt: next.ends_at.toISOString(),
        });
      const { drawn_at: _d, cancelled_at: _c, ...auditBefore } = before;
      return { entityId: id, before: auditBefore, after: { ...next, has_password: hasPassword } };
    });
    await this.live.statusChanged(id);
    return this.get(id);
  }

  /** Cancels an undrawn raffle and refunds every points entry (idempotent per entry). */
  async cancel(actorId: number, id: number): Promise<AdminRaffle> {
    await this.em.fork().transactional(async (tx) => {
      const raffle = await this.admin.lockState(tx, id);
      if (!raffle) throw raffleNotFound();
      if (raffle.drawn_at) throw unprocessable('A drawn raffle cannot be cancelled.');
      if (raffle.cancelled_at) throw unprocessable('This raffle is already cancelled.');
      await this.admin.markCancelled(tx, id);
      const paid = await this.admin.paidEntries(tx, id);
      for (const entry of paid)
        await this.economy.credit(tx, {
          userId: entry.user_id,
          amount: Number(entry.points_spent),
          reason: 'raffle.refund',
          reference: `raffle:${id}`,
          idempotencyKey: `raffle-refund:${entry.id}`,
          actorId,
        });
      await this.audit.record(tx, {
        actorId,
        action: 'raffle.cancel',
        entity: 'raffle',
        entityId: id,
        before: { cancelled_at: null },
        after: { refunded_entries: paid.length },
      });
    });
    await this.live.statusChanged(id);
    return this.get(id);
  }

  /** Archives every drawn or cancelled raffle (audited): out of the lists, its page, verification and winners kept. */
  async archiveOver(actorId: number): Promise<number> {
    const archived = await this.em.fork().transactional(async (tx) => {
      const rows = await this.admin.archiveOver(tx);
      if (rows.length > 0)
        await this.audit.record(tx, { actorId, action: 'raffle.archive', entity: 'raffle', entityId: null, after: { archived: rows } });
      return rows;
    });
    for (const { id } of archived) this.live.listChanged(id);
    return archived.length;
  }

  archived(limit: number): Promise<{ id: number; title: string; archived_at: Date }[]> {
    return this.admin.archived(this.em.fork(), limit);
  }

  /** Lists an archived raffle again (audited): back in the site's and the admin's lists. */
  async restoreArchived(actorId: number, id: number): Promise<{ id: number; title: string }> {
    const restored = await this.audit.audited({ actorId, action: 'raffle.unarchive', entity: 'raffle' }, async (tx) => {
      const row = await this.admin.restore(tx, id);
      if (!row) throw notFound('This raffle is not archived.');
      return { entityId: id, before: { archived: true }, after: { archived: false }, answer: row };
    });
    this.live.listChanged(id);
    return restored;
  }

  async entries(id: number, page: number): Promise<AdminRaffleEntryList> {
    const em = this.em.fork();
    const totals = await this.raffles.entryTotals(em, id);
    if (!totals) throw raffleNotFound();
    const perPage = ADMIN_RAFFLE_ENTRIES_PER_PAGE;
    const rows = await this.raffles.entryRowsPage(em, id, perPage, (page - 1) * perPage);
    const facts = new Map(
      (
        await this.farm.facts(
          em,
          rows.map((r) => r.id),
        )
      ).map((f) => [f.user_id, f]),
    );
    return {
      data: rows.map((r) => {
        const f = facts.get(r.id);
        return {
          ...toRaffleEntry(r),
          points_spent: Number(r.points_spent),
          multiplier: r.multiplier,
          account_age_days: f?.account_age_days ?? 0,
          signals: f ? farmSignals(f) : [],
        };
      }),
      pagination: pagination(page, perPage, totals.rows),
      tickets_total: totals.tickets,
    };
  }

  /**
   * The raffle's entries as CSV, in entry order. A stream raffle reaches 100,000 rows: they are read through a cursor
   * and written as the download takes them, so an export holds one batch in memory and never stops the api answering
   * everyone else. The cursor reads one snapshot, taken when the export starts, so the file is the raffle's entries at
   * one moment even while members keep entering. An unknown raffle is refused before the first byte.
   */
  async entriesCsv(id: number): Promise<Readable> {
    if (!(await this.raffles.exists(this.em.fork(), id))) throw raffleNotFound();
    return csvStream(CSV_HEADER, this.csvRecords(id));
  }

  private async *csvRecords(id: number): AsyncGenerator<CsvCell[]> {
    for await (const rows of this.raffles.entryRowsForExport(this.em, id)) {
      for (const r of rows) {
        yield [r.entry_id, r.user_id, r.username, r.kick_username, r.entry_type, r.tickets, r.points_spent, r.created_at];
      }
    }
  }
}
