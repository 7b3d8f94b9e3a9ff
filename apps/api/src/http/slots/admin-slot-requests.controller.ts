import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  SLOT_REQUEST_TEXTS,
  slotRequestPlayedSchema,
  slotRequestSettingsSchema,
  type SlotRequestPlayed,
  type SlotRequestSettingsUpdate,
} from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser, RowIdParam } from '@kickback/platform';
import { SlotRequestsService } from '@kickback/domain';

const points = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'point' : 'points'}`;

/** The streamer works the request queue on stream (Go live): played, skip (refund), clear (refund all); admins set the rules. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/slot-requests')
export class AdminSlotRequestsController {
  constructor(private readonly requests: SlotRequestsService) {}

  /** The queue, and what clearing it would give back (the confirmation says so). */
  @Get()
  @GoLive()
  async queue() {
    return ok(await this.requests.queue());
  }

  @Get('settings')
  async settings() {
    return ok(await this.requests.rules());
  }

  @Put('settings')
  async updateSettings(@CurrentUser() actor: SessionUser, @Body(zodPipe(slotRequestSettingsSchema)) body: SlotRequestSettingsUpdate) {
    return ok(await this.requests.updateSettings(actor.id, body), 'Slot request settings saved.');
  }

  @Post(':id/played')
  @HttpCode(200)
  @GoLive()
  async played(
    @CurrentUser() actor: SessionUser,
    @RowIdParam(SLOT_REQUEST_TEXTS.notFound) id: number,
    @Body(zodPipe(slotRequestPlayedSchema)) body: SlotRequestPlayed,
  ) {
    await this.requests.played(actor.id, id, body);
    return ok(null, 'Marked as played.');
  }

  @Post(':id/skip')
  @HttpCode(200)
  @GoLive()
  async skip(@CurrentUser() actor: SessionUser, @RowIdParam(SLOT_REQUEST_TEXTS.notFound) id: number) {
    const { refunded } = await this.requests.skip(actor.id, id);
    return ok({ refunded }, `Skipped; ${points(refunded)} refunded.`);
  }

  @Post('clear')
  @HttpCode(200)
  @GoLive()
  async clear(@CurrentUser() actor: SessionUser) {
    const result = await this.requests.clear(actor.id);
    return ok(result, `Queue cleared: ${result.requests} requests, ${points(result.refunded)} refunded.`);
  }
}
