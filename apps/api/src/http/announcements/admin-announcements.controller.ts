import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { announcementHookCreateSchema, announcementHookUpdateSchema } from '@kickback/contracts';
import { CurrentUser, Roles, ok, type SessionUser, RowIdParam } from '@kickback/platform';
import { AnnouncementHooksService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

const HOOK = 'Announcement hook not found.';

/** The admin's Announcements section: Discord and signed webhooks, their delivery log and "Send test". */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/announcements')
export class AdminAnnouncementsController extends adminCatalogue(AnnouncementHooksService, {
  notFound: HOOK,
  list: (hooks) => hooks.list(),
  create: { schema: announcementHookCreateSchema, run: (hooks, actorId, input) => hooks.create(actorId, input), done: 'Hook added.' },
  update: {
    schema: announcementHookUpdateSchema,
    run: (hooks, actorId, id, changes) => hooks.update(actorId, id, changes),
    done: 'Hook saved.',
  },
  remove: { run: (hooks, actorId, id) => hooks.remove(actorId, id).then(() => null), done: 'Hook deleted.' },
}) {
  /** Accepted, not done: the worker sends it. */
  @Post(':id/test')
  @HttpCode(202)
  async test(@CurrentUser() user: SessionUser, @RowIdParam(HOOK) id: number) {
    return ok(await this.service.sendTest(user.id, id), 'A test announcement is on its way; its result appears in the delivery log.');
  }

  /** The signing secret, shown only on this explicit (audited) request; the list carries a masked hint. */
  @Post(':id/signing-secret')
  @HttpCode(200)
  async revealSecret(@CurrentUser() user: SessionUser, @RowIdParam(HOOK) id: number) {
    return ok(await this.service.revealSecret(user.id, id));
  }

  @Get(':id/deliveries')
  async deliveries(@RowIdParam(HOOK) id: number) {
    return ok(await this.service.deliveries(id));
  }
}
