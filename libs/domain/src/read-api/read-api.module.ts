import { Module } from '@nestjs/common';
import { ReadApiTokensRepository } from './read-api-tokens.repository';
import { ReadApiTokensService } from './read-api-tokens.service';

@Module({
  providers: [ReadApiTokensRepository, ReadApiTokensService],
  exports: [ReadApiTokensService],
})
export class ReadApiModule {}
