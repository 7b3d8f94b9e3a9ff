import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { recentWinnersQuerySchema } from '@kickback/contracts';
import { zodPipe } from '@kickback/platform';
import { RecentWinnersService } from '@kickback/domain';

/** The Recent Winners page's data: public, paged. */
@ApiTags('raffles')
@Controller('api/r/winners')
export class WinnersController {
  constructor(private readonly winners: RecentWinnersService) {}

  @Get()
  async list(@Query(zodPipe(recentWinnersQuerySchema)) query: { page: number }) {
    const { data, pagination } = await this.winners.page(query.page);
    return { success: true as const, data, pagination };
  }
}
