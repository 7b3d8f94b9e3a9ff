import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ok, rowId } from '@kickback/platform';
import { LeaderboardReadService } from '@kickback/domain';

@ApiTags('leaderboard')
@Controller('api/r/leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardReadService) {}

  /** SPEC §7 GET /leaderboard: the worker-built JSON straight from Redis, not re-serialised. */
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  current(): Promise<string> {
    return this.leaderboard.currentJson();
  }

  @Get(':slug/periods')
  async periods(@Param('slug') slug: string) {
    return ok(await this.leaderboard.periods(slug));
  }

  @Get(':slug/periods/:id')
  async period(@Param('slug') slug: string, @Param('id', rowId('Period not found.')) id: number) {
    return ok(await this.leaderboard.period(slug, id));
  }
}
