import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { recentWinnersQuerySchema, type RecentWinnersQuery } from '@kickback/contracts';
import { zodPipe, paged } from '@kickback/platform';
import { WinnersService } from '@kickback/domain';

/** The Recent Winners page's data: every prize paid (raffles, hunts, tournaments, leaderboards), public, paged. */
@ApiTags('winners')
@Controller('api/r/winners')
export class WinnersController {
  constructor(private readonly winners: WinnersService) {}

  @Get()
  async list(@Query(zodPipe(recentWinnersQuerySchema)) query: RecentWinnersQuery) {
    return paged(await this.winners.page(query.page, query.source ?? null));
  }
}
