import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RACE_MESSAGES } from '@kickback/contracts';
import { CurrentUser, ok, rowId, type SessionUser } from '@kickback/platform';
import { RacesReadService } from '@kickback/domain';

@ApiTags('races')
@Controller('api/r/races')
export class RacesController {
  constructor(private readonly races: RacesReadService) {}

  /** Upcoming, live and finished races the site shows. */
  @Get()
  async list() {
    return ok(await this.races.list());
  }

  /** A race's page: standings, prizes, times, rules, and the member's own place when they linked a casino name. */
  @Get(':id')
  async detail(@CurrentUser() user: SessionUser | null, @Param('id', rowId(RACE_MESSAGES.notFound)) id: number) {
    return ok(await this.races.detail(id, user?.id ?? null));
  }
}
