import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RACE_MESSAGES } from '@kickback/contracts';
import { CurrentUser, ok, type SessionUser, RowIdParam } from '@kickback/platform';
import { RacesReadService } from '@kickback/domain';
import { ViewerSafetyReader } from '../safety/viewer-safety.reader';

@ApiTags('races')
@Controller('api/r/races')
export class RacesController {
  constructor(
    private readonly races: RacesReadService,
    private readonly viewer: ViewerSafetyReader,
  ) {}

  /** Upcoming, live and finished races the site shows this viewer (docs/responsible-gambling.md). */
  @Get()
  async list(@Req() req: Request) {
    return ok(await this.races.list(await this.viewer.of(req)));
  }

  /** A race's page: standings, prizes, times, rules, and the member's own place when they linked a casino name. */
  @Get(':id')
  async detail(@Req() req: Request, @CurrentUser() user: SessionUser | null, @RowIdParam(RACE_MESSAGES.notFound) id: number) {
    return ok(await this.races.detail(id, user?.id ?? null, await this.viewer.of(req)));
  }
}
