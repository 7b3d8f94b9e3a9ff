import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SLOT_TEXTS, slotCatalogueQuerySchema, type SlotCatalogueQuery } from '@kickback/contracts';
import { ok, paged, zodPipe, RowIdParam } from '@kickback/platform';
import { SlotCatalogueReadService } from '@kickback/domain';

/** The public slot catalogue with each slot's figures across the site's finished hunts. */
@ApiTags('slots')
@Controller('api/r/slots')
export class SlotsController {
  constructor(private readonly slots: SlotCatalogueReadService) {}

  @Get()
  async list(@Query(zodPipe(slotCatalogueQuerySchema)) query: SlotCatalogueQuery) {
    return paged(await this.slots.list(query));
  }

  @Get(':id')
  async get(@RowIdParam(SLOT_TEXTS.notFound) id: number) {
    return ok(await this.slots.get(id));
  }
}
