import { Module } from '@nestjs/common';
import { SafetyModule } from '@kickback/domain';
import { GamblingContentGuard } from './gambling-content.guard';
import { ViewerSafetyReader } from './viewer-safety.reader';

/** The request-side reader of the viewer's standing, for every HTTP module that serves gambling content. */
@Module({
  imports: [SafetyModule],
  providers: [ViewerSafetyReader, GamblingContentGuard],
  exports: [SafetyModule, ViewerSafetyReader, GamblingContentGuard],
})
export class ViewerSafetyModule {}
