import { Module } from '@nestjs/common';
import { WinnersModule } from '@kickback/domain';
import { WinnersController } from './winners.controller';

/** Recent Winners over HTTP: the winners ledger every paying feature writes to. */
@Module({
  imports: [WinnersModule],
  controllers: [WinnersController],
})
export class WinnersHttpModule {}
