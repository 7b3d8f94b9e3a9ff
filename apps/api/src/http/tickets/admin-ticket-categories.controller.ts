import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ticketCategoryInputSchema,
  ticketCategoryUpdateSchema,
  type TicketCategoryInput,
  type TicketCategoryUpdate,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { AdminTicketsService } from '@kickback/domain';
import { rowId } from '@kickback/platform';

/** Ticket categories are site configuration: admins only, every change audited. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/ticket-categories')
export class AdminTicketCategoriesController {
  constructor(private readonly admin: AdminTicketsService) {}

  @Get()
  async list() {
    return ok(await this.admin.categories());
  }

  @Post()
  @HttpCode(201)
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(ticketCategoryInputSchema)) body: TicketCategoryInput) {
    return ok(await this.admin.createCategory(user.id, body), 'Category created.');
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Category not found.')) id: number,
    @Body(zodPipe(ticketCategoryUpdateSchema)) body: TicketCategoryUpdate,
  ) {
    return ok(await this.admin.updateCategory(user.id, id, body), 'Category updated.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId('Category not found.')) id: number) {
    const result = await this.admin.deleteCategory(user.id, id);
    return ok(result, result.deleted ? 'Category deleted.' : 'Category is in use and was deactivated.');
  }
}
