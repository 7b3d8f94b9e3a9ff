import { Module } from '@nestjs/common';
import { WinnersRepository } from './winners.repository';
import { WinnersService } from './winners.service';
import { WinnersPushHandler } from './winners-push.handler';

/** The winners ledger (Recent Winners) for the api and the worker; paying features import it. */
@Module({
  providers: [WinnersRepository, WinnersService, WinnersPushHandler],
  exports: [WinnersService],
})
export class WinnersModule {}
