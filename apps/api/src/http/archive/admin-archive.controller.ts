import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ARCHIVED_SHOWN_PER_KIND,
  archiveRequestSchema,
  restoreArchivedSchema,
  type ArchiveKind,
  type ArchiveRequest,
  type ArchiveResult,
  type ArchivedItem,
  type RestoreArchivedRequest,
} from '@kickback/contracts';
import { CurrentUser, GoLive, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { AdminBonusHuntsService, AdminRafflesService, AdminStoreService, AdminTournamentsService } from '@kickback/domain';
import { archivedSummary } from './archived-summary';

interface Archivable {
  archived(limit: number): Promise<{ id: number; title: string; archived_at: Date }[]>;
  restoreArchived(actorId: number, id: number): Promise<{ id: number; title: string }>;
}

/**
 * Bulk archive of what is over, one call for the streamer's tidy-up: each feature archives its own rows (audited) and
 * keeps them for their pages, draw verification and winners. What was archived can be listed again, one row at a time.
 */
@ApiTags('admin')
@GoLive()
@Controller('api/admin/archive')
export class AdminArchiveController {
  private readonly features: Record<ArchiveKind, Archivable>;

  constructor(
    private readonly raffles: AdminRafflesService,
    private readonly hunts: AdminBonusHuntsService,
    private readonly tournaments: AdminTournamentsService,
    private readonly store: AdminStoreService,
  ) {
    this.features = { raffles, hunts, tournaments, store_items: store };
  }

  @Post()
  @HttpCode(200)
  async archive(@CurrentUser() actor: SessionUser, @Body(zodPipe(archiveRequestSchema)) body: ArchiveRequest) {
    const wanted = new Set(body.kinds);
    const result: ArchiveResult = {
      raffles: wanted.has('raffles') ? await this.raffles.archiveOver(actor.id) : 0,
      hunts: wanted.has('hunts') ? await this.hunts.archiveCompleted(actor.id) : 0,
      tournaments: wanted.has('tournaments') ? await this.tournaments.archiveCompleted(actor.id) : 0,
      store_items: wanted.has('store_items') ? await this.store.archiveSoldOut(actor.id) : 0,
    };
    return ok(result, archivedSummary(result, body.kinds));
  }

  /** What is archived, newest first: the last ARCHIVED_SHOWN_PER_KIND of each kind. */
  @Get()
  async archived() {
    const lists = await Promise.all(
      (Object.entries(this.features) as [ArchiveKind, Archivable][]).map(async ([kind, feature]) =>
        (await feature.archived(ARCHIVED_SHOWN_PER_KIND)).map((row): ArchivedItem => ({
          kind,
          id: row.id,
          title: row.title,
          archived_at: new Date(row.archived_at).toISOString(),
        })),
      ),
    );
    return ok(lists.flat().sort((a, b) => b.archived_at.localeCompare(a.archived_at) || b.id - a.id));
  }

  @Post('restore')
  @HttpCode(200)
  async restore(@CurrentUser() actor: SessionUser, @Body(zodPipe(restoreArchivedSchema)) body: RestoreArchivedRequest) {
    const restored = await this.features[body.kind].restoreArchived(actor.id, body.id);
    return ok(restored, `${restored.title} is listed again.`);
  }
}
