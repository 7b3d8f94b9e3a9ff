import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CONTEST_TEXTS, contestStakeSchema, type ContestStake } from '@kickback/contracts';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { ContestsService } from '@kickback/domain';

/** The site's contest: the one running now with its live pools, the member's own stake, and staking. */
@ApiTags('contests')
@Controller('api/r/contests')
export class ContestsController {
  constructor(private readonly contests: ContestsService) {}

  @Get('current')
  async current(@CurrentUser() user: SessionUser | null) {
    return ok(await this.contests.forMember(user?.id ?? null));
  }

  @Post(':id/stake')
  @HttpCode(200)
  @Authenticated()
  async stake(
    @CurrentUser() user: SessionUser,
    @RowIdParam(CONTEST_TEXTS.notFound) id: number,
    @Body(zodPipe(contestStakeSchema)) body: ContestStake,
  ) {
    const result = await this.contests.stake({ contestId: id, userId: user.id, option: body.option, points: body.points });
    return ok(result, `Staked ${result.points} points in total.`);
  }
}
