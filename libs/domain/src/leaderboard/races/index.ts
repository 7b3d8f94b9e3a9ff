export * from './featured-race.service';
export * from './race-jobs';
export * from './race-refresh.service';
export * from './race-scheduler.service';
export * from './races-admin.service';
export * from './races-read.service';
export * from './races.module';
