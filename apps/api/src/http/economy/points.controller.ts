import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { EconomyService, ProgressionService } from '@kickback/domain';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();

@ApiTags('points')
@Authenticated()
@Controller('api/r/points')
export class PointsController {
  constructor(
    private readonly economy: EconomyService,
    private readonly progression: ProgressionService,
  ) {}

  /** The header's standing: small enough to read on every page load; pushes keep it current afterwards. */
  @Get('standing')
  async standing(@CurrentUser() user: SessionUser) {
    const [balance, level] = await Promise.all([this.economy.balanceOf(user.id), this.progression.levelOf(user.id)]);
    return ok({ balance, level });
  }

  @Get('history')
  async history(@CurrentUser() user: SessionUser, @Query(zodPipe(pageQuery)) query: { page: number }) {
    return ok(await this.economy.history(user.id, query.page));
  }
}
