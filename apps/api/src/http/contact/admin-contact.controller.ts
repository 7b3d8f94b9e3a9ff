import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  adminContactMessagesQuerySchema,
  contactStatusUpdateSchema,
  type AdminContactMessagesQuery,
  type ContactStatusUpdate,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { AdminContactService } from '@kickback/domain';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/contact-messages')
export class AdminContactMessagesController {
  constructor(private readonly admin: AdminContactService) {}

  @Get()
  async list(@Query(zodPipe(adminContactMessagesQuerySchema)) query: AdminContactMessagesQuery) {
    const list = await this.admin.list(query);
    return paged(list, { new_total: list.new_total });
  }

  @Post(':id/status')
  @HttpCode(200)
  async setStatus(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Message not found.') id: number,
    @Body(zodPipe(contactStatusUpdateSchema)) body: ContactStatusUpdate,
  ) {
    return ok(await this.admin.setStatus(user.id, id, body.status), 'Message status updated.');
  }
}
