import { Body, Controller, Delete, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  adminTournamentCreateSchema,
  adminTournamentMatchUpdateSchema,
  adminTournamentUpdateSchema,
  adminTournamentWinnerSchema,
  type AdminTournamentWinner,
  type AdminTournamentMatchUpdate,
} from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { AdminTournamentsService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

/** Building and running tournament brackets; every change is audited and pushed live. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/tournaments')
export class AdminTournamentsController extends adminCatalogue(AdminTournamentsService, {
  notFound: 'Tournament not found.',
  list: (tournaments) => tournaments.list(),
  goLive: ['list', 'get'],
  get: (tournaments, id) => tournaments.detail(id),
  create: {
    schema: adminTournamentCreateSchema,
    run: (tournaments, actorId, input) => tournaments.create(actorId, input),
    done: 'Tournament created.',
  },
  update: {
    schema: adminTournamentUpdateSchema,
    run: (tournaments, actorId, id, changes) => tournaments.update(actorId, id, changes),
    done: 'Tournament saved.',
  },
  remove: { run: (tournaments, actorId, id) => tournaments.remove(actorId, id).then(() => null), done: 'Tournament deleted.' },
}) {
  @Put(':id/matches/:matchId')
  @GoLive()
  async updateMatch(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Tournament not found.') id: number,
    @RowIdParam('Match not found.', 'matchId') matchId: number,
    @Body(zodPipe(adminTournamentMatchUpdateSchema)) body: AdminTournamentMatchUpdate,
  ) {
    return ok(await this.service.updateMatch(user.id, id, matchId, body), 'Match saved.');
  }

  @Post(':id/matches/:matchId/winner')
  @GoLive()
  async setWinner(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Tournament not found.') id: number,
    @RowIdParam('Match not found.', 'matchId') matchId: number,
    @Body(zodPipe(adminTournamentWinnerSchema)) body: AdminTournamentWinner,
  ) {
    const tournament = await this.service.setWinner(user.id, id, matchId, body.winner_name, body.override ?? false);
    return ok(
      tournament,
      tournament.winner === body.winner_name ? `${body.winner_name} wins ${tournament.name}.` : `${body.winner_name} advances.`,
    );
  }

  @Delete(':id/matches/:matchId/winner')
  @GoLive()
  async clearWinner(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Tournament not found.') id: number,
    @RowIdParam('Match not found.', 'matchId') matchId: number,
  ) {
    return ok(await this.service.clearWinner(user.id, id, matchId), 'Winner undone; the match is undecided again.');
  }
}
