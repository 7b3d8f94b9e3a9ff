export * from './contests.errors';
export * from './contests.service';
export * from './contest-templates.service';
export * from './contests.module';
export * from './contest-refund.scheduler';
export * from './contest-jobs.module';
