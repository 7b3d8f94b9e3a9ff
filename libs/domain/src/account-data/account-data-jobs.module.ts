import { Module } from '@nestjs/common';
import { AccountDataModule } from './account-data.module';
import { AccountExportHandler } from './account-export.handler';

/** Worker-only: builds the archives members ask for. */
@Module({
  imports: [AccountDataModule],
  providers: [AccountExportHandler],
  exports: [AccountDataModule],
})
export class AccountDataJobsModule {}
