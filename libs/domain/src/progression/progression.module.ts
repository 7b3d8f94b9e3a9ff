import { Module } from '@nestjs/common';
import { AdminProgressionService } from './admin-progression.service';
import { ProgressionBackfillRepository } from './progression-backfill.repository';
import { ProgressionBackfillService } from './progression-backfill.service';
import { ProgressionEventsHandler } from './progression-events.handler';
import { ProgressionRankService } from './progression-rank.service';
import { ProgressionRepository } from './progression.repository';
import { ProgressionService } from './progression.service';

@Module({
  providers: [
    ProgressionRepository,
    ProgressionBackfillRepository,
    ProgressionRankService,
    ProgressionService,
    ProgressionBackfillService,
    AdminProgressionService,
    ProgressionEventsHandler,
  ],
  exports: [ProgressionService, ProgressionBackfillService, AdminProgressionService, ProgressionRankService],
})
export class ProgressionModule {}
