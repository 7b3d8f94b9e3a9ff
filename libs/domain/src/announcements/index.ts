export * from './announcements.module';
export * from './announcement-jobs.module';
export * from './announcement-hooks.service';
export * from './announcement-sender.service';
export * from './announcement-raffle-start.service';
export * from './announcement-jobs';
export * from './webhook-signature';
export * from './announcement-secrets-rekey';
