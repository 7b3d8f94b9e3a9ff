import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PAYOUT_MESSAGES, payoutPageQuerySchema } from '@kickback/contracts';
import { Authenticated, CurrentUser, notFound, paged, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { PayoutsService } from '@kickback/domain';

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
  async proofImage(
    @CurrentUser() user: SessionUser | null,
    @Param('id', rowId(PAYOUT_MESSAGES.notFound)) id: number,
    @Res() res: Response,
  ) {
    const path = await this.payouts.proofImageFor(id, user);
    if (!path) throw notFound(PAYOUT_MESSAGES.notFound);
    // A server-made name under UPLOAD_DIR (dot-folders allowed); the image headers go with the file only.
    const headers = { 'Content-Type': 'image/webp', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, max-age=300' };
    res.sendFile(path, { dotfiles: 'allow', headers }, (err) => {
      if (err && !res.headersSent) res.status(404).json({ success: false, message: PAYOUT_MESSAGES.notFound });
    });
  }
}
