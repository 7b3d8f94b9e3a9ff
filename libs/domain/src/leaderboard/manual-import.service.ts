import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CsvImportPreview } from '@kickback/contracts';
import { AuditLogService, readCsv, unprocessable } from '@kickback/platform';
import { centsToDecimal, isAmount, toCents } from './decimal-amount';
import { LeaderboardRefreshService } from './leaderboard-refresh.service';
import { PlatformsService } from './platforms.service';
import { replaceManualEntries } from './leaderboard-standings.repository';

const USERNAME_HEADERS = ['username', 'user_name', 'user', 'name', 'player'];
const WAGERED_HEADERS = ['wagered', 'wager', 'amount', 'total_wagered_amount', 'wagered_amount', 'total_wagered', 'total'];
export const MAX_IMPORT_ROWS = 100_000;

export interface ParsedImport extends CsvImportPreview {
  merged: { username: string; cents: bigint }[];
}

/**
 * Manual CSV: two columns, username and wagered, with or without a header row (the columns are
 * found by name when there is one). Amounts may carry a currency sign and thousands commas.
 * The same username (any case) on several lines is added up.
 */
export async function parseImport(csv: string): Promise<ParsedImport> {
  const errors: { line: number; message: string }[] = [];
  const byKey = new Map<string, { username: string; cents: bigint }>();
  let nameAt = 0;
  let wagerAt = 1;
  let line = 0;
  try {
    for await (const cells of readCsv(csv)) {
      line += 1;
      if (line === 1) {
        const header = cells.map((h) => h.trim().toLowerCase());
        const headerName = header.findIndex((h) => USERNAME_HEADERS.includes(h));
        const headerWager = header.findIndex((h) => WAGERED_HEADERS.includes(h));
        if (headerName >= 0 && headerWager >= 0) {
          [nameAt, wagerAt] = [headerName, headerWager];
          continue;
        }
      }
      if (errors.length >= 50) continue;
      const username = (cells[nameAt] ?? '').trim();
      const amount = (cells[wagerAt] ?? '')
        .trim()
        .replace(/^[^\d.]+/, '')
        .replace(/,/g, '');
      if (!username) errors.push({ line, message: 'Username is missing.' });
      else if (username.length > 100) errors.push({ line, message: 'Username is longer than 100 characters.' });
      else if (!isAmount(amount)) errors.push({ line, message: `"${(cells[wagerAt] ?? '').trim()}" is not a wagered amount.` });
      else {
        const key = username.toLowerCase();
        const seen = byKey.get(key);
        if (seen) seen.cents += toCents(amount);
        else byKey.set(key, { username, cents: toCents(amount) });
      }
    }
  } catch (err) {
    return {
      rows: [],
      total_rows: 0,
      total_wagered: '0.00',
      errors: [{ line: 0, message: `Unreadable CSV: ${(err as Error).message}` }],
      merged: [],
    };
  }
  if (byKey.size > MAX_IMPORT_ROWS) errors.unshift({ line: 0, message: `At most ${MAX_IMPORT_ROWS} rows per import.` });
  const merged = [...byKey.values()];
  if (merged.length === 0 && errors.length === 0) errors.push({ line: 0, message: 'The CSV has no rows.' });
  const total = merged.reduce((sum, r) => sum + r.cents, 0n);
  return {
    rows: merged.slice(0, 20).map((r) => ({ username: r.username, wagered: centsToDecimal(r.cents) })),
    total_rows: merged.length,
    total_wagered: centsToDecimal(total),
    errors,
    merged,
  };
}

/** Imports an admin's CSV as the current period's data of a manual platform, then re-ranks it at once. */
@Injectable()
export class ManualImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly platforms: PlatformsService,
    private readonly refresher: LeaderboardRefreshService,
    private readonly audit: AuditLogService,
  ) {}

  async preview(csv: string): Promise<CsvImportPreview> {
    const { merged: _merged, ...preview } = await parseImport(csv);
    return preview;
  }

  async import(actorId: number, platformId: number, csv: string): Promise<CsvImportPreview> {
    const platform = await this.platforms.require(this.em.fork(), platformId);
    if (platform.sourceType !== 'manual_csv') {
      throw unprocessable('CSV import is only for platforms with the manual CSV source.', {
        csv: ['CSV import is only for platforms with the manual CSV source.'],
      });
    }
    if (!platform.isActive)
      throw unprocessable('Activate the platform before importing.', { csv: ['Activate the platform before importing.'] });
    const parsed = await parseImport(csv);
    if (parsed.errors.length) {
      throw unprocessable('The CSV has errors.', {
        csv: parsed.errors.slice(0, 10).map((e) => (e.line ? `Line ${e.line}: ${e.message}` : e.message)),
      });
    }
    const { period } = await this.refresher.rollover(platform, new Date());
    await this.em.fork().transactional(async (tx) => {
      await replaceManualEntries(
        tx,
        period.id,
        parsed.merged.map((r) => ({ username: r.username, wagered: centsToDecimal(r.cents) })),
      );
      await this.audit.record(tx, {
        actorId,
        action: 'leaderboard.import',
        entity: 'leaderboard_platform',
        entityId: platformId,
        after: { period_id: period.id, rows: parsed.total_rows, total_wagered: parsed.total_wagered },
      });
    });
    const outcome = await this.refresher.refresh(platformId, 'import');
    if (outcome.status === 'busy') {
      // A scheduled refresh holds the lock; it may have read the old rows, so run once more after it.
      setTimeout(() => void this.refresher.refresh(platformId, 'import').catch(() => undefined), 2000);
    }
    const { merged: _merged, ...preview } = parsed;
    return preview;
  }
}
