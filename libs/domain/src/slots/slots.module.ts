import { Module } from '@nestjs/common';
import { SlotFactsRepository } from './slot-facts.repository';
import { SlotCatalogueAdminService } from './slot-catalogue-admin.service';

/** The slot catalogue's facts: admin editing and file import (docs/slots.md). */
@Module({
  providers: [SlotFactsRepository, SlotCatalogueAdminService],
  exports: [SlotCatalogueAdminService],
})
export class SlotsModule {}
