import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { huntPageQuerySchema, recentWinnersQuerySchema, type RecentWinnersQuery } from '@kickback/contracts';
import { ok, zodPipe, paged } from '@kickback/platform';
import { BonusHuntsService, LeaderboardReadService, RafflesQueryService, TournamentsService, WinnersService } from '@kickback/domain';
import { ReadScope } from './read-api-scope';
import { ReadApiTokenGuard } from './read-api-token.guard';

/**
 * The read API for other tools (docs/read-api.md): what the public pages show, read as a visitor would (no member's
 * own data), behind a token with the route's scope.
 */
@ApiTags('read-api')
@ApiBearerAuth('read-api-token')
@UseGuards(ReadApiTokenGuard)
@Controller('api/v1')
export class ReadApiController {
  constructor(
    private readonly leaderboard: LeaderboardReadService,
    private readonly raffles: RafflesQueryService,
    private readonly winners: WinnersService,
    private readonly hunts: BonusHuntsService,
    private readonly tournaments: TournamentsService,
  ) {}

  @Get('leaderboard')
  @ReadScope('leaderboard')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'The wager leaderboard as the leaderboard page shows it (scope: leaderboard)' })
  async leaderboardBoard(): Promise<string> {
    return (await this.leaderboard.currentAnswer()).json;
  }

  @Get('raffles')
  @ReadScope('raffles')
  @ApiOperation({ summary: 'Active and recent raffles as the raffles page shows them to a visitor (scope: raffles)' })
  async raffleList() {
    return ok(await this.raffles.list(null));
  }

  @Get('winners')
  @ReadScope('winners')
  @ApiOperation({ summary: 'Recent winners of every source, newest first, paged (scope: winners)' })
  async winnerList(@Query(zodPipe(recentWinnersQuerySchema)) query: RecentWinnersQuery) {
    return paged(await this.winners.page(query.page, query.source ?? null));
  }

  @Get('bonus-hunts/current')
  @ReadScope('hunts')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'The current bonus hunt as its page shows it to a visitor (scope: hunts)' })
  async currentHunt(): Promise<string> {
    return this.hunts.currentAnswer(null);
  }

  @Get('bonus-hunts/history')
  @ReadScope('hunts')
  @ApiOperation({ summary: 'Finished bonus hunts, newest first, paged (scope: hunts)' })
  async huntHistory(@Query(zodPipe(huntPageQuerySchema)) query: { page: number }) {
    return paged(await this.hunts.history(query.page));
  }

  @Get('tournaments')
  @ReadScope('tournaments')
  @ApiOperation({ summary: 'Tournaments as the tournaments page lists them (scope: tournaments)' })
  async tournamentList() {
    return ok(await this.tournaments.list());
  }
}
