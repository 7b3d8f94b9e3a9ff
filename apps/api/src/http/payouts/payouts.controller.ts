import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PAYOUT_MESSAGES, payoutPageQuerySchema } from '@kickback/contracts';
import { Authenticated, CurrentUser, notFound, paged, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { PayoutsService } from '@kickback/domain';
import { sendPrivateImage } from '../private-image';

/** The public Payouts page (paid prizes, month totals), a member's own prizes, and proof screenshots. */
@ApiTags('payouts')
@Controller('api/r/payouts')
export class PayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get()
  async paid(@Query(zodPipe(payoutPageQuerySchema)) query: { page: number }) {
    const { months, ...list } = await this.payouts.paid(query.page);
    return paged(list, { months });
  }

  @Get('mine')
  @Authenticated()
  async mine(@CurrentUser() user: SessionUser, @Query(zodPipe(payoutPageQuerySchema)) query: { page: number }) {
    return paged(await this.payouts.mine(user.id, query.page));
  }

  /** A proof screenshot, for whoever may see it (PayoutsService.proofImageFor); any other caller gets 404. */
  @Get(':id/proof-image')
  async proofImage(@CurrentUser() user: SessionUser | null, @RowIdParam(PAYOUT_MESSAGES.notFound) id: number, @Res() res: Response) {
    const path = await this.payouts.proofImageFor(id, user);
    if (!path) throw notFound(PAYOUT_MESSAGES.notFound);
    sendPrivateImage(res, path, PAYOUT_MESSAGES.notFound);
  }
}
