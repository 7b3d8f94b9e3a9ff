import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { ok, RowIdParam } from '@kickback/platform';
import { LeaderboardReadService } from '@kickback/domain';
import { ViewerSafetyReader } from '../safety/viewer-safety.reader';

@ApiTags('leaderboard')
@Controller('api/r/leaderboard')
export class LeaderboardController {
  constructor(
    private readonly leaderboard: LeaderboardReadService,
    private readonly viewer: ViewerSafetyReader,
  ) {}

  /**
   * SPEC §7 GET /leaderboard: the worker-built JSON straight from Redis, not re-serialised. Its entity tag comes with
   * the cached copy, so Express neither hashes 18 KB per request nor loses conditional GETs (304 on If-None-Match).
   * Only the boards that may reach this viewer are in it (docs/responsible-gambling.md).
   */
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  async current(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { json, etag } = await this.leaderboard.answerFor(await this.viewer.of(req));
    res.setHeader('ETag', etag);
    return json;
  }

  @Get(':slug/periods')
  async periods(@Req() req: Request, @Param('slug') slug: string) {
    return ok(await this.leaderboard.periods(slug, await this.viewer.of(req)));
  }

  @Get(':slug/periods/:id')
  async period(@Req() req: Request, @Param('slug') slug: string, @RowIdParam('Period not found.') id: number) {
    return ok(await this.leaderboard.period(slug, id, await this.viewer.of(req)));
  }
}
