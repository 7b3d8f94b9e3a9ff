import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_EXPORT_TTL_HOURS, userRoom, type AccountExport } from '@kickback/contracts';
import {
  AppConfig,
  AuditLogService,
  ImageUploadService,
  OutboxService,
  RealtimeEmitter,
  conflict,
  notFound,
  tooManyRequests,
} from '@kickback/platform';
import { AccountDataRepository, type ExportRow } from './account-data.repository';
import { ACCOUNT_ARCHIVE_FORMAT, type AccountArchive } from './account-archive';

/** A new archive at most this often per member: each one reads every row the member has. */
const REQUEST_GAP_MS = 10 * 60_000;

/**
 * "Download my data": the request (api), the archive built by the worker from the member's rows (tickets with their
 * images as base64), and the download while it lasts (ACCOUNT_EXPORT_TTL_HOURS). Only the owner can read it.
 */
@Injectable()
export class AccountExportService {
  private readonly logger = new Logger(AccountExportService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly repository: AccountDataRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    private readonly images: ImageUploadService,
    private readonly realtime: RealtimeEmitter,
    private readonly config: AppConfig,
  ) {}

  async latest(userId: number): Promise<AccountExport | null> {
    const row = await this.repository.latestExport(this.em.fork(), userId);
    return row ? view(row) : null;
  }

  async request(userId: number): Promise<AccountExport> {
    const row = await this.em.fork().transactional(async (tx) => {
      const last = await this.repository.latestExport(tx, userId);
      if (last?.status === 'pending') throw conflict('Your archive is already being prepared.');
      if (last && Date.now() - new Date(last.requested_at).getTime() < REQUEST_GAP_MS)
        throw tooManyRequests('You can ask for a new archive 10 minutes after the last one.');
      const created = await this.repository.insertExport(tx, userId);
      if (!created) throw conflict('Your archive is already being prepared.');
      await this.outbox.add(tx, 'account.export-requested', { exportId: created.id, userId });
      await this.audit.record(tx, {
        actorId: userId,
        action: 'account.export.request',
        entity: 'user',
        entityId: userId,
        after: { export_id: created.id },
      });
      return created;
    });
    return view(row);
  }

  /** The archive's JSON, or 404 when it is not the viewer's, not ready or expired. */
  async download(userId: number, exportId: number): Promise<string> {
    const archive = await this.repository.archive(this.em.fork(), userId, exportId);
    if (!archive) throw notFound('This archive is not available. Ask for a new one on your settings page.');
    return gunzipSync(archive).toString('utf8');
  }

  /** Worker, after the build committed: the member's open settings page shows the link at once. */
  async pushLatest(userId: number): Promise<void> {
    const latest = await this.latest(userId);
    if (latest) this.realtime.toRoom(userRoom(userId), 'user:account-export', latest);
  }

  /** Worker: builds and stores the archive in the event's transaction; a redelivered event finds it built. */
  async build(tx: EntityManager, exportId: number, userId: number): Promise<void> {
    const profile = await this.repository.profile(tx, userId);
    if (!profile) return this.repository.markFailed(tx, exportId);
    const archive: AccountArchive = {
      format: ACCOUNT_ARCHIVE_FORMAT,
      site: this.config.appOrigin,
      generated_at: new Date().toISOString(),
      profile,
      settings: await this.repository.settings(tx, userId),
      points_ledger: await this.repository.pointsLedger(tx, userId),
      raffle_entries: await this.repository.raffleEntries(tx, userId),
      hunt_predictions: await this.repository.huntPredictions(tx, userId),
      tournament_predictions: await this.repository.tournamentPredictions(tx, userId),
      redemptions: await this.repository.redemptions(tx, userId),
      payouts: await this.repository.payouts(tx, userId),
      slot_requests: await this.repository.slotRequests(tx, userId),
      poll_votes: await this.repository.pollVotes(tx, userId),
      contest_stakes: await this.repository.contestStakes(tx, userId),
      tickets: await this.tickets(tx, userId),
      friends: await this.repository.friends(tx, userId),
    };
    const stored = await this.repository.storeArchive(tx, exportId, gzipSync(JSON.stringify(archive)), ACCOUNT_EXPORT_TTL_HOURS);
    if (stored) this.logger.log({ exportId, userId }, 'account archive built');
  }

  async purgeExpired(): Promise<number> {
    return this.repository.purgeExpired(this.em.fork());
  }

  private async tickets(tx: EntityManager, userId: number) {
    const [tickets, replies, images] = [
      await this.repository.tickets(tx, userId),
      await this.repository.ticketReplies(tx, userId),
      await this.repository.ticketImages(tx, userId),
    ];
    const withData = await Promise.all(
      images.map(async ({ stored_name, ...image }) => {
        const path = this.images.privatePath(stored_name);
        const data = path ? await readFile(path).catch(() => null) : null;
        return { ...image, content_type: 'image/webp', data_base64: data ? data.toString('base64') : null };
      }),
    );
    return tickets.map((t) => ({
      ...t,
      replies: replies.filter((r) => r.ticket_id === t.id),
      images: withData.filter((i) => i.ticket_id === t.id),
    }));
  }
}

function view(row: ExportRow): AccountExport {
  const expired = row.status === 'ready' && row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now();
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    requested_at: new Date(row.requested_at).toISOString(),
    ready_at: row.ready_at ? new Date(row.ready_at).toISOString() : null,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    download_url: row.status === 'ready' && !expired ? `/api/r/account/export/${row.id}/download` : null,
  };
}
