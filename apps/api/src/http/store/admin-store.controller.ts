import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  adminRedemptionsQuerySchema,
  storeCodesUploadSchema,
  storeItemInputSchema,
  storeItemUpdateSchema,
  type AdminRedemptionsQuery,
} from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, paged, RowIdParam } from '@kickback/platform';
import { RedemptionFulfilmentService, AdminStoreService } from '@kickback/domain';
import { adminCatalogue } from '../admin-catalogue.controller';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/store-items')
export class AdminStoreItemsController extends adminCatalogue(AdminStoreService, {
  notFound: 'Item not found.',
  list: (store) => store.listItems(),
  create: { schema: storeItemInputSchema, run: (store, actorId, input) => store.createItem(actorId, input), done: 'Item created.' },
  update: {
    schema: storeItemUpdateSchema,
    run: (store, actorId, id, changes) => store.updateItem(actorId, id, changes),
    done: 'Item saved.',
  },
  remove: { run: (store, actorId, id) => store.removeItem(actorId, id), done: 'Item removed.' },
}) {
  @Get(':id/codes')
  async codes(@RowIdParam('Item not found.') id: number) {
    return ok(await this.service.listCodes(id));
  }

  @Post(':id/codes')
  async addCodes(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Item not found.') id: number,
    @Body(zodPipe(storeCodesUploadSchema)) body: { codes: string },
  ) {
    const result = await this.service.addCodes(user.id, id, body.codes);
    const parts = [`Added ${result.added} code${result.added === 1 ? '' : 's'}`];
    if (result.skipped) parts.push(`skipped ${result.skipped} duplicate${result.skipped === 1 ? '' : 's'}`);
    if (result.fulfilled) parts.push(`delivered ${result.fulfilled} waiting redemption${result.fulfilled === 1 ? '' : 's'}`);
    return ok(result, `${parts.join(', ')}.`);
  }

  @Delete(':id/codes/:codeId')
  async removeCode(
    @CurrentUser() user: SessionUser,
    @RowIdParam('Item not found.') id: number,
    @RowIdParam('Code not found.', 'codeId') codeId: number,
  ) {
    await this.service.removeCode(user.id, id, codeId);
    return ok(undefined, 'Code removed.');
  }
}

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/store-redemptions')
export class AdminStoreRedemptionsController {
  constructor(
    private readonly admin: AdminStoreService,
    private readonly fulfilment: RedemptionFulfilmentService,
  ) {}

  @Get()
  async list(@Query(zodPipe(adminRedemptionsQuerySchema)) query: AdminRedemptionsQuery) {
    const list = await this.admin.listRedemptions(query);
    return paged(list, { pending_total: list.pending_total });
  }

  @Post(':id/process')
  @HttpCode(200)
  async process(@CurrentUser() user: SessionUser, @RowIdParam('Item not found.') id: number) {
    await this.fulfilment.process(user.id, id);
    return ok(undefined, 'Redemption marked as processed.');
  }

  @Post(':id/refund')
  @HttpCode(200)
  async refund(@CurrentUser() user: SessionUser, @RowIdParam('Item not found.') id: number) {
    await this.fulfilment.refund(user.id, id);
    return ok(undefined, 'Redemption refunded.');
  }
}
