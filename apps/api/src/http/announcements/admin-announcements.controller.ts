import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  announcementHookCreateSchema,
  announcementHookUpdateSchema,
  type AnnouncementHookCreate,
  type AnnouncementHookUpdate,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, rowId, zodPipe, type SessionUser } from '@kickback/platform';
import { AnnouncementHooksService } from '@kickback/domain';

const HOOK = 'Announcement hook not found.';

/** The admin's Announcements section: Discord and signed webhooks, their delivery log and "Send test". */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/announcements')
export class AdminAnnouncementsController {
  constructor(private readonly hooks: AnnouncementHooksService) {}

  @Get()
  async list() {
    return ok(await this.hooks.list());
  }

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(announcementHookCreateSchema)) body: AnnouncementHookCreate) {
    return ok(await this.hooks.create(user.id, body), 'Hook added.');
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId(HOOK)) id: number,
    @Body(zodPipe(announcementHookUpdateSchema)) body: AnnouncementHookUpdate,
  ) {
    return ok(await this.hooks.update(user.id, id, body), 'Hook saved.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId(HOOK)) id: number) {
    await this.hooks.remove(user.id, id);
    return ok(null, 'Hook deleted.');
  }

  /** Accepted, not done: the worker sends it. */
  @Post(':id/test')
  @HttpCode(202)
  async test(@CurrentUser() user: SessionUser, @Param('id', rowId(HOOK)) id: number) {
    return ok(await this.hooks.sendTest(user.id, id), 'A test announcement is on its way; its result appears in the delivery log.');
  }

  /** The signing secret, shown only on this explicit (audited) request; the list carries a masked hint. */
  @Post(':id/signing-secret')
  @HttpCode(200)
  async revealSecret(@CurrentUser() user: SessionUser, @Param('id', rowId(HOOK)) id: number) {
    return ok(await this.hooks.revealSecret(user.id, id));
  }

  @Get(':id/deliveries')
  async deliveries(@Param('id', rowId(HOOK)) id: number) {
    return ok(await this.hooks.deliveries(id));
  }
}
