import { Module } from '@nestjs/common';
import { AdminSafetyController, AdminSafetyCountriesController } from './admin-safety.controller';
import { LiveSafetyController } from './live-safety.controller';
import { SafetyController } from './safety.controller';
import { ViewerSafetyModule } from './viewer-safety.module';

/** Safer gambling: the age gate, breaks, and the admin's settings, counts and records (docs/responsible-gambling.md). */
@Module({
  imports: [ViewerSafetyModule],
  controllers: [SafetyController, LiveSafetyController, AdminSafetyController, AdminSafetyCountriesController],
})
export class SafetyHttpModule {}
