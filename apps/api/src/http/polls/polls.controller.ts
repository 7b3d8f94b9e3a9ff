import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { POLL_TEXTS, pollVoteSchema, type PollVote } from '@kickback/contracts';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { PollsService } from '@kickback/domain';

/** The site's poll: the one on stream with its live counts, the member's own vote, and voting. */
@ApiTags('polls')
@Controller('api/r/polls')
export class PollsController {
  constructor(private readonly polls: PollsService) {}

  @Get('current')
  async current(@CurrentUser() user: SessionUser | null) {
    return ok(await this.polls.forMember(user?.id ?? null));
  }

  @Post(':id/vote')
  @HttpCode(200)
  @Authenticated()
  async vote(@CurrentUser() user: SessionUser, @RowIdParam(POLL_TEXTS.notFound) id: number, @Body(zodPipe(pollVoteSchema)) body: PollVote) {
    const result = await this.polls.vote({ memberId: user.id }, id, body.option);
    return ok(result, result.changed ? 'Vote changed.' : 'Vote counted.');
  }
}
