import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  adminTournamentCreateSchema,
  adminTournamentMatchUpdateSchema,
  adminTournamentUpdateSchema,
  adminTournamentWinnerSchema,
  type AdminTournamentWinner,
  type AdminTournamentCreate,
  type AdminTournamentMatchUpdate,
  type AdminTournamentUpdate,
} from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, rowId } from '@kickback/platform';
import { AdminTournamentsService } from '@kickback/domain';

/** Building and running tournament brackets; every change is audited and pushed live. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/tournaments')
export class AdminTournamentsController {
  constructor(private readonly tournaments: AdminTournamentsService) {}

  @Get()
  @GoLive()
  async list() {
    return ok(await this.tournaments.list());
  }

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(adminTournamentCreateSchema)) body: AdminTournamentCreate) {
    return ok(await this.tournaments.create(user.id, body), 'Tournament created.');
  }

  @Get(':id')
  @GoLive()
  async detail(@Param('id', rowId('Tournament not found.')) id: number) {
    return ok(await this.tournaments.detail(id));
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Tournament not found.')) id: number,
    @Body(zodPipe(adminTournamentUpdateSchema)) body: AdminTournamentUpdate,
  ) {
    return ok(await this.tournaments.update(user.id, id, body), 'Tournament saved.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId('Tournament not found.')) id: number) {
    await this.tournaments.remove(user.id, id);
    return ok(null, 'Tournament deleted.');
  }

  @Put(':id/matches/:matchId')
  @GoLive()
  async updateMatch(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Tournament not found.')) id: number,
    @Param('matchId', rowId('Match not found.')) matchId: number,
    @Body(zodPipe(adminTournamentMatchUpdateSchema)) body: AdminTournamentMatchUpdate,
  ) {
    return ok(await this.tournaments.updateMatch(user.id, id, matchId, body), 'Match saved.');
  }

  @Post(':id/matches/:matchId/winner')
  @GoLive()
  async setWinner(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Tournament not found.')) id: number,
    @Param('matchId', rowId('Match not found.')) matchId: number,
    @Body(zodPipe(adminTournamentWinnerSchema)) body: AdminTournamentWinner,
  ) {
    const tournament = await this.tournaments.setWinner(user.id, id, matchId, body.winner_name, body.override ?? false);
    return ok(
      tournament,
      tournament.winner === body.winner_name ? `${body.winner_name} wins ${tournament.name}.` : `${body.winner_name} advances.`,
    );
  }

  @Delete(':id/matches/:matchId/winner')
  @GoLive()
  async clearWinner(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Tournament not found.')) id: number,
    @Param('matchId', rowId('Match not found.')) matchId: number,
  ) {
    return ok(await this.tournaments.clearWinner(user.id, id, matchId), 'Winner undone; the match is undecided again.');
  }
}
