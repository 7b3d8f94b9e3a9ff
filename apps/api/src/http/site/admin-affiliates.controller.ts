import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { affiliateInputSchema, affiliateReorderSchema, affiliateUpdateSchema, type AffiliateInput } from '@kickback/contracts';
import { CurrentUser, Roles, ok, zodPipe, type SessionUser, rowId } from '@kickback/platform';
import { AffiliatesService } from '@kickback/domain';

@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/affiliates')
export class AdminAffiliatesController {
  constructor(private readonly affiliates: AffiliatesService) {}

  @Get()
  async list() {
    return ok(await this.affiliates.listAdmin());
  }

  @Post()
  async create(@CurrentUser() user: SessionUser, @Body(zodPipe(affiliateInputSchema)) body: AffiliateInput) {
    return ok(await this.affiliates.create(user.id, body), 'Affiliate created.');
  }

  @Post('reorder')
  async reorder(@CurrentUser() user: SessionUser, @Body(zodPipe(affiliateReorderSchema)) body: { ids: number[] }) {
    return ok(await this.affiliates.reorder(user.id, body.ids), 'Order saved.');
  }

  @Put(':id')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('id', rowId('Affiliate not found.')) id: number,
    @Body(zodPipe(affiliateUpdateSchema)) body: Partial<AffiliateInput>,
  ) {
    return ok(await this.affiliates.update(user.id, id, body), 'Affiliate saved.');
  }

  @Delete(':id')
  async remove(@CurrentUser() user: SessionUser, @Param('id', rowId('Affiliate not found.')) id: number) {
    await this.affiliates.remove(user.id, id);
    return ok(undefined, 'Affiliate deleted.');
  }
}
