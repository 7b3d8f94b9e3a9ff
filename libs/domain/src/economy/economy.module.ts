import { Module } from '@nestjs/common';
import { EconomyRepository } from './economy.repository';
import { EconomyService } from './economy.service';
import { PointsPushHandler } from './points-push.handler';
import { AdminPointsService } from './admin-points.service';

@Module({
  providers: [EconomyRepository, EconomyService, PointsPushHandler, AdminPointsService],
  exports: [EconomyService, AdminPointsService],
})
export class EconomyModule {}
