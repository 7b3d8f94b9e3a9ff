import { Module } from '@nestjs/common';
import { AgeGateService } from './age-gate.service';
import { MemberBreaksService } from './member-breaks.service';
import { SafetyAdminService } from './safety-admin.service';
import { SafetyRepository } from './safety.repository';
import { SafetyRulesService } from './safety-rules.service';
import { SafetyStatsService } from './safety-stats.service';
import { ViewerSafetyService } from './viewer-safety.service';

/** Safer gambling: the viewer's standing, the gate, breaks, the texts and help links (docs/responsible-gambling.md). */
@Module({
  providers: [
    SafetyRepository,
    SafetyRulesService,
    ViewerSafetyService,
    AgeGateService,
    MemberBreaksService,
    SafetyStatsService,
    SafetyAdminService,
  ],
  exports: [SafetyRulesService, ViewerSafetyService, AgeGateService, MemberBreaksService, SafetyStatsService, SafetyAdminService],
})
export class SafetyModule {}
