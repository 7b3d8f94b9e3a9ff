import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';

/** Liveness, readiness and Prometheus metrics of the api process. */
@Module({
  imports: [TerminusModule],
  controllers: [HealthController],
})
export class OpsModule {}
