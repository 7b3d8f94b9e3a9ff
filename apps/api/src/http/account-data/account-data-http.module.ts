import { Module } from '@nestjs/common';
import { AccountDataModule } from '@kickback/domain';
import { AccountDataController } from './account-data.controller';

/** The member's data rights over HTTP (the worker builds the archives). */
@Module({
  imports: [AccountDataModule],
  controllers: [AccountDataController],
})
export class AccountDataHttpModule {}
