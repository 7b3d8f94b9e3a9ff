import { Module } from '@nestjs/common';
import { StorageModule } from '@kickback/platform';
import { IdentityModule } from '../identity/identity.module';
import { RafflesModule } from '../raffles/raffles.module';
import { WinnersModule } from '../winners/winners.module';
import { AccountDataRepository } from './account-data.repository';
import { AccountDeletionRaffles } from './account-deletion-raffles';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { AccountKickTracesRepository } from './account-kick-traces.repository';
import { KickTraceRedisScrubber } from './kick-trace-redis-scrubber';

/** Member data rights for the api: the archive's request and download, and account deletion. */
@Module({
  imports: [StorageModule, IdentityModule, WinnersModule, RafflesModule],
  providers: [
    AccountDataRepository,
    AccountExportService,
    AccountDeletionService,
    AccountDeletionRaffles,
    AccountKickTracesRepository,
    KickTraceRedisScrubber,
  ],
  exports: [AccountExportService, AccountDeletionService],
})
export class AccountDataModule {}
