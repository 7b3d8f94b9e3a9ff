import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SLOT_REQUEST_TEXTS, slotRequestCreateSchema, type SlotRequestCreate } from '@kickback/contracts';
import { Authenticated, CurrentUser, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { SlotRequestsService } from '@kickback/domain';

/** Members ask for a slot from the catalogue; anyone sees the queue. */
@ApiTags('slots')
@Controller('api/r/slot-requests')
export class SlotRequestsController {
  constructor(private readonly requests: SlotRequestsService) {}

  @Get()
  async queue() {
    const { queue, open, price } = await this.requests.queue();
    return ok({ queue, open, price });
  }

  @Get('mine')
  @Authenticated()
  async mine(@CurrentUser() user: SessionUser) {
    return ok(await this.requests.mine(user.id));
  }

  @Post()
  @Authenticated()
  async request(@CurrentUser() user: SessionUser, @Body(zodPipe(slotRequestCreateSchema)) body: SlotRequestCreate) {
    const outcome = await this.requests.request(user.id, body.slot_id, 'site');
    return ok(outcome, outcome.merged ? SLOT_REQUEST_TEXTS.merged : SLOT_REQUEST_TEXTS.queued);
  }
}
