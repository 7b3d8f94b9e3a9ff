import { Module } from '@nestjs/common';
import { PayoutsModule } from '../payouts/payouts.module';
import { WinnersRepository } from './winners.repository';
import { WinnersService } from './winners.service';
import { WinnersPushHandler } from './winners-push.handler';

/** The winners ledger (Recent Winners) for the api and the worker; paying features import it. */
@Module({
  imports: [PayoutsModule],
  providers: [WinnersRepository, WinnersService, WinnersPushHandler],
  exports: [WinnersService],
})
export class WinnersModule {}
