import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { adminProviderCreateSchema, adminSlotCreateSchema, adminSlotSearchSchema, type AdminSlotCreate } from '@kickback/contracts';
import { CurrentUser, GoLive, Roles, ok, zodPipe, type SessionUser } from '@kickback/platform';
import { SlotCatalogueService } from '@kickback/domain';

/** The slot catalogue hunts are built from. */
@ApiTags('admin')
@Roles('Admin')
@Controller('api/admin/hunt-catalogue')
export class AdminHuntSlotsController {
  constructor(private readonly catalogue: SlotCatalogueService) {}

  @Get('slots')
  @GoLive()
  async search(@Query(zodPipe(adminSlotSearchSchema)) query: { search: string }) {
    return ok(await this.catalogue.search(query.search));
  }

  @Post('slots')
  async createSlot(@CurrentUser() user: SessionUser, @Body(zodPipe(adminSlotCreateSchema)) body: AdminSlotCreate) {
    return ok(await this.catalogue.createSlot(user.id, body), 'Slot added to the catalogue.');
  }

  @Get('providers')
  @GoLive()
  async providers() {
    return ok(await this.catalogue.providers());
  }

  @Post('providers')
  async createProvider(@CurrentUser() user: SessionUser, @Body(zodPipe(adminProviderCreateSchema)) body: { name: string }) {
    return ok(await this.catalogue.createProvider(user.id, body.name), 'Provider added.');
  }
}
