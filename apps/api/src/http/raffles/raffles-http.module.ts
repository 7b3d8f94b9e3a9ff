import { Module } from '@nestjs/common';
import { RafflesModule } from '@kickback/domain';
import { AdminRafflesController } from './admin-raffles.controller';
import { AdminRaffleTemplatesController } from './admin-raffle-templates.controller';
import { RafflesController } from './raffles.controller';
import { RafflesGateway } from './raffles.gateway';
import { RaffleEnterLimiter } from './raffle-enter-limiter';

/** Raffles over HTTP (member, public and admin routes) and the raffle page's socket entry. */
@Module({
  imports: [RafflesModule],
  controllers: [RafflesController, AdminRafflesController, AdminRaffleTemplatesController],
  providers: [RafflesGateway, RaffleEnterLimiter],
})
export class RafflesHttpModule {}
