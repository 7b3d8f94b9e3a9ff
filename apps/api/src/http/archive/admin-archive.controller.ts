import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { archiveRequestSchema, type ArchiveRequest, type ArchiveResult } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { AdminBonusHuntsService, AdminRafflesService, AdminStoreService, AdminTournamentsService } from '@kickback/domain';
import { archivedSummary } from './archived-summary';

/**
 * Bulk archive of what is over, one call for the streamer's tidy-up: each feature archives its own rows (audited) and
 * keeps them for their pages, draw verification and winners.
 */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/archive')
export class AdminArchiveController {
  constructor(
    private readonly raffles: AdminRafflesService,
    private readonly hunts: AdminBonusHuntsService,
    private readonly tournaments: AdminTournamentsService,
    private readonly store: AdminStoreService,
  ) {}

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
}
